import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import type { AppEnv, Deps } from '../types.js';
import { AccessTokenSchema, AuthResponseSchema, LoginSchema, normalizeEmail, RegisterSchema } from '@app/contract';
import { busy, errors } from '../schemas/common.js';
import { jsonBody } from '../middleware/json-body.js';
import { sameOriginOnly } from '../middleware/same-origin.js';
import { unauthorized, validationError } from '../lib/errors.js';
import { checkPasswordInTurn, hashPasswordInTurn, isCommonPassword } from '../auth/password.js';
import { createSession, deleteExpiredSessions, invalidateSession, invalidateUserSession, validateSessionToken } from '../auth/sessions.js';
import { bearerToken, sessionOfAccessToken, signAccessToken } from '../auth/jwt.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../auth/cookie.js';
import { giveBackIfBusy, loginChecks, registerEmailKey, reserveAttempt, reserveLoginAttempt } from '../auth/rate-limit.js';
import { findUserByEmail, findUserById, insertUser, toUserDto } from '../repositories/users.js';
import { clientNetwork } from '../lib/net.js';
import { validationHook } from '../lib/validation.js';

export const COMMON_PASSWORD_ISSUE = 'This password is too common. Choose a less guessable one.';
const EMAIL_TAKEN = 'Email has already been taken';
const BAD_CREDENTIALS = [{ field: 'general', issue: 'Email or password is incorrect' }];

