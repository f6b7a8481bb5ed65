import { describe, expect, it } from 'vitest';
import { OFFLINE_USER_HEADER } from '@app/kit/early';
import { apiCacheName, dropApiCaches, isApiCache, keptAnswer, userOfAuthorization, userOfOfflineRead } from './apiCaches';

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

  it('a read made while let in offline names whose copy it wants, only without a token and only a plain id', () => {
    const read = (headers: Record<string, string>) => new Request('http://localhost/api/weights/latest', { headers });
    expect(userOfOfflineRead(read({ [OFFLINE_USER_HEADER]: 'user-7' }))).toBe('user-7');
    expect(userOfOfflineRead(read({}))).toBeNull();
    expect(userOfOfflineRead(read({ [OFFLINE_USER_HEADER]: '../user-7' }))).toBeNull();
    expect(userOfOfflineRead(read({ [OFFLINE_USER_HEADER]: 'user-7', Authorization: bearer({ sub: 'user-8' }) }))).toBeNull();
  });

  it("answers it from that person's copy on the device, whatever the copy varied on, or 503 when none is kept", async () => {
    const kept = new Map<string, Map<string, Response>>([
      ['weightwise-api:user-7', new Map([['http://localhost/api/goal', new Response('{"goal":1}')]])],
    ]);
    const seen: Array<{ cache: string; ignoreVary?: boolean }> = [];
    const storage = {
      open: async (name: string) => ({
        match: async (request: Request, options?: CacheQueryOptions) => {
          seen.push({ cache: name, ignoreVary: options?.ignoreVary });
          return kept.get(name)?.get(request.url);
        },
      }),
    } as unknown as CacheStorage;
    const answer = await keptAnswer(storage, 'user-7', new Request('http://localhost/api/goal'));
    expect(await answer.text()).toBe('{"goal":1}');
    expect(seen).toEqual([{ cache: 'weightwise-api:user-7', ignoreVary: true }]);
    const none = await keptAnswer(storage, 'user-8', new Request('http://localhost/api/goal'));
    expect(none.status).toBe(503);
    expect(await none.json()).toEqual({ error: { message: 'Not available offline', details: [] } });
  });
});
