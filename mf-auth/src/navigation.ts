export const AFTER_SIGN_IN = '/dashboard/overview';

const HERE = 'http://app.invalid';

/**
 * The page the user was sent away from (router state `{ from }`, or a provider sign-in's `next`), if it is a path
 * inside this app; never another origin ('//evil.example', nor '/\t/evil.example', which the URL parser reads as
 * '//evil.example') and never back to the auth screens themselves. The path is given back as the parser reads it.
 */
export function fromPathOf(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(from, HERE);
  } catch {
    return undefined;
  }
  if (url.origin !== HERE) return undefined;
  const path = url.pathname + url.search + url.hash;
  if (/^\/(login|register|forgot-password|reset-password)(\/|\?|#|$)/.test(path)) return undefined;
  return path;
}

/** The router state to hand on between Sign In and Sign Up, so either one still returns to where the user came from. */
export function carriedState(state: unknown): { from: string } | undefined {
  const from = fromPathOf(state);
  return from ? { from } : undefined;
}
