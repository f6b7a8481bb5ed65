// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { dateTime, personName, uuid } from './fields';

export const TOKEN_SCOPES = ['read', 'read-write'] as const;

export const CreateTokenSchema = z
  .strictObject({
    name: personName('Name'),
    scope: z.enum(TOKEN_SCOPES, { error: "Scope must be 'read' or 'read-write'" }),
  })
  .meta({ id: 'CreateApiToken' });

export const ApiTokenSchema = z
  .object({ id: uuid(), name: z.string(), scope: z.enum(TOKEN_SCOPES), createdAt: dateTime(), lastUsedAt: dateTime().nullable() })
  .meta({ id: 'ApiToken' });

export const NewApiTokenSchema = ApiTokenSchema.omit({ lastUsedAt: true })
  .extend({ token: z.string().meta({ description: 'The secret, shown this once only', example: 'wt_…' }) })
  .meta({ id: 'NewApiToken' });

export type TokenScope = (typeof TOKEN_SCOPES)[number];
export type CreateToken = z.infer<typeof CreateTokenSchema>;
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export type NewApiToken = z.infer<typeof NewApiTokenSchema>;
