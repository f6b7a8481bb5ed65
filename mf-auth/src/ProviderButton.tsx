import { showToast, useAppDispatch } from '@app/kit';
import { useLoadProviders } from './authApi';

export const GOOGLE_NOT_CONFIGURED = 'Sign-in with Google is not configured on this server';
export const GOOGLE_NOT_AVAILABLE = 'Sign-in with Google is not available yet';

/**
 * The external identity provider button. The server lists configured providers; with none
 * the button says so in a toast instead of doing nothing. The OAuth flow itself is not built yet.
 */
export function ProviderButton() {
  const dispatch = useAppDispatch();
  const [loadProviders, isFetching] = useLoadProviders();

  async function onClick() {
    let configured = false;
    try {
      const providers = await loadProviders();
      configured = providers.some((p) => p.id === 'google');
    } catch {
      /* an unreachable server has no provider either */
    }
    dispatch(showToast(configured ? GOOGLE_NOT_AVAILABLE : GOOGLE_NOT_CONFIGURED, 'info'));
  }

  return (
    <button type="button" className="button auth-provider" onClick={onClick} disabled={isFetching}>
      <span className="auth-provider-icon" aria-hidden="true">
        G
      </span>
      Continue with Google
    </button>
  );
}
