import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.js';
import type { ReadCache } from './read-cache.js';
import { sendJson } from './respond.js';
import { isComplete } from './response-headers.js';

/**
 * The ETag of a read of the user's weight data: their data version (which moves with every change to their entries)
 * and the read itself (path and query) with the user, so one user's tag never matches another user's read.
 */
export function dataEtag(userId: string, dataVersion: number, pathAndQuery: string): string {
  const read = createHash('sha256').update(userId).update('\0').update(pathAndQuery).digest('base64url').slice(0, 22);
  return `W/"${dataVersion}-${read}"`;
}

/**
 * True when an If-None-Match header names this tag (weak comparison, lists understood). `*` matches nothing here: the
 * tag is checked before the route has looked at its parameters or found the data, so `*` would answer 304 for a read
 * that is malformed (400, 422) or names nothing (404); only a tag this read was given can.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Conditional reads of the user's weight data: a client that already holds this answer gets 304 and no rows (the
 * data is not even read); an answer kept in the read cache under this tag is sent without a query; any other answer
 * carries the tag and is kept. The version is read with the session, before the data, so a tag can only ever be
 * older than its data: it never makes a client, or the cache, keep a stale answer.
 */
export function conditionalRead(cache: ReadCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    const url = new URL(c.req.url);
    const etag = dataEtag(user.id, user.dataVersion, url.pathname + url.search);
    if (matchesIfNoneMatch(c.req.header('If-None-Match'), etag)) {
      return c.body(null, 304, { ETag: etag });
    }
    c.set('read', { key: etag, cache });
    const kept = cache.get(etag);
    if (kept) {
      c.res = await sendJson(c, kept);
    } else {
      await next();
    }
    // sendJson's answers carry the tag already
    if (c.res.status === 200 && !isComplete(c.res)) c.res.headers.set('ETag', etag);
  };
}
