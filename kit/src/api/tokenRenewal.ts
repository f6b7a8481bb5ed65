import { RENEW_AHEAD_MS, tokenEndsAt } from './tokenClaims';

/**
 * Renewal ahead of expiry. A tab that comes back after a pause holds a token that has run out: renewed first, the next
 * call goes out once with a fresh token, instead of earning a 403 (an error in the browser's console), then a refresh,
 * then going out again. Each token is renewed ahead at most once, and calls that find a renewal under way wait for it;
 * whatever it answers, the call is then sent and the usual 403 handling decides. The token's end is read by this
 * device's clock: when a token fresh from the API already looks spent, the clock is off and renewing ahead stops
 * (else every call would renew first).
 */
export function tokenRenewal(now: () => number = Date.now) {
  let clockOff = false;
  let renewedFor: string | null = null;
  let renewing: Promise<unknown> | null = null;
  return {
    /** Resolves once `token` is fit to send, or once `refresh` has stored a fresher one. */
    async ahead(token: string | null, refresh: () => Promise<{ kind: string; token?: string }>): Promise<void> {
      if (!token || clockOff) return;
      const end = tokenEndsAt(token);
      if (end === null || end - now() > RENEW_AHEAD_MS) return;
      if (renewedFor === token) {
        await renewing;
        return;
      }
      renewedFor = token;
      renewing = refresh().then(
        (outcome) => {
          const fresh = outcome.kind === 'ok' && outcome.token ? tokenEndsAt(outcome.token) : null;
          if (fresh !== null && fresh - now() <= RENEW_AHEAD_MS) clockOff = true;
        },
        () => undefined,
      );
      await renewing;
    },
  };
}
