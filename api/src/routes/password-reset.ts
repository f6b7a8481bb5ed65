import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { randomBytes, randomUUID } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { DEFAULT_PASSWORD_RESET_LIMITS, publicBaseUrl } from '../config.js';
import type { AppEnv, Deps } from '../types.js';
import {
  normalizeEmail,
  PasswordResetConfirmSchema,
  PasswordResetInfoSchema,
  PasswordResetRequestSchema,
  RESET_LINK_INVALID,
  type PasswordResetDelivery,
} from '@app/contract';
import type { MailConfig } from '../mail/config.js';
import { busy, errors, unreadableRequest } from '../schemas/common.js';
import { jsonBody } from '../middleware/json-body.js';
import { ApiError, validationError } from '../lib/errors.js';
import { validationHook } from '../lib/validation.js';
import { clientNetwork } from '../lib/net.js';
import { hashPasswordInTurn, isCommonPassword } from '../auth/password.js';
import { loginEmailKey, loginEmailNetworkPrefix, reserveAttempt, resetEmailKey } from '../auth/rate-limit.js';
import { invalidateOtherSessions } from '../auth/sessions.js';
import { clear as clearLimit, clearStartingWith } from '../repositories/rate-limits.js';
import { findUserByEmail, lockUser, updateUser } from '../repositories/users.js';
import { revokeAllTokens } from '../repositories/tokens.js';
import { deleteIdentitiesOf, deleteLinkFlowsOf } from '../repositories/identities.js';
import { deletePushSubscriptionsOf } from '../repositories/push-subscriptions.js';
import { consumePasswordReset, insertPasswordReset, usableResetOwner, retireOtherPasswordResets } from '../repositories/password-resets.js';
import type { MailTransport } from '../mail/transport.js';
import { COMMON_PASSWORD_ISSUE } from './auth.js';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** 160 random bits, like session secrets; only its SHA-256 is stored. */
const newToken = () => encodeBase32LowerCaseNoPadding(randomBytes(20));
export const hashResetToken = (token: string) => Buffer.from(sha256(new TextEncoder().encode(token)));

const invalidLink = () => new ApiError(400, RESET_LINK_INVALID, [{ field: 'token', issue: RESET_LINK_INVALID }]);

