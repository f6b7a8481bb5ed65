import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../types.js';
import { verifyAccessToken } from '../auth/jwt.js';
import { isSessionActive } from '../auth/sessions.js';
import { forbidden, unauthorized } from '../lib/errors.js';

/**
 * Bearer authentication: no bearer token → 401; a bearer token that is malformed, tampered, signed with another
 * key or algorithm, expired, or whose session was revoked → 403 (the client then refreshes once and retries).
 */
export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization');
    const m = header ? /^Bearer[ ]+(\S+)\s*$/i.exec(header) : null;
    if (!m) throw unauthorized('Authentication required');
    const now = deps.clock.now();
    const claims = await verifyAccessToken(deps.config.jwtSecret, m[1]!, now);
    if (!claims) throw forbidden('Invalid or expired access token');
    if (!(await isSessionActive(deps.db, claims.sid, claims.sub, now))) throw forbidden('Session has ended');
    c.set('user', { id: claims.sub, sessionId: claims.sid, role: claims.role });
    await next();
  };
}
