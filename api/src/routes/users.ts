import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../types.js';
import { normalizeEmail, todayUtc, UpdateUserSchema, UserSchema } from '@app/contract';
import { busy, errors } from '../schemas/common.js';
import { jsonBody } from '../middleware/json-body.js';
import { requireAuth } from '../middleware/auth.js';
import { forbidden, validationError, type ErrorDetail } from '../lib/errors.js';
import { validationHook } from '../lib/validation.js';
import { jsonTextAnswer } from '../lib/respond.js';
import { hashPasswordInTurn, isCommonPassword } from '../auth/password.js';
import { retireOtherPasswordResets } from '../repositories/password-resets.js';
import { verifyCurrentPasswordThrottled } from '../auth/rate-limit.js';
import { createSession, invalidateOtherSessions, isPersistentSession } from '../auth/sessions.js';
import { signAccessToken } from '../auth/jwt.js';
import { setRefreshCookie } from '../auth/cookie.js';
import { findUserByEmail, findUserById, toUserDto, updateUser, type UserPatch, type UserRow } from '../repositories/users.js';
import { bumpDataVersion } from '../repositories/data-versions.js';
import { revokeAllTokens } from '../repositories/tokens.js';
import { COMMON_PASSWORD_ISSUE } from './auth.js';
import type { MailTransport } from '../mail/transport.js';
import { emailChangedMail, passwordChangedMail } from '../mail/notices.js';
import { publicBaseUrl } from '../config.js';
import { RECENT_SIGN_IN_ISSUE, signedInRecently } from '../auth/external-flow.js';
import { deleteLinkFlowsOf, listIdentities } from '../repositories/identities.js';
import { deletePushSubscriptionsOf } from '../repositories/push-subscriptions.js';

/**
 * The profile's JSON by the user's row as kept with a checked session: a signed-in client asks for it again and
 * again while the row stays the same object, and any change to the user is read as a new row (session cache).
 */
const profiles = new WeakMap<UserRow, string>();
function profileJson(row: UserRow): string {
  let json = profiles.get(row);
  if (json === undefined) {
    const dto: z.infer<typeof UserSchema> = toUserDto(row);
    profiles.set(row, (json = JSON.stringify(dto)));
  }
  return json;
}

