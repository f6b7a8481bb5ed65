// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { dateTime, email, timeZone } from './fields';
import { hasLoneSurrogate } from './text';

// Signing in with an external identity provider (OpenID Connect, GitHub): the calls the sign-in screens and
// Settings → Account make. The provider's tokens never reach the browser; only these shapes do.

/** A provider's id as configured on the server (AUTH_PROVIDERS): lower-case letters, digits and dashes. */
export const providerId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'Unknown sign-in provider' })
  .meta({ example: 'google' });

/** A path inside the app to land on afterwards; anything else (another origin, //host) is refused. */
export const returnPath = z
  .string()
  .max(2000)
  .refine(
    (s) =>
      s.startsWith('/') &&
      !s.startsWith('//') &&
      !s.startsWith('/\\') &&
      ![...s].some((ch) => ch.charCodeAt(0) < 0x20) &&
      !hasLoneSurrogate(s),
    {
      message: 'returnTo must be a path inside the app',
    },
  )
  .meta({ example: '/dashboard/overview' });

export const IdentityProviderSchema = z.object({ id: providerId, name: z.string() }).meta({ id: 'IdentityProvider' });

export const ExternalSignInStartSchema = z
  .strictObject({
    /** "Remember me": the refresh cookie outlives the browser session, as with a password login. */
    remember: z.boolean({ error: 'remember must be a boolean' }).optional(),
    returnTo: returnPath.optional(),
    /** The browser's time zone, for an account this sign-in creates. */
    timeZone: timeZone.optional(),
  })
  .meta({ id: 'ExternalSignInStart' });

export const AuthorizationRedirectSchema = z
  .object({ authorizationUrl: z.string().meta({ description: "The provider's authorization endpoint: open it in the browser" }) })
  .meta({ id: 'AuthorizationRedirect' });

export const PENDING_SIGN_IN_KINDS = ['link', 'email'] as const;

/**
 * A provider sign-in that needs one more step from the person: `link` — an account with the provider's (verified)
 * e-mail address exists, and only its password may connect the provider to it; `email` — the provider gave no
 * verified address, so the new account needs one.
 */
export const PendingSignInSchema = z
  .object({
    provider: IdentityProviderSchema,
    kind: z.enum(PENDING_SIGN_IN_KINDS),
    /** link: the existing account's address; email: the provider's unverified address, if any, to start from. */
    email: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    /** link, when the provider's verified e-mail found the account: whether it has a password (else it signs in only
     * with `accountProviders`). Absent for an address the person typed: it tells nothing about that account. */
    accountHasPassword: z.boolean().optional(),
    /** link, as accountHasPassword: the providers the existing account signs in with. */
    accountProviders: z.array(z.string()).optional(),
    remember: z.boolean(),
    returnTo: z.string(),
  })
  .meta({ id: 'PendingSignIn' });

export const CompleteLinkSchema = z
  .strictObject({
    password: z.string({ error: 'Password is required' }).min(1, { message: 'Password is required' }).max(4096),
  })
  .meta({ id: 'CompleteExternalLink' });

export const CompleteEmailSchema = z.strictObject({ email }).meta({ id: 'CompleteExternalEmail' });

export const LinkedIdentitySchema = z
  .object({
    provider: providerId,
    /** The provider's display name, or its id when it is no longer configured. */
    name: z.string(),
    email: z.string().nullable(),
    createdAt: dateTime(),
    lastUsedAt: dateTime().nullable(),
  })
  .meta({ id: 'LinkedIdentity' });

export const SignInMethodsSchema = z
  .object({
    /** Whether the account has a password (an account made through a provider has none until one is set). */
    password: z.boolean(),
    identities: z.array(LinkedIdentitySchema),
    /** Every provider this server offers, linked or not. */
    providers: z.array(IdentityProviderSchema),
  })
  .meta({ id: 'SignInMethods' });

export const LinkIdentitySchema = z
  .strictObject({
    provider: providerId,
    /** Needed when the account has a password; an account without one needs a sign-in within the last 10 minutes. */
    currentPassword: z.string().max(1024).optional(),
  })
  .meta({ id: 'LinkIdentity' });

/** Why a provider sign-in ended without one, as the callback tells the sign-in screen (`?signin_error=`). */
export type ExternalSignInError = 'denied' | 'expired' | 'failed' | 'unavailable' | 'taken' | 'unknown';

export type IdentityProvider = z.infer<typeof IdentityProviderSchema>;
export type ExternalSignInStart = z.infer<typeof ExternalSignInStartSchema>;
export type AuthorizationRedirect = z.infer<typeof AuthorizationRedirectSchema>;
export type PendingSignIn = z.infer<typeof PendingSignInSchema>;
export type CompleteLink = z.infer<typeof CompleteLinkSchema>;
export type CompleteEmail = z.infer<typeof CompleteEmailSchema>;
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>;
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;
export type LinkIdentity = z.infer<typeof LinkIdentitySchema>;
