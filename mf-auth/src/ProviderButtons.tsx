import { useState } from 'react';
import { browserTimeZone, parseApiError, useLocation } from '@app/kit';
import { useProviders, useStartExternalSignIn } from './authApi';
import { AFTER_SIGN_IN, fromPathOf } from './navigation';

/**
 * "Continue with …", one button per provider the server offers, under an "or" divider; nothing at all when it
 * offers none. A click asks the API to start the sign-in (it keeps state, nonce and PKCE verifier) and opens the
 * provider; after it the user comes back to the sign-in screen, then to the page they came from.
 */
export function ProviderButtons({ remember, onError }: { remember: boolean; onError: (message: string | undefined) => void }) {
  const providers = useProviders();
  const location = useLocation();
  const [start] = useStartExternalSignIn();
  const [leaving, setLeaving] = useState<string | null>(null);
  if (providers.length === 0) return null;

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
