/**
 * Sign-in with an external identity provider, end to end against a real OpenID Connect provider (oidc-provider,
 * certified) running in this process: the redirect, the provider's sign-in and consent, the callback, the session.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  call,
  DEFAULT_RATE_LIMITS,
  describeDb,
  GOOD_PASSWORD,
  register,
  uniqueEmail,
  type Ctx,
  type Res,
  type TestApp,
} from '../test/harness.js';
import { signInAtProvider, startTestProvider, type TestProvider } from '../test/oidc-provider.js';
import type { IdentityProviderConfig } from '../auth/provider-config.js';
import { users } from '../db/schema.js';
import { insertIdentity } from '../repositories/identities.js';

const PUBLIC_URL = 'http://localhost:3000';
const CLIENT = { clientId: 'weightwise-test', clientSecret: 'test-client-secret-0123456789' };
const CALLBACK = `${PUBLIC_URL}/api/auth/external/testid/callback`;

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider({ ...CLIENT, redirectUris: [CALLBACK], ports: [47000, 47049] });
}, 30_000);
afterAll(() => provider?.close());

const testId = (): IdentityProviderConfig => ({
  kind: 'oidc',
  id: 'testid',
  name: 'Test ID',
  issuer: provider.issuer,
  clientId: CLIENT.clientId,
  clientSecret: CLIENT.clientSecret,
  scopes: ['openid', 'email', 'profile'],
});

const appWith = (ctx: Ctx, list: IdentityProviderConfig[] = [testId()]) => ctx.makeApp({ identityProviders: list, publicUrl: PUBLIC_URL });

/** The value of one cookie the answer sets ('' when it clears it), or undefined. */
function setCookie(res: Res, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (m) return m[1];
  }
  return undefined;
}

type Person = { email?: string; givenName?: string; familyName?: string; verified?: boolean };

async function start(app: TestApp, body: Record<string, unknown> = {}) {
  const r = await call(app, 'POST', '/api/auth/external/testid/start', { body });
  expect(r.status, r.text).toBe(200);
  const flow = setCookie(r, 'wt_external');
  expect(flow).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { url: r.body.authorizationUrl as string, cookie: `wt_external=${flow}` };
}

/** Start → the provider (sign in, allow) → the callback; returns the callback's answer. */
async function signIn(app: TestApp, person: Person, o: { body?: Record<string, unknown>; deny?: boolean; cancel?: boolean } = {}) {
  const { url, cookie } = await start(app, o.body);
  const back = await signInAtProvider(url, person, { deny: o.deny, cancel: o.cancel, callbackPrefix: CALLBACK });
  const res = await call(app, 'GET', back.pathname + back.search, { cookie });
  return { res, back, cookie, location: new URL(res.headers.get('location') ?? '/', PUBLIC_URL) };
}

const refreshCookieOf = (res: Res) => {
  const v = setCookie(res, 'wt_refresh');
  return v ? `wt_refresh=${v}` : undefined;
};

async function accessToken(app: TestApp, refresh: string): Promise<string> {
  const r = await call(app, 'GET', '/api/auth/token', { cookie: refresh });
  expect(r.status).toBe(200);
  return r.body.accessToken;
}

const userCount = async (ctx: Ctx) => (await ctx.db.select({ id: users.id }).from(users)).length;

