/**
 * The API answers the service worker keeps for reading offline belong to one person: each person's are in a cache
 * of their own, named by the signed-in user's id (the `sub` of the access token every API call carries). Another
 * person signing in on the same browser can never be shown them, and their sign-in drops them from this device.
 */

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

/** Drops every cache of API answers but `keepUserId`'s (all of them when signing out). */
export async function dropApiCaches(storage: CacheStorage, keepUserId?: string): Promise<void> {
  const keep = keepUserId === undefined ? null : apiCacheName(keepUserId);
  const names = await storage.keys();
  await Promise.all(names.filter((n) => isApiCache(n) && n !== keep).map((n) => storage.delete(n)));
}
