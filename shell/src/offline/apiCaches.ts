/**
 * The API answers the service worker keeps for reading offline belong to one person: each person's are in a cache
 * of their own, named by the signed-in user's id (the `sub` of the access token every API call carries). Another
 * person signing in on the same browser can never be shown them, and their sign-in drops them from this device.
 */

import { OFFLINE_USER_HEADER } from '@app/kit/early';

/** The caches of earlier builds, shared by everyone who signed in on the browser, are dropped with the others. */
const PREFIX = 'weightwise-api';

/** The cache of one person's API answers. */
export const apiCacheName = (userId: string): string => `${PREFIX}:${userId}`;

/** Whether a cache holds API answers (of anyone, or of the shared cache of earlier builds). */
export const isApiCache = (name: string): boolean => name === PREFIX || name.startsWith(`${PREFIX}:`);

/** The user id an `Authorization: Bearer <JWT>` header names (unverified: it only picks a cache), or null. */
export function userOfAuthorization(header: string | null): string | null {
  const token = /^Bearer ([\w-]+)\.([\w-]+)\.[\w-]+$/.exec(header ?? '');
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token[2]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' && /^[\w-]{1,64}$/.test(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}

/** Whose kept answers a read made while let in offline is after (kit's offline session), or null. */
export function userOfOfflineRead(request: Request): string | null {
  const id = request.headers.get(OFFLINE_USER_HEADER);
  return id && /^[\w-]{1,64}$/.test(id) && !request.headers.has('Authorization') ? id : null;
}

/**
 * A read answered from this device only: the person's kept copy, or 503 (nothing kept). It is never sent on: it
 * carries no credentials, and with the connection back the page restores the session and reads again with them.
 */
export async function keptAnswer(storage: CacheStorage, userId: string, request: Request): Promise<Response> {
  const kept = await (await storage.open(apiCacheName(userId))).match(request, { ignoreVary: true });
  return (
    kept ??
    new Response(JSON.stringify({ error: { message: 'Not available offline', details: [] } }), {
      status: 503,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    })
  );
}

/** Drops every cache of API answers but `keepUserId`'s (all of them when signing out). */
export async function dropApiCaches(storage: CacheStorage, keepUserId?: string): Promise<void> {
  const keep = keepUserId === undefined ? null : apiCacheName(keepUserId);
  const names = await storage.keys();
  await Promise.all(names.filter((n) => isApiCache(n) && n !== keep).map((n) => storage.delete(n)));
}
