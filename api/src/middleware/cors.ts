import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.js';
import { isComplete, responseHeadersOf } from '../lib/response-headers.js';

const EXPOSED = 'Retry-After, X-Request-Id';
/** Every method a route has (PUT: the reminders). */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** What the app's client sends: its token, JSON, and the tag of the copy it holds (conditional reads). */
const ALLOWED_HEADERS = 'Authorization, Content-Type, If-None-Match';

/** CORS only for configured origins; never reflects an unknown origin or `null`. */
export function cors(allowedOrigins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header('Origin');
    const ok = !!origin && origin !== 'null' && allowed.has(origin);
    if (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method')) {
      const res = new Response(null, { status: 204 });
      res.headers.set('Vary', 'Origin');
      if (ok) {
        res.headers.set('Access-Control-Allow-Origin', origin);
        res.headers.set('Access-Control-Allow-Credentials', 'true');
        res.headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
        res.headers.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        res.headers.set('Access-Control-Max-Age', '600');
      }
      c.res = res;
      return;
    }
    // given to the answers built with every header of the request; set on any other afterwards
    const h = responseHeadersOf(c);
    if (h) {
      h.vary.push('Origin');
      if (ok) {
        h.fixed['Access-Control-Allow-Origin'] = origin;
        h.fixed['Access-Control-Allow-Credentials'] = 'true';
        h.fixed['Access-Control-Expose-Headers'] = EXPOSED;
      }
    }
    await next();
    if (isComplete(c.res)) return;
    c.res.headers.append('Vary', 'Origin');
    if (ok) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Allow-Credentials', 'true');
      c.res.headers.set('Access-Control-Expose-Headers', EXPOSED);
    }
  };
}
