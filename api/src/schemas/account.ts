import { z } from '@hono/zod-openapi';

export const DeleteAccountSchema = z
  .strictObject({
    currentPassword: z.string({ error: 'Enter your current password' }).min(1, { message: 'Enter your current password' }).max(1024),
  })
  .openapi('DeleteAccount');

export const ExportQuerySchema = z.object({
  format: z
    .enum(['json', 'csv'], { error: 'format must be json or csv' })
    .optional()
    .openapi({ param: { name: 'format', in: 'query' }, description: 'json (default) or csv' }),
});