export function authRoutes(deps: Deps) {
  const { db, config, clock } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const json = jsonBody(config);
  const sameOrigin = sameOriginOnly(config);

  const register = createRoute({
    method: 'post',
    path: '/auth/register',
    operationId: 'register',
    // public: no bearer token
    security: [],
    tags: ['auth'],
    summary: 'Create an account',
    description: 'Creates the user, starts a refresh session (browser-session cookie) and returns an access token.',
    middleware: [sameOrigin, json] as const,
    request: { body: { content: { 'application/json': { schema: RegisterSchema } }, required: true } },
    responses: {
      201: { content: { 'application/json': { schema: AuthResponseSchema } }, description: 'Created; sets the refresh cookie' },
      400: errors[400],
      403: errors[403],
      413: errors[413],
      415: errors[415],
      422: errors[422],
      429: errors[429],
      503: busy,
    },
  });
  app.openapi(register, async (c) => {
    const body = c.req.valid('json');
    const now = clock.now();
    const email = normalizeEmail(body.email);
    const ip = clientNetwork(c, config);
    const emailKey = registerEmailKey(email);
    const attempt = await reserveAttempt(
      db,
      [
        { key: `register:ip:${ip}`, rule: config.rateLimits.registerPerIp },
        { key: emailKey, rule: config.rateLimits.registerPerEmail },
      ],
      now,
    );
    // a sign-up refused for its password or for an address already taken made no account: the address gets its attempt
    // back (else refusals from anywhere would lock its owner out of signing up), the client network keeps it
    const refused = async (field: 'password' | 'email', issue: string) => {
      await attempt.giveBack([emailKey]);
      return validationError([{ field, issue }]);
    };
    if (isCommonPassword(body.password)) throw await refused('password', COMMON_PASSWORD_ISSUE);
    if (await findUserByEmail(db, email)) throw await refused('email', EMAIL_TAKEN);
    const passwordHash = await hashPasswordInTurn(deps, body.password).catch(giveBackIfBusy(attempt));
    const user = await insertUser(db, {
      id: randomUUID(),
      email,
      passwordHash,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      timeZone: body.timeZone,
      now,
    });
    if (!user) throw await refused('email', EMAIL_TAKEN);
    const { token, session } = await createSession(db, user.id, false, now);
    setRefreshCookie(c, config, token, session, now);
    const accessToken = await signAccessToken(config.jwtSecret, { sub: user.id, sid: session.id, role: user.role }, now);
    return c.json({ accessToken, ...toUserDto(user) }, 201);
  });

  const login = createRoute({
    method: 'post',
    path: '/auth/login',
    operationId: 'login',
    // public: no bearer token
    security: [],
    tags: ['auth'],
    summary: 'Log in',
    description:
      'Starts a new refresh session. With remember=true the refresh cookie is persistent, otherwise a browser-session cookie. ' +
      'Unknown email and wrong password answer alike (401, general).',
    middleware: [sameOrigin, json] as const,
    request: { body: { content: { 'application/json': { schema: LoginSchema } }, required: true } },
    responses: {
      200: { content: { 'application/json': { schema: AuthResponseSchema } }, description: 'Logged in; sets the refresh cookie' },
      400: errors[400],
      401: errors[401],
      403: errors[403],
      413: errors[413],
      415: errors[415],
      422: errors[422],
      429: errors[429],
      503: busy,
    },
  });
  app.openapi(login, async (c) => {
    const body = c.req.valid('json');
    const email = normalizeEmail(body.email);
    // the attempt is counted (loginChecks) before any password is hashed, so parallel guesses cannot slip past the
    // limits; a success forgets the failures from this network, a failure does not count as a success
    const attempt = await reserveLoginAttempt(db, loginChecks(c, config, email), () => clock.now(), c.req.raw.signal);
    const user = await (async () => {
      const found = await findUserByEmail(db, email);
      // always one argon2 verification, so unknown emails take as long as wrong passwords (an account made through a
      // sign-in provider has no password: it too gets the dummy, and a refusal)
      const ok = await checkPasswordInTurn(deps, found?.passwordHash ?? null, body.password).catch(giveBackIfBusy(attempt));
      if (!found || !ok) {
        throw unauthorized('Email or password is incorrect', BAD_CREDENTIALS);
      }
      await attempt.succeeded();
      return found;
    })().finally(attempt.settle);
    // the attempt may have waited for others to the same account
    const now = clock.now();
    await deleteExpiredSessions(db, user.id, now);
    const { token, session } = await createSession(db, user.id, body.remember === true, now);
    setRefreshCookie(c, config, token, session, now);
    const accessToken = await signAccessToken(config.jwtSecret, { sub: user.id, sid: session.id, role: user.role }, now);
    return c.json({ accessToken, ...toUserDto(user) }, 200);
  });

  const token = createRoute({
    method: 'get',
    path: '/auth/token',
    operationId: 'refreshAccessToken',
    // public: no bearer token
    security: [],
    tags: ['auth'],
    summary: 'Refresh the access token',
    description: 'Reads the HttpOnly refresh cookie; extends the session (sliding 30 days, capped at 90 days).',
    responses: {
      200: { content: { 'application/json': { schema: AccessTokenSchema } }, description: 'A fresh access token' },
      401: errors[401],
    },
  });
  app.openapi(token, async (c) => {
    const now = clock.now();
    const raw = readRefreshCookie(c);
    const session = raw ? await validateSessionToken(db, raw, now) : null;
    const user = session ? await findUserById(db, session.userId) : undefined;
    if (!session || !user) {
      if (raw) clearRefreshCookie(c, config);
      throw unauthorized('No valid session');
    }
    if (session.persistent) setRefreshCookie(c, config, raw!, session, now);
    const accessToken = await signAccessToken(config.jwtSecret, { sub: user.id, sid: session.id, role: user.role }, now);
    return c.json({ accessToken }, 200);
  });

  const logout = createRoute({
    method: 'post',
    path: '/auth/logout',
    operationId: 'logout',
    // public: no bearer token
    security: [],
    tags: ['auth'],
    summary: 'Log out',
    description:
      "Deletes the refresh session and clears the cookie. With the access token of the session being left as a bearer token (expired or not), that session is ended instead, and the cookie is cleared only if it is that session's: a sign-in since, whose cookie replaced it, stays. A cross-origin Origin is refused (403).",
    middleware: [sameOrigin] as const,
    responses: { 204: { description: 'Logged out' }, 403: errors[403] },
  });
  app.openapi(logout, async (c) => {
    const raw = readRefreshCookie(c);
    const cookieSession = raw ? await validateSessionToken(db, raw, clock.now()) : null;
    const bearer = bearerToken(c.req.header('Authorization'));
    const leaving = bearer ? sessionOfAccessToken(config.jwtSecret, bearer) : null;
    if (leaving) {
      if (await invalidateUserSession(db, leaving.sub, leaving.sid)) deps.sessionCache?.forgetUser(leaving.sub);
    } else if (cookieSession) {
      await invalidateSession(db, cookieSession.id);
      // its access token stops working here at once, and in other processes on the database's notice
      deps.sessionCache?.forgetUser(cookieSession.userId);
    }
    // the cookie of a session signed in since the one being left is that new session's: it stays
    if (!leaving || !cookieSession || cookieSession.id === leaving.sid) clearRefreshCookie(c, config);
    return c.body(null, 204);
  });

  return app;
}
