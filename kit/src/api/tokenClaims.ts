// Import-free: the page's first script (api/earlyReads.ts) reads tokens with it too.

/** A token that ends within this long is renewed before a call rather than after the 403 the call would earn. */
export const RENEW_AHEAD_MS = 60_000;

/** An access token's claims, read without checking the signature (the API checks that); null when unreadable. */
function claimsOf(token: string | null | undefined): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const payload = part.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '=')));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** When an access token ends (its `exp`, in ms), or null when it carries none that can be read. */
export function tokenEndsAt(token: string): number | null {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * Whose an access token is: its `sub`. A tab must know, because the refresh cookie is the browser's, not the tab's:
 * after someone else signs in in another tab, a refresh here answers with their token.
 */
export function tokenSubject(token: string | null | undefined): string | null {
  const sub = claimsOf(token)?.sub;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

/**
 * Whether a token may be taken as the signed-in person's: not when it names someone else. With nobody signed in yet
 * (a session being restored) any token is; one that names nobody is left for the API to judge.
 */
export function isTokenOf(token: string, userId: string | null | undefined): boolean {
  const subject = tokenSubject(token);
  return !userId || subject === null || subject === userId;
}
