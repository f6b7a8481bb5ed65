import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../types.js';
import { ProvidersSchema } from '@app/contract';
import { validationHook } from '../lib/validation.js';
import { unreadableRequest } from '../schemas/common.js';

/**
 * External identity providers the server has a client id for (OAUTH_GOOGLE_CLIENT_ID). Only the list exists:
 * the OAuth redirect and callback are not implemented yet, so the client says so rather than starting a flow.
 */
export function providerRoutes({ config }: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/auth/providers',
      operationId: 'listIdentityProviders',
      // public: no bearer token
      security: [],
      tags: ['auth'],
      summary: 'Configured external identity providers',
      description: 'Empty unless a provider client id is configured.',
      responses: {
        200: { content: { 'application/json': { schema: ProvidersSchema } }, description: 'The providers' },
        ...unreadableRequest,
      },
    }),
    (c) => c.json({ providers: (config.oauthProviders ?? []).map(({ id, name }) => ({ id, name })) }, 200),
  );
  return app;
}
