import type { Context, MiddlewareHandler, Next } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv, Deps } from '../types.js';
import { users } from '../db/schema.js';
import { hasReplicas, isWrite, mayReadFromReplica, readingFrom } from '../db/replicas.js';
import { bearerToken, verifyAccessToken, type AccessClaims } from '../auth/jwt.js';
import { activeSessionUser } from '../auth/sessions.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { authenticateToken, TOKEN_PREFIX, tokenKey } from '../repositories/tokens.js';
import { announceDataChanged } from '../repositories/data-versions.js';

type FoundToken = NonNullable<Awaited<ReturnType<typeof authenticateToken>>>;

/** What a personal API token may never do, whatever its scope (method and path under /api). */
function tokenRefusal(method: string, path: string): string | null {
  if (/^\/api\/tokens(\/|$)/.test(path)) return 'API tokens cannot manage API tokens';
  if (/^\/api\/users\/me\/identities(\/|$)/.test(path)) return 'API tokens cannot connect or disconnect sign-in providers';
  if (path === '/api/users/me' && (method === 'PATCH' || method === 'DELETE'))
    return 'API tokens cannot change the profile, email or password, or delete the account';
  // the picture is part of the profile the user shows to themselves and, on a shared device, to others
  if (path === '/api/users/me/avatar' && method !== 'GET' && method !== 'HEAD') return 'API tokens cannot change the profile picture';
  return null;
}

/**
 * Bearer authentication: no bearer token → 401; a bearer token that is malformed, tampered, signed with another
 * key or algorithm, expired, or whose session was revoked → 403 (the client then refreshes once and retries).
 * A personal API token (`wt_…`) is looked up by its hash; unknown or revoked → 403 as well, and its scope is enforced.
 * Each person's requests take turns (lib/user-turns.ts) before anything is asked of the database; an API token is
 * first looked up a few requests of it at a time, then its request joins its person's line.
 */
export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization');
    const bearer = bearerToken(header);
    if (!bearer) throw unauthorized('Authentication required');
    const now = deps.clock.now();
    const signal = c.req.raw.signal;
    if (bearer.startsWith(TOKEN_PREFIX)) {
      const token = bearer;
      // a few lookups of one token at a time; then the request takes its turn in its person's one line, sessions' too
      const found = await deps.userTurns.run(`token:${tokenKey(token)}`, () => authenticateToken(deps.db, token, now), signal);
      if (!found) throw forbidden('Invalid or revoked API token');
      return deps.userTurns.run(
        `user:${found.userId}`,
        // a request that waited its turn asks again: the token may have been revoked meanwhile
        async (waited) => {
          const current = waited ? await authenticateToken(deps.db, token, deps.clock.now()) : found;
          if (!current) throw forbidden('Invalid or revoked API token');
          return withApiToken(deps, c, current, now, next);
        },
        signal,
      );
    }
    const claims = verifyAccessToken(deps.config.jwtSecret, bearer, now);
    if (!claims) throw forbidden('Invalid or expired access token');
    // the session is looked up in the person's turn: a flood of one person's requests waits on itself
    return deps.userTurns.run(`user:${claims.sub}`, () => withSession(deps, c, claims, now, next), signal);
  };
}

/** A personal API token's request (the token found by its hash): its scope and its refusals enforced. */
async function withApiToken(deps: Deps, c: Context<AppEnv>, p: FoundToken, now: Date, next: Next): Promise<void> {
  const refusal = tokenRefusal(c.req.method, c.req.path);
  if (refusal) throw forbidden(refusal);
  if (p.scope === 'read' && c.req.method !== 'GET' && c.req.method !== 'HEAD') throw forbidden('This token is read-only');
  c.set('user', { id: p.userId, sessionId: '', role: p.role, apiToken: { id: p.tokenId, scope: p.scope }, dataVersion: p.dataVersion });
  return forgettingWrites(deps, c, p.userId, () => withReadRoute(deps, c, p.userId, p.writtenAt, now, next));
}

/** A signed-in session's request: the session still open (kept a while by the session cache), its user's row. */
async function withSession(deps: Deps, c: Context<AppEnv>, claims: AccessClaims, now: Date, next: Next): Promise<void> {
  const cache = deps.sessionCache;
  let row = cache?.get(claims.sid, claims.sub, now, isWrite(c.req.method) ? 'row' : 'row+version');
  if (!row) {
    const ticket = cache?.ticket(claims.sub);
    const found = await activeSessionUser(deps.db, claims.sid, claims.sub, now);
    if (!found) throw forbidden('Session has ended');
    row = found.user;
    if (ticket) cache!.set(ticket, claims.sid, row, found.expiresAt, now);
  }
  c.set('user', { id: claims.sub, sessionId: claims.sid, role: claims.role, dataVersion: row.dataVersion, row });
  const writtenAt = row.writtenAt;
  return forgettingWrites(deps, c, claims.sub, () => withReadRoute(deps, c, claims.sub, writtenAt, now, next));
}

/** The writes that change only the user's entries (saves, deletions, imports): their session and row stand. */
const DATA_WRITES = /^\/api\/(weights|imports)(\/|$)/;

/**
 * Whatever a write changed is read again by this process's next request of the user before the answer leaves: the
 * whole session for a change of profile, password or sessions (the database tells the other processes at its
 * commit), only the data version for a change of entries (this process tells the others, after the commit).
 */
async function forgettingWrites(deps: Deps, c: Context<AppEnv>, userId: string, run: () => Promise<void>): Promise<void> {
  const cache = deps.sessionCache;
  if (!cache || !isWrite(c.req.method)) return run();
  try {
    return await run();
  } finally {
    if (!DATA_WRITES.test(c.req.path)) cache.forgetUser(userId);
    else {
      cache.forgetDataVersion(userId);
      await announceDataChanged(deps.db, userId).catch((err: unknown) =>
        // the change itself is made: other processes' kept versions expire within the session cache's lifetime
        deps.log('warn', { msg: 'change notice not sent', code: String((err as { code?: unknown }).code ?? '') }),
      );
    }
  }
}

/**
 * With read replicas: the rest of the request reads from a replica when mayReadFromReplica allows it, and a write
 * that succeeded moves the user's written_at before the client has the answer, so their next reads, on any API
 * process, go to the primary until every replica surely has the change.
 */
async function withReadRoute(
  deps: Deps,
  c: Context<AppEnv>,
  userId: string,
  writtenAt: Date,
  now: Date,
  next: () => Promise<void>,
): Promise<void> {
  if (!hasReplicas(deps.db)) return next();
  await readingFrom(mayReadFromReplica({ method: c.req.method, writtenAt, now }), next);
  if (!isWrite(c.req.method) || c.res.status >= 400) return;
  try {
    await deps.db.update(users).set({ writtenAt: now }).where(eq(users.id, userId));
  } catch (err) {
    // the change itself is made: at worst the next read may come from a replica a moment behind
    deps.log('warn', { msg: 'written_at not updated', code: String((err as { code?: unknown }).code ?? '') });
  }
}