export function resetMail(firstName: string, link: string) {
  return {
    subject: 'Reset your password',
    text: [
      `Hello ${firstName},`,
      '',
      'Someone (hopefully you) asked to reset the password of your account.',
      'Open this link within 30 minutes to choose a new password. It works once.',
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** Where reset links go with this mail setting (config.mail is always set by loadConfig; console for a bare test config). */
export function resetDelivery(mail: MailConfig | undefined): PasswordResetDelivery {
  switch (mail?.transport ?? 'console') {
    case 'console':
      return 'server-log';
    case 'none':
      return 'off';
    default:
      return 'email';
  }
}

export function passwordResetRoutes(deps: Deps, mail: MailTransport) {
  const { db, config, clock, log } = deps;
  const limits = config.passwordResetLimits ?? DEFAULT_PASSWORD_RESET_LIMITS;
  const publicUrl = publicBaseUrl(config);
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const json = jsonBody(config);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/auth/password-reset',
      operationId: 'getPasswordResetInfo',
      // public: no bearer token
      security: [],
      tags: ['auth'],
      summary: 'How reset links are delivered',
      description:
        '`email` when a mail server (or the test file) receives them; `server-log` when the API prints them for whoever ' +
        'runs it (MAIL_TRANSPORT=console, the default outside production); `off` when mail is turned off and no link goes ' +
        'anywhere (MAIL_TRANSPORT=none, the default in production).',
      responses: {
        200: { content: { 'application/json': { schema: PasswordResetInfoSchema } }, description: 'The delivery' },
        ...unreadableRequest,
      },
    }),
    (c) => c.json({ delivery: resetDelivery(config.mail) }, 200),
  );

  const request = createRoute({
    method: 'post',
    path: '/auth/password-reset/request',
    operationId: 'requestPasswordReset',
    // public: no bearer token
    security: [],
    tags: ['auth'],
    summary: 'Ask for a password-reset link by e-mail',
    description:
      'Always 202 {} whether or not an account has this address (no enumeration). For a known account a link valid ' +
      '30 minutes is mailed through the configured transport. Rate-limited per IP and per address.',
    middleware: [json] as const,
    request: { body: { content: { 'application/json': { schema: PasswordResetRequestSchema } }, required: true } },
    responses: {
      202: { content: { 'application/json': { schema: z.object({}) } }, description: 'Accepted (the same for every address)' },
      400: errors[400],
      413: errors[413],
      415: errors[415],
      422: errors[422],
      429: errors[429],
    },
  });
  app.openapi(request, async (c) => {
    const body = c.req.valid('json');
    const now = clock.now();
    const email = normalizeEmail(body.email);
    const ip = clientNetwork(c, config);
    await reserveAttempt(
      db,
      [
        { key: `reset:ip:${ip}`, rule: limits.perIp },
        { key: resetEmailKey(email), rule: limits.perEmail },
      ],
      now,
    );
    // the token is made for every address so both answers cost about the same
    const token = newToken();
    const tokenHash = hashResetToken(token);
    const user = await findUserByEmail(db, email);
    if (user) {
      await insertPasswordReset(db, {
        id: randomUUID(),
        userId: user.id,
        tokenHash,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        now,
      });
      // in the fragment, so the token never reaches server logs or Referer headers
      const link = `${publicUrl}/reset-password#token=${token}`;
      // not awaited: a slow mail server must not reveal that the address has an account
      mail.send({ to: user.email, ...resetMail(user.firstName, link) }).catch((err: unknown) => {
        log('error', {
          msg: 'password reset mail failed',
          requestId: c.get('requestId'),
          name: err instanceof Error ? err.name : 'unknown',
        });
      });
    }
    return c.json({}, 202);
  });

  const confirm = createRoute({
    method: 'post',
    path: '/auth/password-reset/confirm',
    operationId: 'confirmPasswordReset',
    // public: no bearer token
    security: [],
    tags: ['auth'],
    summary: 'Set a new password with a reset link',
    description:
      'Single use. Sets the new password (same rules as register), marks the link used, ends every session of the user, ' +
      'revokes every personal API token, unlinks every sign-in provider and forgets a connection to one not yet finished. ' +
      'An unknown, used or expired token answers 400 on field token.',
    middleware: [json] as const,
    request: { body: { content: { 'application/json': { schema: PasswordResetConfirmSchema } }, required: true } },
    responses: {
      204: { description: 'Password changed; every session ended, every token revoked, every provider unlinked' },
      400: errors[400],
      413: errors[413],
      415: errors[415],
      422: errors[422],
      503: busy,
    },
  });
  app.openapi(confirm, async (c) => {
    const body = c.req.valid('json');
    const now = clock.now();
    const tokenHash = hashResetToken(body.token);
    // checked first so a dead link says so before any password advice, and before the costly hash
    const owner = await usableResetOwner(db, tokenHash, now);
    if (!owner) throw invalidLink();
    if (isCommonPassword(body.password)) throw validationError([{ field: 'password', issue: COMMON_PASSWORD_ISSUE }]);
    const passwordHash = await hashPasswordInTurn(deps, body.password);
    const { email, userId } = await db.transaction(async (tx) => {
      // the user's row first, as a settings change or the account's deletion takes it, then the link
      if (!(await lockUser(tx, owner))) throw invalidLink();
      // the atomic use decides: of two concurrent confirms only one finds the token unused
      const userId = await consumePasswordReset(tx, tokenHash, now);
      if (userId !== owner) throw invalidLink();
      const updated = await updateUser(tx, userId, { passwordHash }, now);
      if (!updated) throw invalidLink();
      // recovering the account ends every way in someone else may hold: sessions, API tokens and linked sign-in
      // providers (an account registered in the owner's name before them could carry its maker's)
      await invalidateOtherSessions(tx, userId, null);
      await revokeAllTokens(tx, userId, now);
      await deleteIdentitiesOf(tx, userId);
      await deleteLinkFlowsOf(tx, userId);
      // and what the devices they hold would still be sent: push subscriptions, reminders and the weekly report
      // devices added by whoever held the account stop receiving; e-mailed reminders go to the owner's own address
      await deletePushSubscriptionsOf(tx, userId);
      await retireOtherPasswordResets(tx, userId, now);
      return { email: updated.email, userId };
    });
    deps.sessionCache?.forgetUser(userId);
    // the owner proved control of the mailbox: earlier failed logins no longer block the account
    await clearLimit(db, loginEmailKey(email));
    await clearStartingWith(db, loginEmailNetworkPrefix(email));
    return c.body(null, 204);
  });

  return app;
}
