import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';

/** Content-hashed files never change under their name: cache them for a year. */
const HASHED = /\.[0-9a-f]{10}\.(js|css|png|jpe?g|webp|svg|gif|woff2?)$/;

export function cacheControlFor(path: string): string {
  return HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves a built `dist/` folder: precompressed `.br`/`.gz` siblings when the client accepts them,
 * long-lived caching for hashed assets, revalidation for everything else (index.html,
 * remoteEntry.js and mf-manifest.json must be re-read after a deploy).
 */
export function serveDist(root: string, opts: { stripPrefix?: string } = {}): MiddlewareHandler {
  const strip = opts.stripPrefix;
  const found = new WeakSet<Context>();
  const inner = serveStatic({
    root,
    precompressed: true,
    rewriteRequestPath: strip ? (p: string) => p.slice(strip.length) || '/' : undefined,
    // Called after the response exists, so headers are set on it below instead.
    onFound: (_path, c) => {
      found.add(c);
    },
  });
  return async (c, next) => {
    const res = await inner(c, next);
    if (res && found.has(c)) {
      res.headers.set('Cache-Control', cacheControlFor(c.req.path));
      res.headers.set('X-Content-Type-Options', 'nosniff');
      if (res.status === 200) {
        const tag = fileEtag(res.headers);
        if (tag) res.headers.set('ETag', tag);
        if (isFresh(c.req.header('If-None-Match'), c.req.header('If-Modified-Since'), tag, res.headers.get('Last-Modified'))) {
          await res.body?.cancel();
          return new Response(null, { status: 304, headers: notModifiedHeaders(res.headers) });
        }
      }
    }
    return res;
  };
}

/** A file's tag from what is served: its size, its modification time and its encoding (each form its own tag). */
export function fileEtag(headers: Headers): string | null {
  const length = headers.get('Content-Length');
  const modified = headers.get('Last-Modified');
  if (!length || !modified) return null;
  const encoding = headers.get('Content-Encoding');
  return `W/"${length}-${Date.parse(modified).toString(36)}${encoding ? `-${encoding}` : ''}"`;
}

/**
 * Whether the browser's copy is current: If-None-Match when it sent one (a weak comparison), else If-Modified-Since
 * at the second the file was last written. A redeployed remoteEntry.js, manifest or index.html is a new file: 200.
 */
export function isFresh(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  etag: string | null,
  lastModified: string | null,
): boolean {
  if (ifNoneMatch !== undefined) {
    if (!etag) return false;
    const opaque = (t: string) => t.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => opaque(t) === opaque(etag));
  }
  if (!ifModifiedSince || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified);
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
}

/** The headers a 304 keeps: the validators and the caching rules, nothing about a body. */
export function notModifiedHeaders(from: Headers): Headers {
  const out = new Headers();
  for (const name of ['ETag', 'Last-Modified', 'Cache-Control', 'Vary', 'Content-Location', 'X-Content-Type-Options']) {
    const value = from.get(name);
    if (value) out.set(name, value);
  }
  return out;
}
