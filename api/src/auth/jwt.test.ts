import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './jwt.js';

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
});
