import { useState } from 'react';
import { browserTimeZone, parseApiError, showToast, useAppDispatch, useLocation } from '@app/kit';
import { useProviders, useReloadProviders, useStartExternalSignIn } from './authApi';
import { AFTER_SIGN_IN, fromPathOf } from './navigation';

export const NO_PROVIDER_LABEL = 'Continue with an identity provider';
export const NO_PROVIDER_MESSAGE = 'No identity provider is set up on this server yet. Use your email and password.';
export const PROVIDERS_UNREACHABLE_MESSAGE = 'The server could not be reached. Please try again.';

/**
 * "Continue with …", one button per provider the server offers, under an "or" divider. Sign In and Sign Up always
 * offer signing in with an identity provider: on a server with none set up, one button says so when pressed instead
 * of doing nothing (see NoProviderButton). A click asks the API to start the sign-in (it keeps state, nonce and PKCE
 * verifier) and opens the provider; after it the user comes back to the sign-in screen, then to the page they came
 * from.
 */
export function ProviderButtons({ remember, onError }: { remember: boolean; onError: (message: string | undefined) => void }) {
  const providers = useProviders();
  const location = useLocation();
  const [start] = useStartExternalSignIn();
  const [leaving, setLeaving] = useState<string | null>(null);

  const go = async (provider: { id: string; name: string }) => {
    onError(undefined);
    setLeaving(provider.id);
    try {
      const timeZone = browserTimeZone();
      const { authorizationUrl } = await start({
        provider: provider.id,
        returnTo: fromPathOf(location.state) ?? AFTER_SIGN_IN,
        ...(remember && { remember: true }),
        ...(timeZone ? { timeZone } : {}),
      });
      window.location.assign(authorizationUrl);
    } catch (error) {
      setLeaving(null);
      const parsed = parseApiError(error);
      onError(parsed.general ?? parsed.message);
    }
  };

  return (
    <>
      <div className="auth-divider">
        <span>or</span>
      </div>
      <div className="auth-providers">
        {providers.length === 0 && <NoProviderButton />}
        {providers.map((p) => (
          <button
            key={p.id}
            type="button"
            className="button auth-provider"
            onClick={() => void go(p)}
            disabled={leaving !== null}
            aria-busy={leaving === p.id || undefined}
          >
            <span className="auth-provider-icon" aria-hidden="true">
              {p.name.charAt(0).toUpperCase()}
            </span>
            {leaving === p.id ? `Opening ${p.name}...` : `Continue with ${p.name}`}
          </button>
        ))}
      </div>
    </>
  );
}

/**
 * The identity-provider button of a server with none set up (or whose list has not come): pressing it asks the server
 * again, and says in a toast that none is set up, or that the server could not be reached. Once the list names
 * providers, their own buttons take its place.
 */
function NoProviderButton() {
  const dispatch = useAppDispatch();
  const reload = useReloadProviders();
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    setAsking(true);
    const providers = await reload();
    setAsking(false);
    if (!providers) dispatch(showToast(PROVIDERS_UNREACHABLE_MESSAGE, 'error'));
    else if (providers.length === 0) dispatch(showToast(NO_PROVIDER_MESSAGE, 'info'));
  };
  return (
    <button type="button" className="button auth-provider" onClick={() => void ask()} aria-busy={asking || undefined}>
      {NO_PROVIDER_LABEL}
    </button>
  );
}