export function userRoutes(deps: Deps, mail?: MailTransport) {
  const { db, config, clock, log } = deps;
  const resetUrl = `${publicBaseUrl(config)}/forgot-password`;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const auth = requireAuth(deps);

  const getMe = createRoute({
    method: 'get',
    path: '/users/me',
    operationId: 'getMe',
    tags: ['users'],
    summary: 'The current user',
    security: [{ bearerAuth: [] }],
    middleware: [auth] as const,
    responses: {
      200: { content: { 'application/json': { schema: UserSchema } }, description: 'The user' },
      401: errors[401],
      403: errors[403],
    },
  });
  app.openapi(getMe, async (c) => {
    const me = c.get('user');
    // read with the session; an API token's caller is looked up
    const user = me.row ?? (await findUserById(db, me.id));
    if (!user) throw forbidden('Unknown user');
    return jsonTextAnswer(c, profileJson(user), 200);
  });

  const patchMe = createRoute({
    method: 'patch',
    path: '/users/me',
    operationId: 'updateMe',
    tags: ['users'],
    summary: 'Update the current user',
    description:
      'Any subset of the profile fields. Changing email or password requires currentPassword (an account without a password, ' +
      'made through a sign-in provider: a sign-in within the last 10 minutes; it may then set one). A password change ends every ' +
      'other session, revokes every personal API token, forgets a connection to a provider not yet finished and rotates the ' +
      'current one (a new refresh cookie and accessToken are returned); the providers already connected stay, and the e-mail ' +
      'announcing the change names them.',
    security: [{ bearerAuth: [] }],
    middleware: [auth, jsonBody(config)] as const,
    request: { body: { content: { 'application/json': { schema: UpdateUserSchema } }, required: true } },
    responses: {
      200: {
        content: { 'application/json': { schema: UserSchema.extend({ accessToken: z.string().optional() }) } },
        description: 'The updated user',
      },
      400: errors[400],
      401: errors[401],
      403: errors[403],
      413: errors[413],
      415: errors[415],
      422: errors[422],
      429: errors[429],
      503: busy,
    },
  });
  app.openapi(patchMe, async (c) => {
    const body = c.req.valid('json');
    const me = c.get('user');
    const now = clock.now();
    const user = await findUserById(db, me.id);
    if (!user) throw forbidden('Unknown user');

    const details: ErrorDetail[] = [];
    if (body.dateOfBirth && body.dateOfBirth >= todayUtc(clock.now()))
      details.push({ field: 'dateOfBirth', issue: 'Date of birth must be in the past' });
    const newEmail = body.email !== undefined ? normalizeEmail(body.email) : undefined;
    const emailChanges = newEmail !== undefined && newEmail !== user.email;
    if (body.password !== undefined && isCommonPassword(body.password)) details.push({ field: 'password', issue: COMMON_PASSWORD_ISSUE });
    if (details.length) throw validationError(details);

    if ((emailChanges || body.password !== undefined) && user.passwordHash === null) {
      // an account made through a sign-in provider has no password to confirm with: a recent sign-in stands for it
      if (!(await signedInRecently(db, me.sessionId, now))) throw validationError([{ field: 'general', issue: RECENT_SIGN_IN_ISSUE }]);
    } else if (emailChanges || body.password !== undefined) {
      if (!body.currentPassword)
        throw validationError([{ field: 'currentPassword', issue: 'Enter your current password to change email or password' }]);
      if (!(await verifyCurrentPasswordThrottled(deps, c, user, body.currentPassword)))
        throw validationError([{ field: 'currentPassword', issue: 'Current password is incorrect' }]);
    }
    if (emailChanges) {
      const other = await findUserByEmail(db, newEmail!);
      if (other && other.id !== user.id) throw validationError([{ field: 'email', issue: 'Email has already been taken' }]);
    }

    const patch: UserPatch = {};
    if (body.firstName !== undefined) patch.firstName = body.firstName.trim();
    if (body.lastName !== undefined) patch.lastName = body.lastName.trim();
    if (emailChanges) patch.email = newEmail;
    if (body.heightCm !== undefined) patch.heightCm = body.heightCm;
    if (body.dateOfBirth !== undefined) patch.dateOfBirth = body.dateOfBirth;
    if (body.gender !== undefined) patch.gender = body.gender;
    if (body.unitPreference !== undefined) patch.unitPreference = body.unitPreference;
    if (body.weekStartsOn !== undefined) patch.weekStartsOn = body.weekStartsOn;
    if (body.timeZone !== undefined) patch.timeZone = body.timeZone;
    if (body.colorScheme !== undefined) patch.colorScheme = body.colorScheme;
    if (body.password !== undefined) patch.passwordHash = await hashPasswordInTurn(deps, body.password);

    // one transaction: the profile update and, on a password change, the session rotation commit together
    const result = await db
      .transaction(async (tx) => {
        const updated = await updateUser(tx, user.id, patch, now);
        if (!updated) throw forbidden('Unknown user');
        if (patch.weekStartsOn !== undefined && patch.weekStartsOn !== user.weekStartsOn) await bumpDataVersion(tx, user.id);
        // a reset link mailed before is for the old address or the old password: whoever holds it must not take over
        if (emailChanges || body.password !== undefined) await retireOtherPasswordResets(tx, user.id, now);
        if (body.password === undefined) return { updated, rotated: undefined, linked: [] };
        // end every session of the user (other devices and the current one), then start a new current session
        const persistent = await isPersistentSession(tx, me.sessionId);
        await invalidateOtherSessions(tx, user.id, null);
        await revokeAllTokens(tx, user.id, now);
        // a connection to a provider started meanwhile may be someone else's: it must not finish after this
        await deleteLinkFlowsOf(tx, user.id);
        // every device's push subscription too: the current session's device cannot be told apart from the others
        await deletePushSubscriptionsOf(tx, user.id);
        const rotated = await createSession(tx, user.id, persistent, now);
        // the providers stay (the owner may well sign in with them), but the notice names them
        return { updated, rotated, linked: await listIdentities(tx, user.id) };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw validationError([{ field: 'email', issue: 'Email has already been taken' }]);
        throw err;
      });
    const { updated, rotated, linked } = result;
    // not awaited: a slow mail server must not hold the answer
    const notify = (to: string, m: { subject: string; text: string }) =>
      mail?.send({ to, ...m }).catch((err: unknown) => {
        log('error', { msg: 'account notice failed', requestId: c.get('requestId'), name: err instanceof Error ? err.name : 'unknown' });
      });
    if (emailChanges) notify(user.email, emailChangedMail(updated.firstName, updated.email, resetUrl));
    if (body.password !== undefined) {
      const providerName = (id: string) => config.identityProviders?.find((p) => p.id === id)?.name ?? id;
      notify(
        updated.email,
        passwordChangedMail(
          updated.firstName,
          resetUrl,
          linked.map((i) => providerName(i.provider)),
        ),
      );
    }
    let accessToken: string | undefined;
    if (rotated) {
      setRefreshCookie(c, config, rotated.token, rotated.session, now);
      accessToken = await signAccessToken(config.jwtSecret, { sub: user.id, sid: rotated.session.id, role: updated.role }, now);
    }
    return c.json({ ...toUserDto(updated), ...(accessToken ? { accessToken } : {}) }, 200);
  });

  return app;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
