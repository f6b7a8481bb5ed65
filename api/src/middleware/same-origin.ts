import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';
import { ApiError } from '../lib/errors.js';
import { requestHosts } from '../lib/net.js';
import type { AppEnv } from '../types.js';

/** Whether a browser's Origin is this app's own: a configured origin, or the host the request was sent to. */
export function originAllowed(origin: string, c: Context, config: Config): boolean {
  if (origin === 'null' || origin === '') return false;
  if (config.allowedOrigins.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  return requestHosts(c, config).includes(host);
}

/**
 * Refuses (403) a browser's request sent from another site to a call that acts on a cookie or starts a session:
 * SameSite keeps the cookie from most such requests, this from the rest (and from signing someone in to an account
 * another site chose). Calls without Origin (scripts, curl) pass, as they carry no one's cookie by accident.
 */
export function sameOriginOnly(config: Config): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('Origin');
    if (origin !== undefined && !originAllowed(origin, c, config)) throw new ApiError(403, 'Cross-origin request refused');
    if (c.req.header('Sec-Fetch-Site') === 'cross-site') throw new ApiError(403, 'Cross-origin request refused');
    await next();
  };
}
