import { z } from '@hono/zod-openapi';
import { password } from './common.js';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';

export const PasswordResetRequestSchema = z
  .strictObject({
    // any string: a malformed address gets the same neutral answer as an unknown one
    email: z.string({ error: 'Email is required' }).min(1, { message: 'Email is required' }).max(1024),
  })
  .openapi('PasswordResetRequest');

export const PasswordResetConfirmSchema = z
  .strictObject({
    token: z.string({ error: RESET_LINK_INVALID }).min(1, { message: RESET_LINK_INVALID }).max(200, { message: RESET_LINK_INVALID }),
    password,
  })
  .openapi('PasswordResetConfirm');

export const ProvidersSchema = z
  .object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) })
  .openapi('IdentityProviders');
