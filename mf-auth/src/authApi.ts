import { useCallback } from 'react';
import type { AuthorizationRedirect, ExternalSignInStart, IdentityProvider, PasswordResetDelivery, PendingSignIn } from '@app/contract';
import { api, type ApiExtraOptions, type AuthResponse } from '@app/kit';

export type { IdentityProvider, PendingSignIn } from '@app/contract';

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
    // signing in with an external provider: the start, then (maybe) the step the callback left waiting
    startExternalSignIn: build.mutation<AuthorizationRedirect, { provider: string } & ExternalSignInStart>({
      query: ({ provider, ...body }) => ({ url: `auth/external/${encodeURIComponent(provider)}/start`, method: 'POST', body }),
      extraOptions: AUTH_CALL,
    }),
    getPendingSignIn: build.query<PendingSignIn, void>({
      query: () => 'auth/external/pending',
      extraOptions: AUTH_CALL,
      keepUnusedDataFor: 0,
    }),
    linkPendingSignIn: build.mutation<AuthResponse, { password: string }>({
      query: (body) => ({ url: 'auth/external/pending/link', method: 'POST', body }),
      extraOptions: AUTH_CALL,
    }),
    completePendingSignIn: build.mutation<AuthResponse, { email: string }>({
      query: (body) => ({ url: 'auth/external/pending/email', method: 'POST', body }),
      extraOptions: AUTH_CALL,
    }),
    cancelPendingSignIn: build.mutation<void, void>({
      query: () => ({ url: 'auth/external/pending', method: 'DELETE' }),
      extraOptions: AUTH_CALL,
    }),
    getPasswordResetInfo: build.query<{ delivery: PasswordResetDelivery }, void>({
      query: () => 'auth/password-reset',
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
/** The configured providers (none while loading or when the server cannot say). */
export function useProviders(): IdentityProvider[] {
  const { data } = authApi.useGetProvidersQuery();
  return data?.providers ?? [];
}

/** Asks the server for its providers again: the list, or undefined when it cannot say. */
export function useReloadProviders(): () => Promise<IdentityProvider[] | undefined> {
  const { refetch } = authApi.useGetProvidersQuery();
  return useCallback(async () => {
    const result = await refetch();
    return result.isError ? undefined : result.data?.providers;
  }, [refetch]);
}

export function useStartExternalSignIn(): [(arg: { provider: string } & ExternalSignInStart) => Promise<AuthorizationRedirect>, boolean] {
  const [trigger, { isLoading }] = authApi.useStartExternalSignInMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}

/** The step a provider sign-in waits for (skipped until asked for). */
export function usePendingSignIn(skip: boolean): {
  pending: PendingSignIn | undefined;
  error: unknown;
  isLoading: boolean;
  refetch: () => void;
} {
  const { data, error, isLoading, refetch } = authApi.useGetPendingSignInQuery(undefined, { skip });
  return { pending: data, error, isLoading, refetch: () => void refetch() };
}

export function useLinkPendingSignIn(): [(body: { password: string }) => Promise<AuthResponse>, boolean] {
  const [trigger, { isLoading }] = authApi.useLinkPendingSignInMutation();
  return [useCallback((body) => trigger(body).unwrap(), [trigger]), isLoading];
}

export function useCompletePendingSignIn(): [(body: { email: string }) => Promise<AuthResponse>, boolean] {
  const [trigger, { isLoading }] = authApi.useCompletePendingSignInMutation();
  return [useCallback((body) => trigger(body).unwrap(), [trigger]), isLoading];
}

export function useCancelPendingSignIn(): () => Promise<void> {
  const [trigger] = authApi.useCancelPendingSignInMutation();
  return useCallback(() => trigger().unwrap(), [trigger]);
}

/** How this server delivers reset links (undefined while loading, or when it cannot say: e-mail is assumed). */
export function usePasswordResetDelivery(): PasswordResetDelivery | undefined {
  return authApi.useGetPasswordResetInfoQuery().data?.delivery;
}

export function useRequestPasswordReset(): [(body: { email: string }) => Promise<void>, boolean] {
  const [trigger, { isLoading }] = authApi.useRequestPasswordResetMutation();
  return [useCallback((body) => trigger(body).unwrap(), [trigger]), isLoading];
}

export function useConfirmPasswordReset(): [(body: { token: string; password: string }) => Promise<void>, boolean] {
  const [trigger, { isLoading }] = authApi.useConfirmPasswordResetMutation();
  return [useCallback((body) => trigger(body).unwrap(), [trigger]), isLoading];
}
