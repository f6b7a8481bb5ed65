import { useCallback } from 'react';
import type { AuthorizationRedirect, LinkIdentity, SignInMethods } from '@app/contract';
import { api } from '@app/kit';

export type { LinkedIdentity, SignInMethods } from '@app/contract';

/**
 * Settings → Account's sign-in methods: the password and the linked providers. Injected into kit's one API slice from
 * this remote, as the Data tab's calls are.
 */
const signInApi = api.enhanceEndpoints({ addTagTypes: ['SignInMethods'] }).injectEndpoints({
  endpoints: (build) => ({
    getSignInMethods: build.query<SignInMethods, void>({ query: () => 'users/me/sign-in-methods', providesTags: ['SignInMethods'] }),
    linkProvider: build.mutation<AuthorizationRedirect, LinkIdentity>({
      query: (body) => ({ url: 'users/me/identities', method: 'POST', body }),
    }),
    unlinkProvider: build.mutation<void, string>({
      query: (provider) => ({ url: `users/me/identities/${encodeURIComponent(provider)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['SignInMethods']),
    }),
  }),
});

// Wrapped with plain types: the generated hooks' types name kit internals and cannot be emitted.
export function useSignInMethods(): { methods: SignInMethods | undefined; isError: boolean; refetch: () => void } {
  const { data, isError, refetch } = signInApi.useGetSignInMethodsQuery();
  return { methods: data, isError, refetch: () => void refetch() };
}

/** Whether the account has a password (an account made through a provider has none); true until known. */
export function useHasPassword(): boolean {
  const { data } = signInApi.useGetSignInMethodsQuery();
  return data?.password ?? true;
}

export function useLinkProvider(): [(body: LinkIdentity) => Promise<AuthorizationRedirect>, boolean] {
  const [trigger, { isLoading }] = signInApi.useLinkProviderMutation();
  return [useCallback((body) => trigger(body).unwrap(), [trigger]), isLoading];
}

export function useUnlinkProvider(): [(provider: string) => Promise<void>, boolean] {
  const [trigger, { isLoading }] = signInApi.useUnlinkProviderMutation();
  return [useCallback((provider) => trigger(provider).unwrap(), [trigger]), isLoading];
}
