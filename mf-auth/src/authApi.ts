import { useCallback } from 'react';
import { api, type ApiExtraOptions } from '@app/kit';

export interface IdentityProvider {
  id: string;
  name: string;
}

// Errors of these calls belong to the screen (no refresh, no redirect), like login's.
const AUTH_CALL: ApiExtraOptions = { skipAuthHandling: true };

/**
 * Calls only the auth screens make, injected into kit's one API slice from this remote
 * (RTK Query's code-splitting), so kit and the shell need no rebuild for them.
 */
const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProviders: build.query<{ providers: IdentityProvider[] }, void>({
      query: () => 'auth/providers',
      extraOptions: AUTH_CALL,
    }),
    requestPasswordReset: build.mutation<void, { email: string }>({
      query: (body) => ({ url: 'auth/password-reset/request', method: 'POST', body }),
      extraOptions: AUTH_CALL,
    }),
    confirmPasswordReset: build.mutation<void, { token: string; password: string }>({
      query: (body) => ({ url: 'auth/password-reset/confirm', method: 'POST', body }),
      extraOptions: AUTH_CALL,
    }),
  }),
});

// Wrapped with plain types: the generated hooks' types name kit internals and cannot be emitted.
/** Resolves with the configured providers; rejects with the failed call. */
export function useLoadProviders(): [() => Promise<IdentityProvider[]>, boolean] {
  const [trigger, { isFetching }] = authApi.useLazyGetProvidersQuery();
  const load = useCallback(async () => (await trigger(undefined, true).unwrap()).providers, [trigger]);
  return [load, isFetching];
}

export function useRequestPasswordReset(): [(body: { email: string }) => Promise<void>, boolean] {
  const [trigger, { isLoading }] = authApi.useRequestPasswordResetMutation();
  return [useCallback((body) => trigger(body).unwrap(), [trigger]), isLoading];
}

export function useConfirmPasswordReset(): [(body: { token: string; password: string }) => Promise<void>, boolean] {
  const [trigger, { isLoading }] = authApi.useConfirmPasswordResetMutation();
  return [useCallback((body) => trigger(body).unwrap(), [trigger]), isLoading];
}
