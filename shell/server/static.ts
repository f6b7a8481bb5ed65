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
    }
    return res;
  };
}
