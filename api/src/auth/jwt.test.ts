import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, VERIFIED_TOKENS_MAX, verifiedTokenCount, verifyAccessToken } from './jwt.js';

const SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
const NOW = new Date('2026-11-21T12:00:00Z');
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('access tokens', () => {
  it("verify as signed, and not once any character is changed, the signature's spare bits included", async () => {
    const token = await signAccessToken(SECRET, { sub: 'u1', sid: 's1', role: 'USER' }, NOW);
    expect(await verifyAccessToken(SECRET, token, NOW)).toMatchObject({ sub: 'u1', sid: 's1', role: 'USER' });
    // a 32-byte signature takes 43 characters; the last one's two low bits carry nothing, so flipping them
    // decodes to the same bytes: such a token is altered all the same
    const last = token.at(-1)!;
    for (const bit of [1, 2]) {
      const altered = token.slice(0, -1) + B64URL[B64URL.indexOf(last) ^ bit];
      expect(altered).not.toBe(token);
      expect(Buffer.from(altered.split('.')[2]!, 'base64url')).toEqual(Buffer.from(token.split('.')[2]!, 'base64url'));
      expect(await verifyAccessToken(SECRET, altered, NOW)).toBeNull();
    }
    expect(await verifyAccessToken(SECRET, token.slice(0, -1) + (last === 'A' ? 'Q' : 'A'), NOW)).toBeNull();
  });

  it('a token checked once is remembered, yet refused once it expires, under another key, or before it was issued', async () => {
    const token = await signAccessToken(SECRET, { sub: 'u2', sid: 's2', role: 'ADMIN' }, NOW);
    expect(verifyAccessToken(SECRET, token, NOW)).toMatchObject({ sub: 'u2', sid: 's2', role: 'ADMIN' });
    const kept = verifiedTokenCount();
    // the second use is answered from memory, with the same claims
    expect(verifyAccessToken(SECRET, token, new Date(NOW.getTime() + 60_000))).toMatchObject({ sub: 'u2', sid: 's2' });
    expect(verifiedTokenCount()).toBe(kept);
    // the clock is still read on every use
    const expiry = new Date(NOW.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(verifyAccessToken(SECRET, token, expiry)).toBeNull();
    expect(verifyAccessToken(SECRET, token, new Date(NOW.getTime() - 61_000))).toBeNull();
    // remembered under the key that checked it: another key checks it in full and refuses it
    expect(verifyAccessToken('another-secret-0123456789abcdef0123456789', token, NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, token, NOW)).not.toBeNull();
  });

  it('remembers no token that failed, nor one already expired', async () => {
    const before = verifiedTokenCount();
    const token = await signAccessToken(SECRET, { sub: 'u3', sid: 's3', role: 'USER' }, NOW);
    expect(verifyAccessToken(SECRET, token.slice(0, -2) + 'AA', NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, `${token}x`, NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, token, new Date(NOW.getTime() + 3_600_000))).toBeNull();
    expect(verifiedTokenCount()).toBe(before);
  });

  it('remembers at most VERIFIED_TOKENS_MAX tokens: the expired go first, else all', async () => {
    const sign = (i: number, at: Date) => signAccessToken(SECRET, { sub: `u${i}`, sid: `s${i}`, role: 'USER' }, at);
    const tokens = await Promise.all(Array.from({ length: VERIFIED_TOKENS_MAX + 5 }, (_, i) => sign(i, NOW)));
    for (const t of tokens) expect(verifyAccessToken(SECRET, t, NOW)).not.toBeNull();
    expect(verifiedTokenCount()).toBeLessThanOrEqual(VERIFIED_TOKENS_MAX);
    // fill it up, then a token of a quarter of an hour later: every kept one has expired by then and goes
    for (const t of tokens) verifyAccessToken(SECRET, t, NOW);
    for (let i = 0; verifiedTokenCount() < VERIFIED_TOKENS_MAX; i++) verifyAccessToken(SECRET, await sign(100_000 + i, NOW), NOW);
    const later = new Date(NOW.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
    expect(verifyAccessToken(SECRET, await sign(-1, later), later)).not.toBeNull();
    expect(verifiedTokenCount()).toBe(1);
  });
});
