import { z } from '@hono/zod-openapi';
import { name } from './common.js';

export const TOKEN_SCOPES = ['read', 'read-write'] as const;

export const CreateTokenSchema = z
  .strictObject({
    name: name('Name'),
    scope: z.enum(TOKEN_SCOPES, { error: "Scope must be 'read' or 'read-write'" }),
  })
  .openapi('CreateApiToken');

export const ApiTokenSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    scope: z.enum(TOKEN_SCOPES),
    createdAt: z.string().openapi({ format: 'date-time' }),
    lastUsedAt: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('ApiToken');

export const NewApiTokenSchema = ApiTokenSchema.omit({ lastUsedAt: true })
  .extend({ token: z.string().openapi({ description: 'The secret, shown this once only', example: 'wt_…' }) })
  .openapi('NewApiToken');

export const TokenIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
