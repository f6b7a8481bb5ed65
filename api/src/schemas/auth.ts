import { z } from '@hono/zod-openapi';
import { email, name, password } from './common.js';
import { UserSchema } from './users.js';

export const RegisterSchema = z
  .strictObject({
    firstName: name('First name'),
    lastName: name('Last name'),
    email,
    password,
  })
  .openapi('Register');

export const LoginSchema = z
  .strictObject({
    email: z.string({ error: 'Email is required' }).min(1, { message: 'Email is required' }).max(1024),
    password: z.string({ error: 'Password is required' }).min(1, { message: 'Password is required' }).max(4096),
    remember: z.boolean({ error: 'remember must be a boolean' }).optional(),
  })
  .openapi('Login');

export const AuthResponseSchema = UserSchema.extend({ accessToken: z.string() }).openapi('AuthResponse');
export const TokenResponseSchema = z.object({ accessToken: z.string() }).openapi('AccessToken');
