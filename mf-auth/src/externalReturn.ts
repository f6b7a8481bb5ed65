import type { ExternalSignInError } from '@app/contract';

/** What a person reads when a provider sign-in ended without one (`/login?signin_error=…&provider=…`). */
export function externalSignInMessage(error: ExternalSignInError | string, name: string): string {
  switch (error) {
    case 'denied':
      return `Signing in with ${name} was cancelled, so nothing was created. Try again, or sign in with your password.`;
    case 'expired':
      return `That sign-in with ${name} expired or was already used. Start again.`;
    case 'unavailable':
      return `${name} could not be reached. Try again in a moment, or sign in with your password.`;
    case 'taken':
      return `That ${name} account is already connected to another account here.`;
    case 'unknown':
      return 'That sign-in provider is not configured on this server.';
    default:
      return `Signing in with ${name} failed: its answer could not be verified. Nothing was created; try again.`;
  }
}

/** What the callback's redirect to /login says: signed in (take the session), a step waiting, or a failure. */
export type ExternalReturn =
  | { kind: 'signed-in'; provider: string; next: string | undefined; remember: boolean }
  | { kind: 'pending' }
  | { kind: 'error'; error: string; provider: string }
  | { kind: 'none' };

export function readExternalReturn(search: string): ExternalReturn {
  const q = new URLSearchParams(search);
  const error = q.get('signin_error');
  if (error) return { kind: 'error', error, provider: q.get('provider') ?? '' };
  const signin = q.get('signin');
  if (signin === 'pending') return { kind: 'pending' };
  if (signin) return { kind: 'signed-in', provider: signin, next: q.get('next') ?? undefined, remember: q.get('remember') === '1' };
  return { kind: 'none' };
}