describeDb('external sign-in', (ctx) => {
  it('lists the configured providers (never their client id or secret), none by default', async () => {
    expect((await call(ctx.app, 'GET', '/api/auth/providers')).body).toEqual({ providers: [] });
    const r = await call(appWith(ctx), 'GET', '/api/auth/providers');
    expect(r.body).toEqual({ providers: [{ id: 'testid', name: 'Test ID' }] });
    expect(r.text).not.toContain(CLIENT.clientId);
    expect(r.text).not.toContain(CLIENT.clientSecret);
  });

  it('the authorization request: code flow with PKCE (S256), state, nonce, the public callback; unknown providers 404', async () => {
    const app = appWith(ctx);
    const { url } = await start(app, { returnTo: '/dashboard/analytics' });
    const u = new URL(url);
    expect(u.origin).toBe(provider.issuer);
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(u.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(u.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(u.searchParams.get('scope')).toBe('openid email profile');
    expect((await call(app, 'POST', '/api/auth/external/nope/start', { body: {} })).status).toBe(404);
    expect((await call(app, 'POST', '/api/auth/external/testid/start', { body: { returnTo: '//evil.example/' } })).status).toBe(422);
    // half a character could not be kept with the sign-in under way
    expect((await call(app, 'POST', '/api/auth/external/testid/start', { body: { returnTo: '/dashboard/\ud800' } })).status).toBe(422);
    expect((await call(app, 'POST', '/api/auth/external/testid/start', { body: { extra: 1 } })).status).toBe(422);
  });

  it('a new person: the account is made from the ID token (names, verified e-mail), signed in with a refresh session, back where they came from', async () => {
    const app = appWith(ctx);
    const email = uniqueEmail('oidc');
    const before = await userCount(ctx);
    const { res, location } = await signIn(
      app,
      { email, givenName: 'Grace', familyName: 'Hopper' },
      { body: { returnTo: '/dashboard/analytics', timeZone: 'Europe/Paris' } },
    );
    expect(res.status).toBe(302);
    expect(location.pathname).toBe('/login');
    expect(Object.fromEntries(location.searchParams)).toEqual({ signin: 'testid', next: '/dashboard/analytics' });
    expect(setCookie(res, 'wt_external')).toBe('');
    const refresh = refreshCookieOf(res)!;
    expect(refresh).toBeDefined();
    // without "remember me" the cookie ends with the browser, as after a password login
    expect(res.headers.getSetCookie().find((l) => l.startsWith('wt_refresh='))).not.toMatch(/Max-Age/i);
    expect(await userCount(ctx)).toBe(before + 1);

    const token = await accessToken(app, refresh);
    const me = await call(app, 'GET', '/api/users/me', { token });
    expect(me.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email, timeZone: 'Europe/Paris' });
    const methods = await call(app, 'GET', '/api/users/me/sign-in-methods', { token });
    expect(methods.body).toEqual({
      password: false,
      identities: [{ provider: 'testid', name: 'Test ID', email, createdAt: expect.any(String), lastUsedAt: expect.any(String) }],
      providers: [{ id: 'testid', name: 'Test ID' }],
    });
    // the account has no password: a password login is refused like a wrong one
    const login = await call(app, 'POST', '/api/auth/login', { body: { email, password: 'anything-at-all-1' } });
    expect(login.status).toBe(401);

    // signing in again finds the same account by the provider's subject; "remember me" makes the cookie persistent
    const again = await signIn(app, { email, givenName: 'Someone', familyName: 'Else' }, { body: { remember: true } });
    expect(Object.fromEntries(again.location.searchParams)).toEqual({ signin: 'testid', next: '/dashboard/overview', remember: '1' });
    expect(again.res.headers.getSetCookie().find((l) => l.startsWith('wt_refresh='))).toMatch(/Max-Age=\d+/i);
    expect(await userCount(ctx)).toBe(before + 1);
    const me2 = await call(app, 'GET', '/api/users/me', { token: await accessToken(app, refreshCookieOf(again.res)!) });
    expect(me2.body).toMatchObject({ id: me.body.id, firstName: 'Grace' });
  });

  it('an existing password account with that e-mail is linked only with its password, never by the e-mail alone', async () => {
    const app = appWith(ctx);
    const owner = await register(app, { email: uniqueEmail('owner') });
    const before = await userCount(ctx);
    const { res, location } = await signIn(app, { email: owner.email, givenName: 'Ada' });
    expect(location.pathname + location.search).toBe('/login?signin=pending');
    expect(refreshCookieOf(res)).toBeUndefined();
    const pending = `wt_external=${setCookie(res, 'wt_external')}`;
    const state = await call(app, 'GET', '/api/auth/external/pending', { cookie: pending });
    expect(state.body).toEqual({
      provider: { id: 'testid', name: 'Test ID' },
      kind: 'link',
      email: owner.email,
      firstName: 'Ada',
      lastName: '-',
      accountHasPassword: true,
      accountProviders: [],
      remember: false,
      returnTo: '/dashboard/overview',
    });
    const wrong = await call(app, 'POST', '/api/auth/external/pending/link', { cookie: pending, body: { password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.details).toEqual([{ field: 'password', issue: 'Password is incorrect' }]);
    expect(refreshCookieOf(wrong)).toBeUndefined();
    // the same step sent from another site, password and all: refused, and the step still waits
    const foreign = await call(app, 'POST', '/api/auth/external/pending/link', {
      cookie: pending,
      body: { password: owner.password },
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(refreshCookieOf(foreign)).toBeUndefined();
    const right = await call(app, 'POST', '/api/auth/external/pending/link', { cookie: pending, body: { password: owner.password } });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ id: owner.user.id, email: owner.email, accessToken: expect.any(String) });
    expect(refreshCookieOf(right)).toBeDefined();
    expect(await userCount(ctx)).toBe(before);
    // used up
    expect((await call(app, 'GET', '/api/auth/external/pending', { cookie: pending })).status).toBe(404);
    // from now on the provider signs in to that account directly
    const again = await signIn(app, { email: owner.email });
    expect(again.location.searchParams.get('signin')).toBe('testid');
    const me = await call(app, 'GET', '/api/users/me', { token: await accessToken(app, refreshCookieOf(again.res)!) });
    expect(me.body.id).toBe(owner.user.id);
  });

  it('an e-mail the provider does not vouch for is never used to find an account: the person types one', async () => {
    const app = appWith(ctx);
    const owner = await register(app, { email: uniqueEmail('victim') });
    const before = await userCount(ctx);
    // the provider says the victim's address, unverified: no link is offered, the sign-in asks for an address
    const { res, location } = await signIn(app, { email: owner.email, givenName: 'Mallory', verified: false });
    expect(location.search).toBe('?signin=pending');
    const pending = `wt_external=${setCookie(res, 'wt_external')}`;
    const state = await call(app, 'GET', '/api/auth/external/pending', { cookie: pending });
    expect(state.body).toMatchObject({ kind: 'email', email: owner.email });
    expect(state.body).not.toHaveProperty('accountHasPassword');
    // typing an address of an account turns the step into "enter its password"
    const taken = await call(app, 'POST', '/api/auth/external/pending/email', { cookie: pending, body: { email: owner.email } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.details[0].field).toBe('email');
    expect((await call(app, 'GET', '/api/auth/external/pending', { cookie: pending })).body).toMatchObject({
      kind: 'link',
      email: owner.email,
    });
    const wrong = await call(app, 'POST', '/api/auth/external/pending/link', { cookie: pending, body: { password: 'guess-guess-guess' } });
    expect(wrong.status).toBe(401);
    expect(await userCount(ctx)).toBe(before);

    // another person without a verified address: a new address makes a new account
    const second = await signIn(app, { givenName: 'Nova', familyName: 'Lee' });
    const pending2 = `wt_external=${setCookie(second.res, 'wt_external')}`;
    expect((await call(app, 'GET', '/api/auth/external/pending', { cookie: pending2 })).body).toMatchObject({ kind: 'email', email: null });
    expect((await call(app, 'POST', '/api/auth/external/pending/email', { cookie: pending2, body: { email: 'nope' } })).status).toBe(422);
    const email = uniqueEmail('nova');
    const made = await call(app, 'POST', '/api/auth/external/pending/email', { cookie: pending2, body: { email } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ firstName: 'Nova', lastName: 'Lee', email, accessToken: expect.any(String) });
    expect(refreshCookieOf(made)).toBeDefined();
    expect(await userCount(ctx)).toBe(before + 1);
  });

  it('an address typed at the waiting step learns nothing of how that account signs in', async () => {
    const app = appWith(ctx);
    // the account: made through the provider, so it has no password and one provider
    const ownerEmail = uniqueEmail('quiet');
    await signIn(app, { email: ownerEmail, givenName: 'Owner' });
    // someone whose provider vouches for no address types the owner's
    const { res } = await signIn(app, { givenName: 'Mallory', familyName: 'M' });
    const pending = `wt_external=${setCookie(res, 'wt_external')}`;
    const taken = await call(app, 'POST', '/api/auth/external/pending/email', { cookie: pending, body: { email: ownerEmail } });
    expect(taken.status).toBe(409);
    const state = await call(app, 'GET', '/api/auth/external/pending', { cookie: pending });
    expect(state.status).toBe(200);
    expect(state.body).toEqual({
      provider: { id: 'testid', name: 'Test ID' },
      kind: 'link',
      email: ownerEmail,
      firstName: 'Mallory',
      lastName: 'M',
      remember: false,
      returnTo: '/dashboard/overview',
    });
    // a password is answered as a wrong one, whether the account has one or not
    const tried = await call(app, 'POST', '/api/auth/external/pending/link', { cookie: pending, body: { password: 'guess-guess-guess' } });
    expect(tried.status).toBe(401);
    expect(tried.body.error.details).toEqual([{ field: 'password', issue: 'Password is incorrect' }]);
  });

  it('the password step is a login: failures from one address hold it there, never from elsewhere', async () => {
    const limited = ctx.makeApp({ identityProviders: [testId()], publicUrl: PUBLIC_URL, rateLimits: DEFAULT_RATE_LIMITS });
    const owner = await register(ctx.app, { email: uniqueEmail('held') });
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginPerEmail.limit; i++) {
      const r = await call(limited, 'POST', '/api/auth/login', {
        body: { email: owner.email, password: `wrong-${i}-password` },
        ip: '198.51.100.30',
      });
      expect(r.status).toBe(401);
    }
    const { res } = await signIn(appWith(ctx), { email: owner.email });
    const pending = `wt_external=${setCookie(res, 'wt_external')}`;
    const link = (ip: string) =>
      call(limited, 'POST', '/api/auth/external/pending/link', { cookie: pending, body: { password: owner.password }, ip });
    expect((await link('198.51.100.30')).status).toBe(429);
    const elsewhere = await link('192.0.2.30');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject({ id: owner.user.id });
  });

  it('denied consent, or a cancelled sign-in at the provider: a message, no account, no session', async () => {
    const app = appWith(ctx);
    const before = await userCount(ctx);
    const denied = await signIn(app, { email: uniqueEmail('deny') }, { deny: true });
    expect(denied.location.pathname + denied.location.search).toBe('/login?signin_error=denied&provider=testid');
    expect(refreshCookieOf(denied.res)).toBeUndefined();
    const cancelled = await signIn(app, { email: uniqueEmail('cancel') }, { cancel: true });
    expect(cancelled.location.search).toBe('?signin_error=denied&provider=testid');
    expect(await userCount(ctx)).toBe(before);
  });

  it('a replayed, expired or cookie-less callback is refused: the state is single use and bound to the browser', async () => {
    const app = appWith(ctx);
    const before = await userCount(ctx);
    const first = await signIn(app, { email: uniqueEmail('replay') });
    expect(first.location.searchParams.get('signin')).toBe('testid');
    const replay = await call(app, 'GET', first.back.pathname + first.back.search, { cookie: first.cookie });
    expect(replay.headers.get('location')).toBe('/login?signin_error=expired&provider=testid');
    expect(refreshCookieOf(replay)).toBeUndefined();

    // the callback in another browser (no cookie, or another flow's cookie)
    const { url, cookie } = await start(app);
    const back = await signInAtProvider(url, { email: uniqueEmail('other') }, { callbackPrefix: CALLBACK });
    expect((await call(app, 'GET', back.pathname + back.search)).headers.get('location')).toBe(
      '/login?signin_error=expired&provider=testid',
    );
    const other = await start(app);
    const wrongBrowser = await call(app, 'GET', back.pathname + back.search, { cookie: other.cookie });
    expect(wrongBrowser.headers.get('location')).toBe('/login?signin_error=failed&provider=testid');
    void cookie;

    // ten minutes later the request has expired
    const late = await start(app);
    const lateBack = await signInAtProvider(late.url, { email: uniqueEmail('late') }, { callbackPrefix: CALLBACK });
    ctx.clock.advance(11 * 60 * 1000);
    try {
      const res = await call(app, 'GET', lateBack.pathname + lateBack.search, { cookie: late.cookie });
      expect(res.headers.get('location')).toBe('/login?signin_error=expired&provider=testid');
    } finally {
      ctx.clock.advance(-11 * 60 * 1000);
    }
    expect(await userCount(ctx)).toBe(before + 1);
  });

  it('a tampered state or issuer in the answer, and an ID token with another nonce, issuer or audience, are each refused', async () => {
    const app = appWith(ctx);
    const before = await userCount(ctx);
    const expectRefused = async (res: Res) => {
      expect(res.headers.get('location')).toBe('/login?signin_error=failed&provider=testid');
      expect(refreshCookieOf(res)).toBeUndefined();
    };

    for (const [param, value] of [
      ['state', 'tampered-state-value-0123456789'],
      ['iss', 'https://evil.example'],
    ] as const) {
      const { url, cookie } = await start(app);
      const back = await signInAtProvider(url, { email: uniqueEmail(param) }, { callbackPrefix: CALLBACK });
      expect(back.searchParams.has(param)).toBe(true);
      back.searchParams.set(param, value);
      await expectRefused(await call(app, 'GET', back.pathname + back.search, { cookie }));
    }

    const tampers: Record<string, (c: Record<string, unknown>) => Record<string, unknown>> = {
      nonce: (c) => ({ ...c, nonce: 'another-nonce' }),
      issuer: (c) => ({ ...c, iss: 'https://evil.example' }),
      audience: (c) => ({ ...c, aud: 'another-client' }),
    };
    for (const [what, fn] of Object.entries(tampers)) {
      provider.tamper(fn);
      try {
        const { res } = await signIn(app, { email: uniqueEmail(what) });
        await expectRefused(res);
      } finally {
        provider.tamper(null);
      }
    }
    // the same re-signing without a change passes: only the claim checks refused the others
    provider.tamper((c) => c);
    try {
      const { location } = await signIn(app, { email: uniqueEmail('untouched') });
      expect(location.searchParams.get('signin')).toBe('testid');
    } finally {
      provider.tamper(null);
    }
    expect(await userCount(ctx)).toBe(before + 1);
  });

  it('a provider that is down: a message at the start, or on the sign-in screen when it fails during the callback', async () => {
    const app = appWith(ctx);
    const { url, cookie } = await start(app);
    const back = await signInAtProvider(url, { email: uniqueEmail('down') }, { callbackPrefix: CALLBACK });
    await provider.stop();
    try {
      const res = await call(app, 'GET', back.pathname + back.search, { cookie });
      expect(res.headers.get('location')).toBe('/login?signin_error=unavailable&provider=testid');
      // a server that has not discovered the provider yet cannot start
      const fresh = appWith(ctx);
      const r = await call(fresh, 'POST', '/api/auth/external/testid/start', { body: {} });
      expect(r.status).toBe(503);
      expect(r.body.error.message).toBe('Test ID could not be reached. Try again in a moment, or sign in with your password.');
      expect(setCookie(r, 'wt_external')).toBeUndefined();
    } finally {
      await provider.start();
    }
    // and once it is back, the same server starts again (a failed discovery is not kept)
    const fresh = appWith(ctx);
    expect((await call(fresh, 'POST', '/api/auth/external/testid/start', { body: {} })).status).toBe(200);
  });

  it('nothing logged holds a code, state, token or cookie', async () => {
    const app = appWith(ctx);
    ctx.logs.length = 0;
    const secrets: string[] = [];
    const ok = await signIn(app, { email: uniqueEmail('logs') });
    secrets.push(
      ok.back.searchParams.get('code')!,
      ok.back.searchParams.get('state')!,
      ok.cookie.split('=')[1]!,
      refreshCookieOf(ok.res)!.split('=')[1]!,
    );
    provider.tamper((c) => ({ ...c, aud: 'x' }));
    try {
      const bad = await signIn(app, { email: uniqueEmail('logs') });
      secrets.push(bad.back.searchParams.get('code')!, bad.back.searchParams.get('state')!);
    } finally {
      provider.tamper(null);
    }
    const denied = await signIn(app, { email: uniqueEmail('logs') }, { deny: true });
    secrets.push(denied.back.searchParams.get('state')!);
    const text = ctx.logs.join('\n');
    expect(text).toContain('external sign-in failed');
    for (const s of secrets) expect(text).not.toContain(s);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  });
});

describeDb('linked providers in Settings', (ctx) => {
  it('a password account connects a provider with its password, sees it, and may disconnect it', async () => {
    const app = appWith(ctx);
    const u = await register(app, { email: uniqueEmail('linker') });
    const link = (body: Record<string, unknown>, token = u.token) => call(app, 'POST', '/api/users/me/identities', { token, body });
    expect((await link({ provider: 'testid' })).body.error.details).toEqual([
      { field: 'currentPassword', issue: 'Enter your current password to connect Test ID' },
    ]);
    expect((await link({ provider: 'testid', currentPassword: 'wrong-password' })).status).toBe(422);
    expect((await link({ provider: 'nope', currentPassword: u.password })).status).toBe(404);
    const r = await link({ provider: 'testid', currentPassword: u.password });
    expect(r.status).toBe(200);
    const cookie = `wt_external=${setCookie(r, 'wt_external')}`;
    const back = await signInAtProvider(r.body.authorizationUrl, { email: uniqueEmail('their-id') }, { callbackPrefix: CALLBACK });
    const res = await call(app, 'GET', back.pathname + back.search, { cookie });
    expect(res.headers.get('location')).toBe('/dashboard/settings?tab=account&linked=testid');
    // linking makes no new session
    expect(refreshCookieOf(res)).toBeUndefined();
    const methods = await call(app, 'GET', '/api/users/me/sign-in-methods', { token: u.token });
    expect(methods.body.password).toBe(true);
    expect(methods.body.identities.map((i: { provider: string }) => i.provider)).toEqual(['testid']);
    expect((await link({ provider: 'testid', currentPassword: u.password })).status).toBe(409);

    // personal API tokens may not do this
    const t = await call(app, 'POST', '/api/tokens', { token: u.token, body: { name: 'script', scope: 'read-write' } });
    expect((await link({ provider: 'testid', currentPassword: u.password }, t.body.token)).status).toBe(403);
    expect((await call(app, 'DELETE', '/api/users/me/identities/testid', { token: t.body.token })).status).toBe(403);

    expect((await call(app, 'DELETE', '/api/users/me/identities/testid', { token: u.token })).status).toBe(204);
    expect((await call(app, 'DELETE', '/api/users/me/identities/testid', { token: u.token })).status).toBe(404);
    expect((await call(app, 'GET', '/api/users/me/sign-in-methods', { token: u.token })).body.identities).toEqual([]);
  });

  it('a password change forgets a connection to a provider started before it: it cannot finish', async () => {
    const app = appWith(ctx);
    const u = await register(app, { email: uniqueEmail('changer') });
    const r = await call(app, 'POST', '/api/users/me/identities', {
      token: u.token,
      body: { provider: 'testid', currentPassword: u.password },
    });
    expect(r.status).toBe(200);
    const cookie = `wt_external=${setCookie(r, 'wt_external')}`;
    const changed = await call(app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { password: 'violet-Harbour-42-kite', currentPassword: u.password },
    });
    expect(changed.status).toBe(200);
    const back = await signInAtProvider(r.body.authorizationUrl, { email: uniqueEmail('not-theirs') }, { callbackPrefix: CALLBACK });
    const res = await call(app, 'GET', back.pathname + back.search, { cookie });
    expect(res.headers.get('location')).toBe('/login?signin_error=expired&provider=testid');
    const methods = await call(app, 'GET', '/api/users/me/sign-in-methods', { token: changed.body.accessToken });
    expect(methods.body.identities).toEqual([]);
  });

  it('a password reset forgets a connection to a provider started before it too', async () => {
    const { app, mail } = ctx.withMailbox({ identityProviders: [testId()], publicUrl: PUBLIC_URL });
    const u = await register(app, { email: uniqueEmail('resetter') });
    const r = await call(app, 'POST', '/api/users/me/identities', {
      token: u.token,
      body: { provider: 'testid', currentPassword: u.password },
    });
    const cookie = `wt_external=${setCookie(r, 'wt_external')}`;
    expect((await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } })).status).toBe(202);
    const token = /reset-password#token=([a-z2-7]+)/.exec(mail.sent.at(-1)!.text)![1];
    const reset = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: 'violet-Harbour-42-kite' } });
    expect(reset.status).toBe(204);
    const back = await signInAtProvider(r.body.authorizationUrl, { email: uniqueEmail('not-theirs') }, { callbackPrefix: CALLBACK });
    const res = await call(app, 'GET', back.pathname + back.search, { cookie });
    expect(res.headers.get('location')).toBe('/login?signin_error=expired&provider=testid');
  });

  it('a password change keeps the connected providers, and the e-mail announcing it names them', async () => {
    const { app, mail } = ctx.withMailbox({ identityProviders: [testId()], publicUrl: PUBLIC_URL });
    const u = await register(app, { email: uniqueEmail('named') });
    const r = await call(app, 'POST', '/api/users/me/identities', {
      token: u.token,
      body: { provider: 'testid', currentPassword: u.password },
    });
    const back = await signInAtProvider(r.body.authorizationUrl, { email: uniqueEmail('their-id') }, { callbackPrefix: CALLBACK });
    const linked = await call(app, 'GET', back.pathname + back.search, { cookie: `wt_external=${setCookie(r, 'wt_external')}` });
    expect(linked.headers.get('location')).toBe('/dashboard/settings?tab=account&linked=testid');
    const changed = await call(app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { password: 'violet-Harbour-42-kite', currentPassword: u.password },
    });
    expect(changed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const notice = mail.sent.find((m) => m.subject === 'Your password was changed')!;
    expect(notice.to).toBe(u.email);
    expect(notice.text).toContain('These sign-in providers are connected to your account and still sign you in: Test ID.');
    expect(notice.text).toContain('If one of them is not yours, disconnect it under Settings → Account.');
    const methods = await call(app, 'GET', '/api/users/me/sign-in-methods', { token: changed.body.accessToken });
    expect(methods.body.identities.map((i: { provider: string }) => i.provider)).toEqual(['testid']);
  });

  it('a provider account already linked to someone else is not linked again', async () => {
    const app = appWith(ctx);
    const email = uniqueEmail('first');
    await signIn(app, { email });
    const u = await register(app, { email: uniqueEmail('second') });
    const r = await call(app, 'POST', '/api/users/me/identities', {
      token: u.token,
      body: { provider: 'testid', currentPassword: u.password },
    });
    const cookie = `wt_external=${setCookie(r, 'wt_external')}`;
    const back = await signInAtProvider(r.body.authorizationUrl, { email }, { callbackPrefix: CALLBACK });
    const res = await call(app, 'GET', back.pathname + back.search, { cookie });
    expect(res.headers.get('location')).toBe('/dashboard/settings?tab=account&link_error=taken&provider=testid');
  });

  it('an account without a password keeps its last provider, and proves itself by a recent sign-in', async () => {
    const app = appWith(ctx);
    const email = uniqueEmail('nopass');
    const { res } = await signIn(app, { email, givenName: 'Pat' });
    const token = await accessToken(app, refreshCookieOf(res)!);
    const unlink = await call(app, 'DELETE', '/api/users/me/identities/testid', { token });
    expect(unlink.status).toBe(409);
    expect(unlink.body.error.details).toEqual([
      { field: 'general', issue: 'This is your only way to sign in: set a password or connect another provider first.' },
    ]);

    // 11 minutes after signing in, setting a password needs a new sign-in
    ctx.clock.advance(11 * 60 * 1000);
    const stale = await call(app, 'PATCH', '/api/users/me', {
      token: await accessToken(app, refreshCookieOf(res)!),
      body: { password: GOOD_PASSWORD },
    });
    expect(stale.status).toBe(422);
    expect(stale.body.error.details[0].field).toBe('general');
    ctx.clock.advance(-11 * 60 * 1000);
    // right after signing in it may set one (no current password to give), and then disconnect the provider
    const set = await call(app, 'PATCH', '/api/users/me', { token, body: { password: GOOD_PASSWORD } });
    expect(set.status).toBe(200);
    const fresh = set.body.accessToken as string;
    expect((await call(app, 'GET', '/api/users/me/sign-in-methods', { token: fresh })).body.password).toBe(true);
    expect((await call(app, 'POST', '/api/auth/login', { body: { email, password: GOOD_PASSWORD } })).status).toBe(200);
    expect((await call(app, 'DELETE', '/api/users/me/identities/testid', { token: fresh })).status).toBe(204);
  });

  it('an account without a password keeps a provider still offered: one taken out of the configuration does not count', async () => {
    const app = appWith(ctx, [testId(), { ...testId(), id: 'otherid', name: 'Other ID' }]);
    const { res } = await signIn(app, { email: uniqueEmail('retired'), givenName: 'Kim' });
    const token = await accessToken(app, refreshCookieOf(res)!);
    const userId = (await call(app, 'GET', '/api/users/me', { token })).body.id as string;
    // linked while a provider was configured that no longer is: its start answers 404
    await insertIdentity(ctx.db, { userId, provider: 'retiredid', subject: `retired-${userId}`, email: null, now: ctx.clock.now() });
    expect((await call(app, 'POST', '/api/auth/external/retiredid/start', { body: {} })).status).toBe(404);
    const refused = await call(app, 'DELETE', '/api/users/me/identities/testid', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      { field: 'general', issue: 'This is your only way to sign in: set a password or connect another provider first.' },
    ]);
    // the retired one may go, and with another provider still offered the first may go too
    expect((await call(app, 'DELETE', '/api/users/me/identities/retiredid', { token })).status).toBe(204);
    await insertIdentity(ctx.db, { userId, provider: 'otherid', subject: `other-${userId}`, email: null, now: ctx.clock.now() });
    expect((await call(app, 'DELETE', '/api/users/me/identities/testid', { token })).status).toBe(204);
  });

  it('provider sign-ins that succeed never count against the network; starts that come to nothing do', async () => {
    const app = ctx.makeApp({
      identityProviders: [testId()],
      publicUrl: PUBLIC_URL,
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: { limit: 3, windowSeconds: 900 } },
    });
    const ip = '192.0.2.150';
    const startFrom = () => call(app, 'POST', '/api/auth/external/testid/start', { body: {}, ip });
    const email = uniqueEmail('often');
    // more sign-ins than the limit, from one network: each goes through
    for (let i = 1; i <= 5; i++) {
      const r = await startFrom();
      expect(r.status, `start ${i}`).toBe(200);
      const back = await signInAtProvider(r.body.authorizationUrl, { email, givenName: 'Often' }, { callbackPrefix: CALLBACK });
      const res = await call(app, 'GET', back.pathname + back.search, { cookie: `wt_external=${setCookie(r, 'wt_external')}` });
      expect(new URL(res.headers.get('location')!, PUBLIC_URL).searchParams.get('signin'), `sign-in ${i}`).toBe('testid');
    }
    // a sign-in finished at the waiting step (the provider vouched for no address) gives its start back too
    const r = await startFrom();
    const back = await signInAtProvider(
      r.body.authorizationUrl,
      { email: uniqueEmail('typed'), verified: false },
      { callbackPrefix: CALLBACK },
    );
    const answer = await call(app, 'GET', back.pathname + back.search, { cookie: `wt_external=${setCookie(r, 'wt_external')}` });
    expect(answer.headers.get('location')).toBe('/login?signin=pending');
    const pending = `wt_external=${setCookie(answer, 'wt_external')}`;
    const made = await call(app, 'POST', '/api/auth/external/pending/email', { cookie: pending, body: { email: uniqueEmail('typed') } });
    expect(made.status).toBe(201);
    // starts left unfinished still count
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await startFrom()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('an account without a password is deleted after a recent sign-in', async () => {
    const app = appWith(ctx);
    const { res } = await signIn(app, { email: uniqueEmail('leaving') });
    const refresh = refreshCookieOf(res)!;
    ctx.clock.advance(11 * 60 * 1000);
    try {
      const stale = await call(app, 'DELETE', '/api/users/me', { token: await accessToken(app, refresh), body: {} });
      expect(stale.status).toBe(422);
    } finally {
      ctx.clock.advance(-11 * 60 * 1000);
    }
    const token = await accessToken(app, refresh);
    const me = await call(app, 'GET', '/api/users/me', { token });
    expect((await call(app, 'DELETE', '/api/users/me', { token, body: {} })).status).toBe(204);
    expect(await ctx.db.select().from(users).where(eq(users.id, me.body.id))).toEqual([]);
    // and its provider account is free again: signing in makes a new account
    const again = await signIn(app, { email: me.body.email });
    expect(again.location.searchParams.get('signin')).toBe('testid');
  });
});
