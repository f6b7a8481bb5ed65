import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { eq } from 'drizzle-orm';
import {
  AuthorizationRedirectSchema,
  AuthResponseSchema,
  CompleteEmailSchema,
  CompleteLinkSchema,
  ExternalSignInStartSchema,
  LinkIdentitySchema,
  normalizeEmail,
  PendingSignInSchema,
  ProvidersSchema,
  SignInMethodsSchema,
  type ExternalSignInError,
  type PendingSignIn,
} from '@app/contract';
import type { AppEnv, Deps } from '../types.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { busy, errors, unreadableRequest } from '../schemas/common.js';
import { jsonBody } from '../middleware/json-body.js';
import { sameOriginOnly } from '../middleware/same-origin.js';
import { requireAuth } from '../middleware/auth.js';
import { ApiError, forbidden, notFound, validationError } from '../lib/errors.js';
import { validationHook } from '../lib/validation.js';
import { clientNetwork } from '../lib/net.js';
import { ExternalAuthError, IdentityProviders, type ExternalProfile } from '../auth/identity-providers.js';
import type { IdentityProviderConfig } from '../auth/provider-config.js';
import {
  clearFlowCookie,
  FLOW_TTL_MS,
  newFlowToken,
  readFlowId,
  RECENT_SIGN_IN_ISSUE,
  safeReturnPath,
  setFlowCookie,
  signedInRecently,
  type AuthorizePayload,
  type PendingPayload,
} from '../auth/external-flow.js';
import {
  externalStartKey,
  giveBackCounted,
  giveBackIfBusy,
  loginChecks,
  registerEmailKey,
  reserveAttempt,
  verifyCurrentPasswordThrottled,
  type CountedAttempt,
} from '../auth/rate-limit.js';
import { checkPasswordInTurn } from '../auth/password.js';
import { createSession, deleteExpiredSessions } from '../auth/sessions.js';
import { signAccessToken } from '../auth/jwt.js';
import { setRefreshCookie } from '../auth/cookie.js';
import { findUserByEmail, findUserById, insertUser, toUserDto, type UserRow } from '../repositories/users.js';
import {
  deleteIdentity,
  deleteFlow,
  findFlow,
  findIdentity,
  insertFlow,
  insertIdentity,
  listIdentities,
  purgeExpiredFlows,
  takeFlow,
  touchIdentity,
  updateFlowPayload,
  type FlowRow,
} from '../repositories/identities.js';

const security = [{ bearerAuth: [] }];

const ProviderParamSchema = z.object({
  provider: z
    .string()
    .max(64)
    .openapi({ param: { name: 'provider', in: 'path' }, example: 'google' }),
});

const CallbackQuerySchema = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    iss: z.string().optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .passthrough();

const redirect = (description: string) => ({
  description,
  headers: z.object({ Location: z.string().openapi({ description: 'Where the browser goes next' }) }),
});
const providerUnreachable = {
  content: errors[503].content,
  description: 'The provider could not be reached (or answered nonsense); the message says which',
};

/**
 * Signing in with external identity providers (OpenID Connect, GitHub): the redirect, the callback, the step that
 * may follow it (a password to link an existing account, or an e-mail address), and the signed-in user's linked
 * providers. The result is the same refresh session as a password login.
 */
