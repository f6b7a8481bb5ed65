import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../types.js';
import { errors } from '../schemas/common.js';
import { ApiTokenSchema, CreateTokenSchema, NewApiTokenSchema } from '@app/contract';
import { TokenIdParamSchema } from '../schemas/params.js';
import { requireAuth } from '../middleware/auth.js';
import { jsonBody } from '../middleware/json-body.js';
import { notFound } from '../lib/errors.js';
import { validationHook } from '../lib/validation.js';
import { createToken, listTokens, revokeToken } from '../repositories/tokens.js';

const security = [{ bearerAuth: [] }];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Personal API tokens. Managed with a signed-in session only: a personal token is refused here (403, see auth). */
export function tokenRoutes(deps: Deps) {
  const { db, config, clock } = deps;
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
        'password, and deleting the account. The token is in this answer only: it is stored as a SHA-256 hash.',
      security,
      middleware: [auth, jsonBody(config.jsonBodyLimit)] as const,
      request: { body: { content: { 'application/json': { schema: CreateTokenSchema } }, required: true } },
      responses: {
        201: { content: { 'application/json': { schema: NewApiTokenSchema } }, description: 'The new token' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        415: errors[415],
        422: errors[422],
      },
    }),
    async (c) => {
      const { name, scope } = c.req.valid('json');
      const { lastUsedAt: _unused, ...created } = await createToken(db, c.get('user').id, name.trim(), scope, clock.now());
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
