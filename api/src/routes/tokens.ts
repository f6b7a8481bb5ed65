import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../types.js';
import { errors } from '../schemas/common.js';
import { ApiTokenSchema, CreateTokenSchema, NewApiTokenSchema } from '@app/contract';
import { TokenIdParamSchema } from '../schemas/params.js';
import { requireAuth } from '../middleware/auth.js';
import { jsonBody } from '../middleware/json-body.js';
import { ApiError, notFound } from '../lib/errors.js';
import { reserveAttempt } from '../auth/rate-limit.js';
import { validationHook } from '../lib/validation.js';
import { createToken, listTokens, revokeToken } from '../repositories/tokens.js';
import { findUserById } from '../repositories/users.js';
import type { MailTransport } from '../mail/transport.js';
import { tokenCreatedMail } from '../mail/notices.js';
import { DEFAULT_TOKEN_LIMITS, publicBaseUrl } from '../config.js';

const security = [{ bearerAuth: [] }];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const tooManyTokens = (live: number) =>
  new ApiError(409, 'Too many tokens', [
    { field: 'name', issue: `You have ${live} tokens, the most an account can hold. Revoke one you no longer use to make another.` },
  ]);

const windowWords = (seconds: number) => (seconds === 3600 ? 'hour' : seconds === 60 ? 'minute' : `${Math.round(seconds / 60)} minutes`);

/** Personal API tokens. Managed with a signed-in session only: a personal token is refused here (403, see auth). */
export function tokenRoutes(deps: Deps, mail?: MailTransport) {
  const { db, config, clock, log } = deps;
  const settingsUrl = `${publicBaseUrl(config)}/dashboard/settings`;
  const limits = config.tokenLimits ?? DEFAULT_TOKEN_LIMITS;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const auth = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/tokens',
      operationId: 'listApiTokens',
      tags: ['tokens'],
      summary: 'My personal API tokens (never their secrets)',
      security,
      middleware: [auth] as const,
      responses: {
        200: { content: { 'application/json': { schema: z.array(ApiTokenSchema) } }, description: 'Live tokens, newest first' },
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => c.json(await listTokens(db, c.get('user').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/tokens',
      operationId: 'createApiToken',
      tags: ['tokens'],
      summary: 'Create a personal API token',
      description:
        "scope 'read': GET calls only; 'read-write': every call but managing tokens, changing the profile, email or " +
        'password, and deleting the account. The token is in this answer only: it is stored as a SHA-256 hash. ' +
        `An account holds at most ${DEFAULT_TOKEN_LIMITS.live} live tokens (409 past that) and makes at most ` +
        `${DEFAULT_TOKEN_LIMITS.createPerUser.limit} an hour (429 with Retry-After): each one is announced by e-mail.`,
      security,
      middleware: [auth, jsonBody(config)] as const,
      request: { body: { content: { 'application/json': { schema: CreateTokenSchema } }, required: true } },
      responses: {
        201: { content: { 'application/json': { schema: NewApiTokenSchema } }, description: 'The new token' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        409: errors[409],
        413: errors[413],
        415: errors[415],
        422: errors[422],
        429: errors[429],
      },
    }),
    async (c) => {
      const { name, scope } = c.req.valid('json');
      const me = c.get('user');
      const { limit, windowSeconds } = limits.createPerUser;
      const attempt = await reserveAttempt(
        db,
        [{ key: `token-create:user:${me.id}`, rule: limits.createPerUser }],
        clock.now(),
        (minutes) => `You have made ${limit} tokens in the last ${windowWords(windowSeconds)}. Try again in ${minutes} minute(s).`,
      );
      const made = await createToken(db, me.id, name.trim(), scope, clock.now(), limits.live);
      if (!made) {
        // refused before anything was made or mailed: it does not count towards the hourly limit
        await attempt.giveBack();
        throw tooManyTokens(limits.live);
      }
      const { lastUsedAt: _unused, ...created } = made;
      const owner = mail ? (me.row ?? (await findUserById(db, me.id))) : undefined;
      // not awaited: a slow mail server must not hold the answer
      if (owner)
        mail!.send({ to: owner.email, ...tokenCreatedMail(owner.firstName, created.name, scope, settingsUrl) }).catch((err: unknown) => {
          log('error', { msg: 'token mail failed', requestId: c.get('requestId'), name: err instanceof Error ? err.name : 'unknown' });
        });
      return c.json(created, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/tokens/{id}',
      operationId: 'revokeApiToken',
      tags: ['tokens'],
      summary: 'Revoke a personal API token',
      security,
      middleware: [auth] as const,
      request: { params: TokenIdParamSchema },
      responses: { 204: { description: 'Revoked' }, 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!UUID.test(id) || !(await revokeToken(db, c.get('user').id, id, clock.now()))) throw notFound('No such token');
      return c.body(null, 204);
    },
  );

  return app;
}
