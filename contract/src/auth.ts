// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { email, password, personName, timeZone } from './fields';
import { hasLoneSurrogate, hasNul } from './text';
import { UserSchema } from './users';

// signing in with an external identity provider
export * from './identities';

/**
 * An address as typed to sign in or to ask for a reset link: any string (a malformed one is answered as an unknown
 * one), but never a NUL, which no address holds and the database refuses, nor half a surrogate pair, which the
 * database would store as another character (and so match another address).
 */
const signInEmail = z
  .string({ error: 'Email is required' })
  .min(1, { message: 'Email is required' })
  .max(1024)
  .refine((s) => !hasNul(s) && !hasLoneSurrogate(s), { message: 'Email is not valid' });

export const RegisterSchema = z
  .strictObject({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email,
    password,
    // the browser's own zone at sign-up; UTC when not sent
    timeZone: timeZone.optional(),
  })
  .meta({ id: 'Register' });

/** Any non-empty strings: a malformed address gets the same answer as a wrong password. */
export const LoginSchema = z
  .strictObject({
    email: signInEmail,
    password: z.string({ error: 'Password is required' }).min(1, { message: 'Password is required' }).max(4096),
    remember: z.boolean({ error: 'remember must be a boolean' }).optional(),
  })
  .meta({ id: 'Login' });

export const AuthResponseSchema = UserSchema.extend({ accessToken: z.string() }).meta({ id: 'AuthResponse' });
export const AccessTokenSchema = z.object({ accessToken: z.string() }).meta({ id: 'AccessToken' });

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';

export const PasswordResetRequestSchema = z
  .strictObject({
    // any string: a malformed address gets the same neutral answer as an unknown one
    email: signInEmail,
  })
  .meta({ id: 'PasswordResetRequest' });

export const PasswordResetConfirmSchema = z
  .strictObject({
    token: z.string({ error: RESET_LINK_INVALID }).min(1, { message: RESET_LINK_INVALID }).max(200, { message: RESET_LINK_INVALID }),
    password,
  })
  .meta({ id: 'PasswordResetConfirm' });

/**
 * How this server delivers reset links: by e-mail; into its own log, for whoever runs it to pass on (no mail server
 * set up, the default of a local install); or not at all (mail turned off).
 */
export const PASSWORD_RESET_DELIVERIES = ['email', 'server-log', 'off'] as const;
export type PasswordResetDelivery = (typeof PASSWORD_RESET_DELIVERIES)[number];
export const PasswordResetInfoSchema = z.object({ delivery: z.enum(PASSWORD_RESET_DELIVERIES) }).meta({ id: 'PasswordResetInfo' });

export const ProvidersSchema = z
  .object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) })
  .meta({ id: 'IdentityProviders' });

export type Register = z.infer<typeof RegisterSchema>;
export type Login = z.infer<typeof LoginSchema>;
export type AuthResponse = z.infer<typeof AuthResponseSchema>;
export type AccessToken = z.infer<typeof AccessTokenSchema>;
export type Providers = z.infer<typeof ProvidersSchema>;
