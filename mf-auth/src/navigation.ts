export const AFTER_SIGN_IN = '/dashboard/overview';

/**
 * The page the user was sent away from (router state `{ from }`), if it is a path inside this app;
 * never another origin ('//evil.example') and never back to the auth screens themselves.
 */
export function fromPathOf(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return undefined;
  if (/^\/(login|register|forgot-password|reset-password)(\/|\?|#|$)/.test(from)) return undefined;
  return from;
}

/** The router state to hand on between Sign In and Sign Up, so either one still returns to where the user came from. */
export function carriedState(state: unknown): { from: string } | undefined {
  const from = fromPathOf(state);
  return from ? { from } : undefined;
}
