import { describe, expect, it } from 'vitest';
import { isTokenOf, tokenSubject } from './tokenClaims';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;

describe('tokenSubject', () => {
  it('reads whose a token is, from its sub claim (base64url, unpadded)', () => {
    expect(tokenSubject(token({ sub: 'c0ffee00-0000-4000-8000-000000000001', sid: 's', role: 'USER' }))).toBe(
      'c0ffee00-0000-4000-8000-000000000001',
    );
    // a payload whose base64 needs padding back and holds - and _ where base64 has + and /
    const odd = token({ sub: 'a?>>b', x: '~~~?' });
    expect(odd.split('.')[1]).toMatch(/[-_]/);
    expect(tokenSubject(odd)).toBe('a?>>b');
  });

  it('is null for what is not a readable token', () => {
    for (const t of [null, undefined, '', 'abc', 'a.%%%.c', `a.${b64url({ sub: 42 })}.c`, `a.${b64url({})}.c`])
      expect(tokenSubject(t)).toBeNull();
  });

  it("tells a token that is someone else's", () => {
    const mine = token({ sub: 'user-a' });
    expect(isTokenOf(mine, 'user-a')).toBe(true);
    expect(isTokenOf(mine, 'user-b')).toBe(false);
    // one that names nobody is the API's to judge
    expect(isTokenOf('not-a-token', 'user-a')).toBe(true);
    // nobody signed in yet: a restore takes whoever the cookie is
    expect(isTokenOf(mine, null)).toBe(true);
  });
});
