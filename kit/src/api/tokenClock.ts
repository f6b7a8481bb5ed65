// Import-free: the page's first script (api/earlyReads.ts) reads tokens with it too.

/** A token that ends within this long is renewed before a call rather than after the 403 the call would earn. */
export const RENEW_AHEAD_MS = 60_000;

/** When an access token ends (its `exp`, in ms), or null when it carries none that can be read. */
export function tokenEndsAt(token: string): number | null {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}
