import { describe, expect, it } from 'vitest';
import { apiCacheName, dropApiCaches, isApiCache, userOfAuthorization } from './apiCaches';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const bearer = (payload: object) => `Bearer ${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJl`;

describe('API caches by person', () => {
  it("names each person's cache by the access token's subject", () => {
    const id = '0b7c4f1e-3d2a-4c59-9e8f-6a1b2c3d4e5f';
    expect(userOfAuthorization(bearer({ sub: id, sid: 's', role: 'USER' }))).toBe(id);
    expect(apiCacheName(id)).toBe(`weightwise-api:${id}`);
  });

  it('names none for a missing, malformed or subject-less token (nothing is kept then)', () => {
    for (const header of [null, '', 'Basic abc', 'Bearer not-a-jwt', 'Bearer a.!!!.c', bearer({ role: 'USER' }), bearer({ sub: 42 })])
      expect(userOfAuthorization(header), String(header)).toBeNull();
    expect(userOfAuthorization(bearer({ sub: '../other' }))).toBeNull();
  });

  it("drops other people's caches and the shared one of earlier builds; signing out drops them all", async () => {
    const names = new Set(['weightwise-api', 'weightwise-api:a', 'weightwise-api:b', 'weightwise-pages', 'weightwise-remotes']);
    const storage = { keys: async () => [...names], delete: async (n: string) => names.delete(n) } as unknown as CacheStorage;
    await dropApiCaches(storage, 'b');
    expect([...names]).toEqual(['weightwise-api:b', 'weightwise-pages', 'weightwise-remotes']);
    await dropApiCaches(storage);
    expect([...names]).toEqual(['weightwise-pages', 'weightwise-remotes']);
    expect(isApiCache('weightwise-apis')).toBe(false);
  });
});