export function externalAuthRoutes(deps: Deps) {
  const { db, config, clock, log } = deps;
  const providers = new IdentityProviders(config.identityProviders ?? [], config.publicUrl ?? 'http://localhost:3000');
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const json = jsonBody(config);
  const sameOrigin = sameOriginOnly(config);
  const auth = requireAuth(deps);

  const providerOr404 = (id: string): IdentityProviderConfig => {
    const p = providers.get(id);
    if (!p) throw notFound('Unknown sign-in provider');
    return p;
  };

  /** One log line per failed provider sign-in: the provider, the reason and the check that failed. Never a token. */
  const logFailure = (c: Context<AppEnv>, provider: string, reason: string, code: string) =>
    log('warn', { msg: 'external sign-in failed', requestId: c.get('requestId'), provider, reason, code: code.slice(0, 120) });

  /** A new authorization request: its secrets stored, the cookie set, the provider's URL returned. */
  async function beginAuthorization(
    c: Context<AppEnv>,
    p: IdentityProviderConfig,
    o: { remember: boolean; returnTo: string; timeZone?: string; userId: string | null; startCounted?: ReadonlyArray<CountedAttempt> },
  ): Promise<string> {
    const now = clock.now();
    if (Math.random() < 0.05) await purgeExpiredFlows(db, now);
    const payload: AuthorizePayload & StartCount = {
      state: oidc.randomState(),
      ...(p.kind === 'oidc' ? { nonce: oidc.randomNonce() } : {}),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      remember: o.remember,
      returnTo: o.returnTo,
      ...(o.timeZone ? { timeZone: o.timeZone } : {}),
      ...(o.startCounted ? { startCounted: o.startCounted.map(({ key, resetAt }) => ({ key, resetAt: resetAt.toISOString() })) } : {}),
    };
    let url: URL;
    try {
      url = await providers.authorizationUrl(p, payload);
    } catch (err) {
      const e = err instanceof ExternalAuthError ? err : new ExternalAuthError('failed', 'error');
      logFailure(c, p.id, e.reason, e.code);
      throw new ApiError(503, `${p.name} could not be reached. Try again in a moment, or sign in with your password.`, [], {
        'Retry-After': '30',
      });
    }
    const { token, idHash } = newFlowToken();
    await insertFlow(db, {
      idHash,
      provider: p.id,
      stage: 'authorize',
      userId: o.userId,
      payload,
      now,
      expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    });
    setFlowCookie(c, config, token);
    return url.href;
  }

  /**
   * A sign-in that succeeded gives its start's attempt back (as a password login's success does), so only starts that
   * came to nothing count against the client network.
   */
  async function giveBackStart(payload: StartCount): Promise<void> {
    const counted = (payload.startCounted ?? []).filter((h) => h.key.startsWith(externalStartKey('')));
    if (counted.length)
      await giveBackCounted(
        db,
        counted.map(({ key, resetAt }) => ({ key, resetAt: new Date(resetAt) })),
      );
  }

  /** The refresh session and access token a password login would give. */
  async function signIn(c: Context<AppEnv>, user: UserRow, remember: boolean) {
    const now = clock.now();
    await deleteExpiredSessions(db, user.id, now);
    const { token, session } = await createSession(db, user.id, remember, now);
    setRefreshCookie(c, config, token, session, now);
    return signAccessToken(config.jwtSecret, { sub: user.id, sid: session.id, role: user.role }, now);
  }

  // ---- the sign-in screens' calls (no bearer token) ---------------------------------------------------------

  app.openapi(
    createRoute({
      method: 'get',
      path: '/auth/providers',
      operationId: 'listIdentityProviders',
      // public: no bearer token
      security: [],
      tags: ['auth'],
      summary: 'Configured external identity providers',
      description: 'The providers the sign-in screens offer ("Continue with …"), in order. Empty unless AUTH_PROVIDERS is set.',
      responses: {
        200: { content: { 'application/json': { schema: ProvidersSchema } }, description: 'The providers' },
        ...unreadableRequest,
      },
    }),
    (c) => c.json({ providers: providers.list() }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/external/{provider}/start',
      operationId: 'startExternalSignIn',
      // public: no bearer token
      security: [],
      tags: ['auth'],
      summary: 'Start signing in with an external provider',
      description:
        "Stores the request's state, nonce and PKCE verifier (10 minutes, single use) under a random value it sets in " +
        'the HttpOnly cookie wt_external, and returns the URL of the provider to open. `returnTo` is where the person lands ' +
        'afterwards; `remember` makes the resulting session outlive the browser, as with a password login.',
      middleware: [sameOrigin, json] as const,
      request: {
        params: ProviderParamSchema,
        body: { content: { 'application/json': { schema: ExternalSignInStartSchema } }, required: true },
      },
      responses: {
        200: { content: { 'application/json': { schema: AuthorizationRedirectSchema } }, description: 'Open this URL; sets wt_external' },
        400: errors[400],
        404: errors[404],
        413: errors[413],
        415: errors[415],
        422: errors[422],
        429: errors[429],
        503: providerUnreachable,
      },
    }),
    async (c) => {
      const p = providerOr404(c.req.valid('param').provider);
      const body = c.req.valid('json');
      // counted until the sign-in it starts succeeds (giveBackStart); a start that fails here made nothing to count
      const attempt = await reserveAttempt(
        db,
        [{ key: externalStartKey(clientNetwork(c, config)), rule: config.rateLimits.loginPerIp }],
        clock.now(),
      );
      const authorizationUrl = await beginAuthorization(c, p, {
        remember: body.remember === true,
        returnTo: safeReturnPath(body.returnTo),
        timeZone: body.timeZone,
        userId: null,
        startCounted: attempt.counted,
      }).catch(async (err: unknown) => {
        await attempt.giveBack();
        throw err;
      });
      return c.json({ authorizationUrl }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/auth/external/{provider}/callback',
      operationId: 'externalSignInCallback',
      // public: no bearer token
      security: [],
      tags: ['auth'],
      summary: "The provider's redirect back (the registered redirect URI)",
      description:
        'Uses up the request stored for the wt_external cookie, checks the answer (state, issuer, PKCE, the ID token: ' +
        'signature, issuer, audience, nonce, expiry) and answers with a redirect: to /login?signin=<provider> with the ' +
        'refresh cookie set (the sign-in screen then takes the access token and goes to `next`); to /login?signin=pending ' +
        'when a password or an e-mail address is needed; to /login?signin_error=<reason>&provider=<id> when it failed ' +
        '(denied, expired, failed, unavailable, taken). Linking from Settings goes back to /dashboard/settings.',
      request: { params: ProviderParamSchema, query: CallbackQuerySchema },
      responses: {
        302: redirect('To the sign-in screen or Settings (every outcome, failures included)'),
        ...unreadableRequest,
        default: { content: errors[503].content, description: 'Only an unexpected failure of this server (the usual error shape)' },
      },
    }),
    async (c) => {
      const id = c.req.valid('param').provider;
      const flowId = readFlowId(c);
      // every way out but a pending step clears the flow's cookie (its record is gone)
      const go = (location: string) => {
        clearFlowCookie(c, config);
        return c.redirect(location, 302);
      };
      const now = clock.now();
      const p = providers.get(id);
      const toLogin = (error: ExternalSignInError) => go(`/login?signin_error=${error}&provider=${encodeURIComponent(id)}`);
      if (!p) return toLogin('unknown');
      const flow = flowId ? await takeFlow(db, flowId, now) : undefined;
      if (!flow || flow.stage !== 'authorize' || flow.provider !== p.id) {
        logFailure(c, p.id, 'expired', flowId ? 'no_such_flow' : 'no_cookie');
        return toLogin('expired');
      }
      const secrets = flow.payload as AuthorizePayload & StartCount;
      const linking = flow.userId !== null;
      const toSettings = (query: string) => go(`/dashboard/settings?tab=account&${query}`);
      let profile: ExternalProfile;
      try {
        profile = await providers.complete(p, new URL(c.req.url).search, secrets);
      } catch (err) {
        const e = err instanceof ExternalAuthError ? err : new ExternalAuthError('failed', 'error');
        logFailure(c, p.id, e.reason, e.code);
        return linking ? toSettings(`link_error=${e.reason}&provider=${p.id}`) : toLogin(e.reason);
      }

      if (linking) {
        const existing = await findIdentity(db, p.id, profile.subject);
        if (existing && existing.userId !== flow.userId) return toSettings(`link_error=taken&provider=${p.id}`);
        if (!existing) {
          // one account per provider: Settings offers Connect only for a provider not connected yet
          if ((await listIdentities(db, flow.userId!)).some((i) => i.provider === p.id))
            return toSettings(`link_error=already&provider=${p.id}`);
          const linked = await insertIdentity(db, {
            userId: flow.userId!,
            provider: p.id,
            subject: profile.subject,
            email: profile.emailVerified ? profile.email : null,
            now,
          });
          if (!linked) return toSettings(`link_error=taken&provider=${p.id}`);
        }
        return toSettings(`linked=${p.id}`);
      }

      const signedIn = async (user: UserRow) => {
        await signIn(c, user, secrets.remember);
        await giveBackStart(secrets);
        const next = encodeURIComponent(safeReturnPath(secrets.returnTo));
        return go(`/login?signin=${p.id}&next=${next}${secrets.remember ? '&remember=1' : ''}`);
      };

      const identity = await findIdentity(db, p.id, profile.subject);
      if (identity) {
        const user = await findUserById(db, identity.userId);
        if (user) {
          await touchIdentity(db, identity, now);
          return signedIn(user);
        }
      }

      const pending: PendingPayload & StartCount = {
        kind: 'email',
        subject: profile.subject,
        providerEmail: profile.email,
        emailVerified: profile.emailVerified,
        firstName: profile.firstName,
        lastName: profile.lastName,
        remember: secrets.remember,
        returnTo: secrets.returnTo,
        ...(secrets.timeZone ? { timeZone: secrets.timeZone } : {}),
        // the sign-in is not done yet: its start is given back when the waiting step finishes it
        ...(secrets.startCounted ? { startCounted: secrets.startCounted } : {}),
      };
      if (profile.emailVerified && profile.email) {
        const email = normalizeEmail(profile.email);
        const owner = await findUserByEmail(db, email);
        if (!owner) {
          const created = await createAccount(p.id, pending, email);
          if (created) return signedIn(created);
        }
        // the address belongs to an account: only that account's password may connect this provider to it
        const account = owner ?? (await findUserByEmail(db, email));
        if (account) {
          pending.kind = 'link';
          pending.accountId = account.id;
          pending.accountByProvider = true;
        }
      }
      const { token, idHash } = newFlowToken();
      await insertFlow(db, {
        idHash,
        provider: p.id,
        stage: 'pending',
        userId: null,
        payload: pending,
        now,
        expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
      });
      setFlowCookie(c, config, token);
      return c.redirect('/login?signin=pending', 302);
    },
  );

  /** A new user and their identity, in one transaction; undefined when the address or the identity was taken meanwhile. */
  async function createAccount(provider: string, pending: PendingPayload, email: string): Promise<UserRow | undefined> {
    const now = clock.now();
    return db
      .transaction(async (tx) => {
        const user = await insertUser(tx, {
          id: randomUUID(),
          email,
          passwordHash: null,
          firstName: pending.firstName,
          lastName: pending.lastName,
          timeZone: pending.timeZone,
          now,
        });
        if (!user) return undefined;
        const linked = await insertIdentity(tx, {
          userId: user.id,
          provider,
          subject: pending.subject,
          email: pending.emailVerified ? pending.providerEmail : null,
          now,
        });
        if (!linked) throw new IdentityTaken();
        return user;
      })
      .catch((err: unknown) => {
        if (err instanceof IdentityTaken) return undefined;
        throw err;
      });
  }

  /** The pending step of this browser, or 404. */
  async function pendingFlow(
    c: Context<AppEnv>,
  ): Promise<{ flow: FlowRow; payload: PendingPayload & StartCount; p: IdentityProviderConfig }> {
    const flowId = readFlowId(c);
    const flow = flowId ? await findFlow(db, flowId, clock.now()) : undefined;
    const p = flow ? providers.get(flow.provider) : undefined;
    if (!flow || flow.stage !== 'pending' || !p) throw notFound('No sign-in is waiting: start again');
    return { flow, payload: flow.payload as PendingPayload & StartCount, p };
  }

  async function describePending(payload: PendingPayload, p: IdentityProviderConfig): Promise<PendingSignIn> {
    const account = payload.kind === 'link' && payload.accountId ? await findUserById(db, payload.accountId) : undefined;
    // how the account signs in is told only to whom the provider vouched for its address: an address typed here
    // learns no more than the 409 said (an account has it)
    const signInMethods =
      account && payload.accountByProvider === true
        ? {
            accountHasPassword: account.passwordHash !== null,
            accountProviders: (await listIdentities(db, account.id)).map((i) => providers.nameOf(i.provider)),
          }
        : {};
    return {
      provider: { id: p.id, name: p.name },
      kind: payload.kind,
      email: account ? account.email : payload.providerEmail,
      firstName: payload.firstName,
      lastName: payload.lastName,
      ...signInMethods,
      remember: payload.remember,
      returnTo: safeReturnPath(payload.returnTo),
    };
  }

  /** Finishes a pending step: the identity linked to `user`, the session started, the flow used up. */
  async function finishPending(c: Context<AppEnv>, flow: FlowRow, payload: PendingPayload & StartCount, user: UserRow): Promise<string> {
    const p = providers.get(flow.provider)!;
    const taken = await findIdentity(db, p.id, payload.subject);
    if (taken && taken.userId !== user.id) {
      await deleteFlow(db, flow.idHash);
      clearFlowCookie(c, config);
      throw new ApiError(409, `That ${p.name} account is already connected to another account here.`, [
        { field: 'general', issue: `That ${p.name} account is already connected to another account here.` },
      ]);
    }
    if (!taken) {
      if ((await listIdentities(db, user.id)).some((i) => i.provider === p.id)) {
        const issue = `This account is already connected to another ${p.name} account. Disconnect it in Settings first.`;
        throw new ApiError(409, issue, [{ field: 'general', issue }]);
      }
      const linked = await insertIdentity(db, {
        userId: user.id,
        provider: p.id,
        subject: payload.subject,
        email: payload.emailVerified ? payload.providerEmail : null,
        now: clock.now(),
      });
      if (!linked) {
        const issue = `This account is already connected to another ${p.name} account. Disconnect it in Settings first.`;
        throw new ApiError(409, issue, [{ field: 'general', issue }]);
      }
    }
    await deleteFlow(db, flow.idHash);
    clearFlowCookie(c, config);
    const accessToken = await signIn(c, user, payload.remember);
    await giveBackStart(payload);
    return accessToken;
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/auth/external/pending',
      operationId: 'getPendingExternalSignIn',
      // public: no bearer token
      security: [],
      tags: ['auth'],
      summary: 'The step a provider sign-in waits for',
      description:
        'After a callback that redirected to /login?signin=pending: what the sign-in screen should ask for. How the ' +
        "account signs in (accountHasPassword, accountProviders) is said only when the provider's verified e-mail found it.",
      responses: {
        200: { content: { 'application/json': { schema: PendingSignInSchema } }, description: 'The waiting step' },
        404: errors[404],
      },
    }),
    async (c) => {
      const { payload, p } = await pendingFlow(c);
      return c.json(await describePending(payload, p), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/external/pending/link',
      operationId: 'linkPendingExternalSignIn',
      // public: no bearer token
      security: [],
      tags: ['auth'],
      summary: "Connect the provider to the existing account with that account's password",
      description:
        "The provider's verified e-mail belongs to an account: its password (never the e-mail alone) connects the provider " +
        'and signs in, like a login (same limits). A wrong password may be tried again while the step lasts.',
      middleware: [sameOrigin, json] as const,
      request: { body: { content: { 'application/json': { schema: CompleteLinkSchema } }, required: true } },
      responses: {
        200: { content: { 'application/json': { schema: AuthResponseSchema } }, description: 'Linked and signed in' },
        400: errors[400],
        401: errors[401],
        404: errors[404],
        409: errors[409],
        413: errors[413],
        415: errors[415],
        422: errors[422],
        429: errors[429],
        503: busy,
      },
    }),
    async (c) => {
      const { password } = c.req.valid('json');
      const { flow, payload } = await pendingFlow(c);
      const account = payload.kind === 'link' && payload.accountId ? await findUserById(db, payload.accountId) : undefined;
      if (!account) throw notFound('No sign-in is waiting: start again');
      // a login by another door: the same counters
      const attempt = await reserveAttempt(db, loginChecks(c, config, account.email), clock.now());
      // an account without a password is checked against the dummy, so the answer's time does not tell
      if (!(await checkPasswordInTurn(deps, account.passwordHash, password).catch(giveBackIfBusy(attempt)))) {
        throw new ApiError(401, 'Password is incorrect', [{ field: 'password', issue: 'Password is incorrect' }]);
      }
      await attempt.succeeded();
      const accessToken = await finishPending(c, flow, payload, account);
      return c.json({ accessToken, ...toUserDto(account) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/external/pending/email',
      operationId: 'completePendingExternalSignIn',
      // public: no bearer token
      security: [],
      tags: ['auth'],
      summary: 'Create the account with an e-mail address the provider did not vouch for',
      description:
        'The provider gave no verified e-mail: the new account takes this one (as a sign-up with a password would). An ' +
        "address that belongs to an account answers 409 and the step becomes 'link': that account's password connects it.",
      middleware: [sameOrigin, json] as const,
      request: { body: { content: { 'application/json': { schema: CompleteEmailSchema } }, required: true } },
      responses: {
        201: { content: { 'application/json': { schema: AuthResponseSchema } }, description: 'Created and signed in' },
        400: errors[400],
        404: errors[404],
        409: errors[409],
        413: errors[413],
        415: errors[415],
        422: errors[422],
        429: errors[429],
      },
    }),
    async (c) => {
      const { flow, payload, p } = await pendingFlow(c);
      if (payload.kind !== 'email') throw new ApiError(409, 'Enter the password of the account to connect it');
      const email = normalizeEmail(c.req.valid('json').email);
      await reserveAttempt(
        db,
        [
          { key: `register:ip:${clientNetwork(c, config)}`, rule: config.rateLimits.registerPerIp },
          { key: registerEmailKey(email), rule: config.rateLimits.registerPerEmail },
        ],
        clock.now(),
      );
      const owner = await findUserByEmail(db, email);
      const user = owner ? undefined : await createAccount(p.id, { ...payload, providerEmail: email, emailVerified: false }, email);
      if (!user) {
        const account = owner ?? (await findUserByEmail(db, email));
        if (account)
          await updateFlowPayload(db, flow.idHash, {
            ...payload,
            kind: 'link',
            accountId: account.id,
            accountByProvider: false,
          } satisfies PendingPayload);
        const issue = `An account with this email already exists. Enter its password to connect ${p.name}.`;
        throw new ApiError(409, issue, [{ field: 'email', issue }]);
      }
      await deleteFlow(db, flow.idHash);
      clearFlowCookie(c, config);
      const accessToken = await signIn(c, user, payload.remember);
      await giveBackStart(payload);
      return c.json({ accessToken, ...toUserDto(user) }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/auth/external/pending',
      operationId: 'cancelPendingExternalSignIn',
      // public: no bearer token
      security: [],
      tags: ['auth'],
      summary: 'Give up the waiting step',
      middleware: [sameOrigin] as const,
      responses: { 204: { description: 'Forgotten; clears wt_external' }, ...unreadableRequest },
    }),
    async (c) => {
      const flowId = readFlowId(c);
      if (flowId) await deleteFlow(db, flowId);
      clearFlowCookie(c, config);
      return c.body(null, 204);
    },
  );

  // ---- Settings → Account: the signed-in user's sign-in methods --------------------------------------------

  app.openapi(
    createRoute({
      method: 'get',
      path: '/users/me/sign-in-methods',
      operationId: 'getMySignInMethods',
      tags: ['users'],
      summary: 'How I sign in: password, linked providers',
      security,
      middleware: [auth] as const,
      responses: {
        200: { content: { 'application/json': { schema: SignInMethodsSchema } }, description: 'Password and providers' },
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => {
      const me = c.get('user');
      const user = me.row ?? (await findUserById(db, me.id));
      if (!user) throw forbidden('Unknown user');
      const identities = await listIdentities(db, user.id);
      return c.json(
        {
          password: user.passwordHash !== null,
          identities: identities.map((i) => ({
            provider: i.provider,
            name: providers.nameOf(i.provider),
            email: i.email,
            createdAt: i.createdAt.toISOString(),
            lastUsedAt: i.lastUsedAt?.toISOString() ?? null,
          })),
          providers: providers.list(),
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/users/me/identities',
      operationId: 'linkIdentity',
      tags: ['users'],
      summary: 'Connect a provider to my account',
      description:
        'Needs currentPassword when the account has one (an account without a password: a sign-in within the last 10 ' +
        'minutes). Starts an authorization request like sign-in (sets wt_external) and returns the URL to open; the ' +
        'callback links the provider and goes back to Settings (?linked=<provider> or ?link_error=<reason>).',
      security,
      middleware: [auth, json] as const,
      request: { body: { content: { 'application/json': { schema: LinkIdentitySchema } }, required: true } },
      responses: {
        200: { content: { 'application/json': { schema: AuthorizationRedirectSchema } }, description: 'Open this URL' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
        409: errors[409],
        413: errors[413],
        415: errors[415],
        422: errors[422],
        429: errors[429],
        503: providerUnreachable,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const me = c.get('user');
      const p = providerOr404(body.provider);
      const user = await findUserById(db, me.id);
      if (!user) throw forbidden('Unknown user');
      if ((await listIdentities(db, user.id)).some((i) => i.provider === p.id))
        throw new ApiError(409, `${p.name} is already connected`, [{ field: 'general', issue: `${p.name} is already connected` }]);
      if (user.passwordHash !== null) {
        if (!body.currentPassword)
          throw validationError([{ field: 'currentPassword', issue: `Enter your current password to connect ${p.name}` }]);
        if (!(await verifyCurrentPasswordThrottled(deps, c, user, body.currentPassword)))
          throw validationError([{ field: 'currentPassword', issue: 'Current password is incorrect' }]);
      } else if (!(await signedInRecently(db, me.sessionId, clock.now()))) {
        throw validationError([{ field: 'general', issue: RECENT_SIGN_IN_ISSUE }]);
      }
      const authorizationUrl = await beginAuthorization(c, p, {
        remember: false,
        returnTo: '/dashboard/settings?tab=account',
        userId: user.id,
      });
      return c.json({ authorizationUrl }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/users/me/identities/{provider}',
      operationId: 'unlinkIdentity',
      tags: ['users'],
      summary: 'Disconnect a provider from my account',
      description: 'Refused (409) when it is the last way to sign in: an account without a password keeps one provider.',
      security,
      middleware: [auth] as const,
      request: { params: ProviderParamSchema },
      responses: {
        204: { description: 'Disconnected' },
        401: errors[401],
        403: errors[403],
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => {
      const { provider } = c.req.valid('param');
      const me = c.get('user');
      const issue = 'This is your only way to sign in: set a password or connect another provider first.';
      await db.transaction(async (tx) => {
        // the user's row is locked, so two removals at once cannot both pass the check
        const user = await lockUser(tx, me.id);
        if (!user) throw forbidden('Unknown user');
        const identities = await listIdentities(tx, me.id);
        if (!identities.some((i) => i.provider === provider)) throw notFound('No such sign-in method');
        // what stays must still sign in: a password, or another provider this server still offers (one taken out of
        // AUTH_PROVIDERS cannot be started)
        const staysReachable = user.passwordHash !== null || identities.some((i) => i.provider !== provider && providers.get(i.provider));
        if (!staysReachable) throw new ApiError(409, issue, [{ field: 'general', issue }]);
        await deleteIdentity(tx, me.id, provider);
      });
      return c.body(null, 204);
    },
  );

  return app;
}

class IdentityTaken extends Error {}

/** A start's count as stored in its flow (JSON), to give back once the sign-in succeeds. */
type StartCount = { startCounted?: { key: string; resetAt: string }[] };

async function lockUser(tx: Db, id: string): Promise<UserRow | undefined> {
  return (await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1))[0];
}
