import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import type { AppEnv, Deps } from '../types.js';
import { JSON_CT } from '../lib/respond.js';
import { isComplete, startResponseHeaders } from '../lib/response-headers.js';

/** Sent unless the route chose its own. */
const DEFAULT_HEADERS = Object.freeze({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

/**
 * Generates the request id (never taken from the client), sets the security headers on every response
 * (errors included) and writes one JSON log line per request with no query string, body, token or cookie.
 */
export function requestContext(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set('requestId', requestId);
    startResponseHeaders(c, { 'X-Request-Id': requestId, 'X-Content-Type-Options': 'nosniff' }, DEFAULT_HEADERS);
    await next();
    // an answer built with every header of this request (lib/response-headers.ts) is left as it is
    if (!isComplete(c.res)) {
      const h = c.res.headers;
      // c.res may be immutable (e.g. a fetched Response); clone headers when needed
      try {
        h.set('X-Request-Id', requestId);
      } catch {
        c.res = new Response(c.res.body, c.res);
      }
      const headers = c.res.headers;
      headers.set('X-Request-Id', requestId);
      headers.set('X-Content-Type-Options', 'nosniff');
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
      if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'no-referrer');
      headers.delete('X-Powered-By');
      const ct = headers.get('Content-Type');
      if (ct && /^application\/json\s*$/i.test(ct)) headers.set('Content-Type', JSON_CT);
    }
    // the matched route pattern (/api/weights/date/:date), never raw values; unknown paths are truncated
    const matched = c.req.routePath && c.req.routePath !== '/*' && c.req.routePath !== '*';
    const path = matched ? c.req.routePath : c.req.path.slice(0, 120);
    deps.log(c.res.status >= 500 ? 'error' : 'info', {
      msg: 'request',
      requestId,
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
