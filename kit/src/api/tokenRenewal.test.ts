import { describe, expect, it, vi } from 'vitest';
import { RENEW_AHEAD_MS } from './tokenClaims';
import { tokenRenewal } from './tokenRenewal';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An access token as the API makes them: a JWT whose payload ends at `endsAt` (ms). */
const jwt = (endsAt: number, id = 'a') =>
  `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: id, iat: endsAt / 1000 - 900, exp: endsAt / 1000 })}.sig`;

describe('renewing the access token ahead of its end', () => {
  it('renews a token that ends within a minute, once, and leaves one with longer to go', async () => {
    const renewal = tokenRenewal(() => NOW);
    const refresh = vi.fn(async () => ({ kind: 'ok', token: jwt(NOW + 900_000, 'b') }));
    await renewal.ahead(jwt(NOW + RENEW_AHEAD_MS + 1000), refresh);
    expect(refresh).not.toHaveBeenCalled();
    const ending = jwt(NOW + 30_000);
    await renewal.ahead(ending, refresh);
    await renewal.ahead(ending, refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    // already ended (the tab slept): renewed too
    await renewal.ahead(jwt(NOW - 3_600_000, 'c'), refresh);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('makes calls that find a renewal under way wait for it, with one refresh between them', async () => {
    const renewal = tokenRenewal(() => NOW);
    let answer!: (outcome: { kind: string; token: string }) => void;
    const refresh = vi.fn(() => new Promise<{ kind: string; token: string }>((resolve) => (answer = resolve)));
    const ending = jwt(NOW + 10_000);
    let settled = 0;
    const calls = [renewal.ahead(ending, refresh), renewal.ahead(ending, refresh)].map((p) => p.then(() => settled++));
    await Promise.resolve();
    expect(settled).toBe(0);
    answer({ kind: 'ok', token: jwt(NOW + 900_000, 'b') });
    await Promise.all(calls);
    expect(settled).toBe(2);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('leaves tokens it cannot read, and none at all, to the 403 handling', async () => {
    const renewal = tokenRenewal(() => NOW);
    const refresh = vi.fn(async () => ({ kind: 'ok', token: 'x' }));
    for (const token of [null, 'opaque-token', 'a.b.c', `x.${b64url({ exp: 'soon' })}.y`]) await renewal.ahead(token, refresh);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('lets the call go on when the refresh fails or finds the session ended', async () => {
    const renewal = tokenRenewal(() => NOW);
    await expect(renewal.ahead(jwt(NOW), async () => ({ kind: 'ended' }))).resolves.toBeUndefined();
    await expect(renewal.ahead(jwt(NOW, 'b'), () => Promise.reject(new Error('offline')))).resolves.toBeUndefined();
  });

  it('stops when a fresh token already looks spent: this device’s clock is off', async () => {
    // the device's clock runs an hour ahead of the API's
    const renewal = tokenRenewal(() => NOW + 3_600_000);
    const refresh = vi.fn(async () => ({ kind: 'ok', token: jwt(NOW + 900_000, 'fresh') }));
    await renewal.ahead(jwt(NOW + 600_000), refresh);
    await renewal.ahead(jwt(NOW + 900_000, 'fresh'), refresh);
    await renewal.ahead(jwt(NOW + 900_000, 'later'), refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
