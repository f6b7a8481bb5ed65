import { expect, it } from 'vitest';
import { sign } from 'hono/jwt';
import { sql } from 'drizzle-orm';
import {
  call,
  describeDb,
  DEFAULT_RATE_LIMITS,
  GOOD_PASSWORD,
  register,
  TEST_SECRET,
  uniqueEmail,
  type Registered,
  type TestApp,
} from '../test/harness.js';
import { LOOPBACK } from '../lib/net.js';
import { loginEmailKey, loginEmailNetworkKey } from '../auth/rate-limit.js';
import { PRODUCTION_ARGON2 } from '../config.js';

const DAY = 24 * 60 * 60 * 1000;

describeDb('auth', (ctx) => {
  it('registers: 201 with accessToken and the user, a refresh cookie, never the hash', async () => {
    const email = uniqueEmail('Reg');
    const r = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email, password: GOOD_PASSWORD },
    });
    expect(r.status).toBe(201);
    expect(r.body.accessToken).toEqual(expect.any(String));
    expect(r.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: email.toLowerCase(),
      role: 'USER',
      gender: null,
      dateOfBirth: null,
      heightCm: null,
      avatarUrl: null,
      unitPreference: 'METRIC',
      weekStartsOn: 0,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|passwordHash/);
    const set = r.headers.get('set-cookie')!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    expect(set).toMatch(/Path=\/api\/auth/);
    expect(set).not.toMatch(/Domain=/i);
    expect(set).not.toMatch(/Max-Age/); // browser-session cookie
  });

  it('refuses a duplicate email with 422 on email', async () => {
    const u = await register(ctx.app);
    const r = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { firstName: 'X', lastName: 'Y', email: u.email.toUpperCase(), password: GOOD_PASSWORD },
    });
    expect(r.status).toBe(422);
    expect(r.body.error.details).toEqual([{ field: 'email', issue: 'Email has already been taken' }]);
    // the same address in fullwidth letters is the same address, and signs in to the same account
    const fullwidth = u.email.replace(/[a-z]/g, (ch) => String.fromCodePoint(ch.codePointAt(0)! - 0x61 + 0xff41));
    const again = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { firstName: 'X', lastName: 'Y', email: fullwidth, password: GOOD_PASSWORD },
    });
    expect(again.status).toBe(422);
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: fullwidth, password: u.password } });
    expect(login.body.id).toBe(u.user.id);
  });

  it('validates register fields (password counted in code points, common passwords, unknown fields)', async () => {
    const base = { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: GOOD_PASSWORD };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, password: '1234567' }, 'password'],
      [{ ...base, password: 'x'.repeat(129) }, 'password'],
      [{ ...base, password: '😀'.repeat(129) }, 'password'],
      [{ ...base, password: 'password123' }, 'password'],
      [{ ...base, password: 'Qwertyuiop' }, 'password'],
      [{ ...base, email: 'not-an-email' }, 'email'],
      [{ ...base, firstName: '' }, 'firstName'],
      [{ ...base, lastName: 'x'.repeat(101) }, 'lastName'],
      [{ ...base, role: 'ADMIN' }, 'role'],
    ];
    for (const [body, field] of cases) {
      const r = await call(ctx.app, 'POST', '/api/auth/register', { body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(r.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    // 8 and 128 code points are fine, also when each is 2 UTF-16 units
    for (const password of ['Zq8!vT3m', '😀'.repeat(128), 'ü'.repeat(8)]) {
      const r = await call(ctx.app, 'POST', '/api/auth/register', { body: { ...base, email: uniqueEmail(), password } });
      expect(r.status).toBe(201);
    }
  });

  it('an address holding half a surrogate pair is refused (422), never stored as another address', async () => {
    const body = { firstName: 'A', lastName: 'B', email: 'ab\ud800c@x.com', password: GOOD_PASSWORD };
    const r = await call(ctx.app, 'POST', '/api/auth/register', { body });
    expect(r.status).toBe(422);
    expect(r.body.error.details).toEqual([{ field: 'email', issue: 'Email is not valid' }]);
    // nor may another spelling of it sign in to an address stored before with U+FFFD in its place
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: 'ab\udfffc@x.com', password: GOOD_PASSWORD } });
    expect(login.status).toBe(422);
    const u = await register(ctx.app);
    const change = await call(ctx.app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { email: 'cd\udc00e@x.com', currentPassword: u.password },
    });
    expect(change.status).toBe(422);
    expect(change.body.error.details).toEqual([{ field: 'email', issue: 'Email is not valid' }]);
  });

  it('has no seeded or default accounts', async () => {
    for (const email of ['admin@example.com', 'admin', 'test@test.com', 'user@example.com']) {
      const r = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'admin' } });
      expect(r.status).toBe(401);
    }
  });

  it('logs in; unknown email and wrong password answer identically', async () => {
    const u = await register(ctx.app);
    const ok = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.accessToken).toEqual(expect.any(String));
    expect(ok.body.email).toBe(u.email);
    const wrong = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: 'wrong-password-1' } });
    const unknown = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: uniqueEmail('nobody'), password: 'wrong-password-1' },
    });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body.error.details).toEqual([{ field: 'general', issue: 'Email or password is incorrect' }]);
      expect(r.body.error.message).toBe('Email or password is incorrect');
    }
    expect(wrong.cookie).toBeUndefined();
  });

  it('a 100-character password: its first 72 characters do not log in (no truncation)', async () => {
    const long = 'Ab3$'.repeat(25);
    const u = await register(ctx.app, { password: long });
    const r = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: long.slice(0, 72) } });
    expect(r.status).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: long } })).status).toBe(200);
  });

  it('remember → persistent cookie; a new session per login; several sessions per user', async () => {
    const u = await register(ctx.app);
    const a = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password, remember: true } });
    const b = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(a.headers.get('set-cookie')).toMatch(/Max-Age=2592000/);
    expect(b.headers.get('set-cookie')).not.toMatch(/Max-Age/);
    expect(a.cookie).not.toBe(b.cookie);
    for (const cookie of [u.cookie, a.cookie!, b.cookie!]) {
      const t = await call(ctx.app, 'GET', '/api/auth/token', { cookie });
      expect(t.status).toBe(200);
      expect((await call(ctx.app, 'GET', '/api/users/me', { token: t.body.accessToken })).status).toBe(200);
    }
  });

  it('stores only a SHA-256 of the session secret, token >= 128 bits', async () => {
    const u = await register(ctx.app);
    const token = decodeURIComponent(u.cookie.split('=')[1]!);
    const [id, secret] = token.split('.');
    expect(secret!.length * 5).toBeGreaterThanOrEqual(128);
    const rows = await ctx.db.execute(sql`select secret_hash from sessions where id = ${id}`);
    const row = (rows as unknown as { rows: { secret_hash: Uint8Array }[] }).rows[0]!;
    expect(Buffer.from(row.secret_hash).length).toBe(32);
    expect(Buffer.from(row.secret_hash).toString()).not.toContain(secret);
  });

  it('cookie is Secure behind HTTPS (X-Forwarded-Proto only from a trusted proxy)', async () => {
    const trusted = ctx.makeApp({ trustedProxies: LOOPBACK });
    const r = await call(trusted, 'POST', '/api/auth/register', {
      body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: GOOD_PASSWORD },
      headers: { 'X-Forwarded-Proto': 'https' },
      ip: '127.0.0.1',
    });
    expect(r.headers.get('set-cookie')).toMatch(/Secure/);
    const untrusted = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: GOOD_PASSWORD },
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(untrusted.headers.get('set-cookie')).not.toMatch(/Secure/);
    const direct = await ctx.app.request('https://api.example.com/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'A', lastName: 'B', email: uniqueEmail(), password: GOOD_PASSWORD }),
    });
    expect(direct.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('GET /auth/token: 401 without cookie or with a forged one', async () => {
    expect((await call(ctx.app, 'GET', '/api/auth/token')).status).toBe(401);
    const u = await register(ctx.app);
    const [id] = decodeURIComponent(u.cookie.split('=')[1]!).split('.');
    const forged = await call(ctx.app, 'GET', '/api/auth/token', { cookie: `wt_refresh=${id}.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa` });
    expect(forged.status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: 'wt_refresh=garbage' })).status).toBe(401);
    // the real one still works (a forged secret does not delete the session)
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(200);
  });

  it('logout deletes the session and clears the cookie; then refresh → 401 and the access token → 403', async () => {
    const u = await register(ctx.app);
    const r = await call(ctx.app, 'POST', '/api/auth/logout', { cookie: u.cookie, headers: { Origin: 'http://localhost:3000' } });
    expect(r.status).toBe(204);
    expect(r.headers.get('set-cookie')).toMatch(/wt_refresh=;.*Max-Age=0/);
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(403);
  });

  it("logout with the left session's access token ends that one and keeps the cookie of a sign-in since", async () => {
    const u = await register(ctx.app);
    const again = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(again.status).toBe(200);
    // the browser signed in again while its logout waited: the cookie is the new session's, the token the old one's
    const r = await call(ctx.app, 'POST', '/api/auth/logout', {
      cookie: again.cookie,
      token: u.token,
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('set-cookie')).toBeNull();
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: again.cookie })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: again.body.accessToken })).status).toBe(200);
  });

  it("logout with its session's expired token and cookie ends it and clears the cookie; a forged token ends nothing", async () => {
    const u = await register(ctx.app);
    const { sub, sid } = JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
    const t = Math.floor(Date.now() / 1000);
    const forged = await sign({ sub, sid, role: 'USER', iat: t, exp: t + 60 }, 'another-secret-another-secret-123456', 'HS256');
    const other = await register(ctx.app);
    const kept = await call(ctx.app, 'POST', '/api/auth/logout', {
      cookie: other.cookie,
      token: forged,
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(kept.status).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(200);
    // the forged token named nothing: the request's own cookie was the session it left
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: other.cookie })).status).toBe(401);

    const expired = await sign({ sub, sid, role: 'USER', iat: t - 3600, exp: t - 2700 }, TEST_SECRET, 'HS256');
    const r = await call(ctx.app, 'POST', '/api/auth/logout', {
      cookie: u.cookie,
      token: expired,
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('set-cookie')).toMatch(/wt_refresh=;.*Max-Age=0/);
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(401);
  });

  it('logout checks Origin: foreign or null Origin → 403 and the session survives', async () => {
    const u = await register(ctx.app);
    for (const origin of ['https://evil.example', 'null']) {
      const r = await call(ctx.app, 'POST', '/api/auth/logout', { cookie: u.cookie, headers: { Origin: origin } });
      expect(r.status).toBe(403);
    }
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(200);
    // same host as the request is fine
    const same = await call(ctx.app, 'POST', '/api/auth/logout', { cookie: u.cookie, headers: { Origin: 'http://localhost' } });
    expect(same.status).toBe(204);
  });

  it('login and register from another site are refused (403), so no site can sign a visitor in to an account it chose', async () => {
    const u = await register(ctx.app);
    const body = { email: u.email, password: u.password };
    const foreign: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'cross-site' }];
    for (const headers of foreign) {
      const r = await call(ctx.app, 'POST', '/api/auth/login', { body, headers });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe('Cross-origin request refused');
      expect(r.cookie).toBeUndefined();
      const reg = await call(ctx.app, 'POST', '/api/auth/register', {
        body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: GOOD_PASSWORD },
        headers,
      });
      expect(reg.status).toBe(403);
    }
    // the app's own origin, a configured one, or no Origin at all (a script): signed in
    const own: Record<string, string>[] = [{ Origin: 'http://localhost' }, { Origin: 'http://localhost:3000' }, {}];
    for (const headers of own) expect((await call(ctx.app, 'POST', '/api/auth/login', { body, headers })).status).toBe(200);
  });

  it('sliding idle expiry (30 days) and absolute cap (90 days) with the injected clock', async () => {
    const start = ctx.clock.t;
    try {
      const u = await register(ctx.app);
      // used every 29 days: stays alive until the 90-day cap
      for (let i = 0; i < 3; i++) {
        ctx.clock.advance(29 * DAY);
        expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(200);
      }
      ctx.clock.advance(29 * DAY); // day 116 > 90
      expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(401);

      ctx.clock.t = start;
      const v = await register(ctx.app);
      ctx.clock.advance(30 * DAY + 1000); // idle for more than 30 days
      expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: v.cookie })).status).toBe(401);
    } finally {
      ctx.clock.t = start;
    }
  });

  it('access token: HS256, 15 minutes, only sub/sid/role/iat/exp; expires with the clock', async () => {
    const start = ctx.clock.t;
    const u = await register(ctx.app);
    const [h, p] = u.token.split('.');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'role', 'sid', 'sub']);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(900);
    try {
      ctx.clock.advance(16 * 60 * 1000);
      expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(403);
    } finally {
      ctx.clock.t = start;
    }
  });

  it('refuses tampered tokens: alg none, wrong key, tampered payload, other alg (403); no/non-Bearer (401)', async () => {
    const u = await register(ctx.app);
    const [h, p, s] = u.token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`;
    const wrongKey = await sign(claims, 'another-secret-another-secret-123456', 'HS256');
    const tampered = `${h}.${b64({ ...claims, role: 'ADMIN' })}.${s}`;
    const hs512 = await sign(claims, TEST_SECRET, 'HS512');
    for (const token of [none, wrongKey, tampered, hs512, 'abc', `${u.token}x`]) {
      expect((await call(ctx.app, 'GET', '/api/users/me', { token })).status).toBe(403);
    }
    expect((await call(ctx.app, 'GET', '/api/users/me')).status).toBe(401);
    const basic = await call(ctx.app, 'GET', '/api/users/me', { headers: { Authorization: `Basic ${u.token}` } });
    expect(basic.status).toBe(401);
    const token = await call(ctx.app, 'GET', '/api/users/me', { headers: { Authorization: `Token ${u.token}` } });
    expect(token.status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(200);
  });

  it('rate-limits login per email (429 + Retry-After), another account still logs in, forged XFF does not help', async () => {
    const app = ctx.makeApp({ rateLimits: DEFAULT_RATE_LIMITS });
    const victim = await register(ctx.app);
    const other = await register(ctx.app);
    const limit = DEFAULT_RATE_LIMITS.loginPerEmail.limit;
    for (let i = 0; i < limit; i++) {
      const r = await call(app, 'POST', '/api/auth/login', {
        body: { email: victim.email, password: `wrong-${i}-password` },
        headers: { 'X-Forwarded-For': `198.51.100.${i}` },
      });
      expect(r.status).toBe(401);
    }
    const blocked = await call(app, 'POST', '/api/auth/login', {
      body: { email: victim.email, password: victim.password },
      headers: { 'X-Forwarded-For': '198.51.100.250' },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(blocked.body.error.requestId).toEqual(expect.any(String));
    const ok = await call(app, 'POST', '/api/auth/login', { body: { email: other.email, password: other.password } });
    expect(ok.status).toBe(200);
    // after the window the account can log in again
    const start = ctx.clock.t;
    try {
      ctx.clock.advance(DEFAULT_RATE_LIMITS.loginPerEmail.windowSeconds * 1000 + 1000);
      const again = await call(app, 'POST', '/api/auth/login', { body: { email: victim.email, password: victim.password } });
      expect(again.status).toBe(200);
    } finally {
      ctx.clock.t = start;
    }
  });

  it('rate-limits login per IP; a forged X-Forwarded-For does not reset it', async () => {
    const rules = { ...DEFAULT_RATE_LIMITS, loginPerIp: { limit: 3, windowSeconds: 900 } };
    const attempt = (app: TestApp, xff: string, ip: string, headers: Record<string, string> = {}) =>
      call(app, 'POST', '/api/auth/login', {
        body: { email: uniqueEmail('x'), password: 'whatever-123' },
        headers: { 'X-Forwarded-For': xff, ...headers },
        ip,
      }).then((r) => r.status);

    // not behind a trusted proxy: the header is ignored
    const direct = ctx.makeApp({ rateLimits: rules });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await attempt(direct, `10.0.0.${i}`, '192.0.2.55'));
    expect(statuses).toEqual([401, 401, 401, 429]);

    // behind the shell on loopback: the hop our proxy wrote is the client, whatever the client put before it
    const proxied = ctx.makeApp({ rateLimits: rules, trustedProxies: LOOPBACK });
    const behind = [];
    for (let i = 0; i < 4; i++) behind.push(await attempt(proxied, `10.0.0.${i}, 192.0.2.66`, '127.0.0.1'));
    expect(behind).toEqual([401, 401, 401, 429]);
    expect(await attempt(proxied, '192.0.2.67', '127.0.0.1')).toBe(401); // another client is not blocked

    // a peer that is not a configured proxy cannot speak for anyone: rotating the header changes nothing
    const outsider = [];
    for (let i = 0; i < 4; i++) outsider.push(await attempt(proxied, `198.51.100.${i}`, '192.0.2.68'));
    expect(outsider).toEqual([401, 401, 401, 429]);

    // with a proxy secret, a local process that does not know it is not believed either
    const secret = 's3cret-s3cret-s3cret';
    const guarded = ctx.makeApp({ rateLimits: rules, trustedProxies: LOOPBACK, proxySecret: secret });
    const local = [];
    for (let i = 0; i < 4; i++) local.push(await attempt(guarded, `203.0.113.${i}`, '127.0.0.2', { 'X-Proxy-Secret': 'guess' }));
    expect(local).toEqual([401, 401, 401, 429]);
    expect(await attempt(guarded, '203.0.113.200', '127.0.0.2', { 'X-Proxy-Secret': secret })).toBe(401);

    // over IPv6 a new address of the same /64 is the same client; another /64 is another
    const v6 = [];
    for (let i = 1; i <= 4; i++) v6.push(await attempt(direct, '', `2001:db8:77:1::${i.toString(16)}`));
    expect(v6).toEqual([401, 401, 401, 429]);
    expect(await attempt(direct, '', '2001:db8:77:2::1')).toBe(401);
  });

  it('rate-limits register per IP', async () => {
    const app = ctx.makeApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerIp: { limit: 2, windowSeconds: 3600 } } });
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(app, 'POST', '/api/auth/register', {
        body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: GOOD_PASSWORD },
        ip,
      });
      statuses.push(r.status);
      if (r.status === 429) expect(r.headers.get('Retry-After')).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('refused sign-ups (common password, address taken) never lock an address out of signing up; the network still counts them', async () => {
    const app = ctx.makeApp({ rateLimits: DEFAULT_RATE_LIMITS });
    const victim = uniqueEmail();
    const signUp = (email: string, password: string, ip: string) =>
      call(app, 'POST', '/api/auth/register', { body: { firstName: 'A', lastName: 'B', email, password }, ip });
    // more refusals than the address's limit (5 an hour), each from another network
    for (let i = 1; i <= 6; i++) expect((await signUp(victim, 'password123', `192.0.2.${100 + i}`)).status).toBe(422);
    const owner = await signUp(victim, GOOD_PASSWORD, '192.0.2.120');
    expect(owner.status).toBe(201);
    // an address already taken: refused as taken every time, never 429
    for (let i = 1; i <= 6; i++) {
      const r = await signUp(victim.toUpperCase(), GOOD_PASSWORD, `198.51.100.${100 + i}`);
      expect(r.status).toBe(422);
      expect(r.body.error.details).toEqual([{ field: 'email', issue: 'Email has already been taken' }]);
    }
    // the client network keeps counting refused sign-ups as before
    const strict = ctx.makeApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerIp: { limit: 2, windowSeconds: 3600 } } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (
          await call(strict, 'POST', '/api/auth/register', {
            body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'password123' },
            ip: '203.0.113.77',
          })
        ).status,
      );
    expect(statuses).toEqual([422, 422, 429]);
  });

  it('unknown email and wrong password take similar time', async () => {
    const app = ctx.makeApp({ argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 } });
    const u = await register(app);
    const time = async (email: string) => {
      const t = performance.now();
      await call(app, 'POST', '/api/auth/login', { body: { email, password: 'not-the-password' } });
      return performance.now() - t;
    };
    await time(uniqueEmail()); // warm the dummy hash
    // each unknown email is timed right after a wrong password, and the pair compared: other test files running on
    // the same cores slow both of a pair alike, where they would skew two separate medians
    const ratios: number[] = [];
    for (let i = 0; i < 11; i++) {
      const known = await time(u.email);
      ratios.push((await time(uniqueEmail())) / known);
    }
    const ratio = ratios.sort((x, y) => x - y)[Math.floor(ratios.length / 2)]!;
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('50 parallel wrong passwords for one account from 50 addresses: exactly its ceiling get through to a password check', async () => {
    const rules = { ...DEFAULT_RATE_LIMITS, loginPerAccount: { limit: 20, windowSeconds: 900 } };
    const app = ctx.makeApp({ rateLimits: rules });
    const victim = await register(ctx.app);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(app, 'POST', '/api/auth/login', {
          body: { email: victim.email, password: `guess-${i}-password` },
          ip: `198.51.100.${i}`,
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it('failures from other addresses never lock the owner out: the strict limit counts per account and address', async () => {
    const app = ctx.makeApp({ rateLimits: DEFAULT_RATE_LIMITS });
    const victim = await register(ctx.app);
    const login = (password: string, ip: string) => call(app, 'POST', '/api/auth/login', { body: { email: victim.email, password }, ip });
    // someone tries the account from six addresses of their own, past the per-account limit of 5
    for (let i = 1; i <= 6; i++) expect((await login(`wrong-guess-${i}`, `198.51.100.${i}`)).status).toBe(401);
    // the owner, from their own address, signs in
    expect((await login(victim.password, '192.0.2.77')).status).toBe(200);
    // an address that has failed 5 times at the account is refused there, even with the right password
    for (let i = 0; i < 4; i++) expect((await login(`wrong-again-${i}`, '198.51.100.1')).status).toBe(401);
    const blocked = await login(victim.password, '198.51.100.1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(blocked.body.error.details).toEqual([{ field: 'general', issue: expect.stringMatching(/^Too many attempts/) }]);
    // a new address of the same IPv6 /64 is the same network
    for (let i = 1; i <= 5; i++) expect((await login(`v6-guess-${i}`, `2001:db8:5:1::${i}`)).status).toBe(401);
    expect((await login(victim.password, '2001:db8:5:1::99')).status).toBe(429);
    expect((await login(victim.password, '2001:db8:5:2::1')).status).toBe(200);
  });

  it('failures spread over many addresses stop at a ceiling for the account', async () => {
    const app = ctx.makeApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerAccount: { limit: 8, windowSeconds: 900 } } });
    const victim = await register(ctx.app);
    const login = (password: string, ip: string) =>
      call(app, 'POST', '/api/auth/login', { body: { email: victim.email, password }, ip }).then((r) => r.status);
    for (let i = 1; i <= 8; i++) expect(await login(`wrong-guess-${i}`, `198.51.100.${i}`)).toBe(401);
    expect(await login(victim.password, '192.0.2.78')).toBe(429);
    // the default ceiling is far above the strict limit
    expect(DEFAULT_RATE_LIMITS.loginPerAccount.limit).toBeGreaterThanOrEqual(20 * DEFAULT_RATE_LIMITS.loginPerEmail.limit);
  });

  it('password checks run a few at a time: past a short line a login is answered 503 with Retry-After, in the error shape', async () => {
    const app = ctx.makeApp({ argon2: PRODUCTION_ARGON2, passwordWork: { concurrency: 1, queue: 1 } });
    const u = await register(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password }, ip: `192.0.2.${100 + i}` }),
      ),
    );
    const busy = answers.filter((r) => r.status === 503);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    for (const r of busy) {
      expect(r.headers.get('Retry-After')).toMatch(/^\d+$/);
      expect(r.body.error).toEqual({
        message: 'The service is busy. Try again in a moment.',
        details: [{ field: 'general', issue: 'The service is busy. Try again in a moment.' }],
        requestId: expect.any(String),
      });
      expect(r.cookie).toBeUndefined();
    }
    // the turns are given back: once the burst is over, a login goes through
    expect((await call(app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(200);
  });

  it('a user holds at most 50 sessions: a new login ends the oldest', async () => {
    const MAX_SESSIONS_PER_USER = 50;
    const u = await register(ctx.app);
    const start = ctx.clock.t;
    const cookies: string[] = [];
    try {
      for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) {
        ctx.clock.advance(1000);
        const r = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
        expect(r.status).toBe(200);
        cookies.push(r.cookie!);
      }
      // the session made at sign-up is the 51st: it has ended, every later one still works
      expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(401);
      expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: cookies[0] })).status).toBe(200);
      expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: cookies.at(-1) })).status).toBe(200);
      const rows = await ctx.db.execute(sql`select count(*)::int as n from sessions where user_id = ${u.user.id}`);
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(MAX_SESSIONS_PER_USER);
    } finally {
      ctx.clock.t = start;
    }
  });

  it('50 parallel attempts from one address: no more than its limit are checked', async () => {
    const rules = { ...DEFAULT_RATE_LIMITS, loginPerIp: { limit: 10, windowSeconds: 900 } };
    const app = ctx.makeApp({ rateLimits: rules });
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(app, 'POST', '/api/auth/login', { body: { email: uniqueEmail('spray'), password: 'whatever-123' }, ip: '192.0.2.200' }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });

  it("a successful login clears the account's failures and does not count against the address", async () => {
    const rules = { ...DEFAULT_RATE_LIMITS, loginPerIp: { limit: 3, windowSeconds: 900 } };
    const app = ctx.makeApp({ rateLimits: rules });
    const u = await register(ctx.app);
    const ip = '192.0.2.201';
    const login = (password: string) =>
      call(app, 'POST', '/api/auth/login', { body: { email: u.email, password }, ip }).then((r) => r.status);
    expect(await login('wrong-password-1')).toBe(401);
    expect(await login('wrong-password-2')).toBe(401);
    for (let i = 0; i < 5; i++) expect(await login(u.password)).toBe(200);
    expect(await login('wrong-password-3')).toBe(401);
    expect(await login('wrong-password-4')).toBe(429);
  });

  it('a refused attempt is not counted: an address over its limit runs up neither its own count nor the accounts it tries', async () => {
    const rules = { ...DEFAULT_RATE_LIMITS, loginPerIp: { limit: 5, windowSeconds: 900 } };
    const app = ctx.makeApp({ rateLimits: rules });
    const victim = await register(ctx.app);
    const ip = '192.0.2.210';
    for (let i = 0; i < 5; i++) {
      const r = await call(app, 'POST', '/api/auth/login', { body: { email: uniqueEmail('miss'), password: 'whatever-123' }, ip });
      expect(r.status).toBe(401);
    }
    // the address is at its limit: its tries at the victim's account are refused before any password check...
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginPerEmail.limit; i++) {
      const r = await call(app, 'POST', '/api/auth/login', { body: { email: victim.email, password: `guess-${i}-password` }, ip });
      expect(r.status).toBe(429);
    }
    // ...so they count against neither: the victim still signs in from elsewhere, and the address holds its 5 failures
    const elsewhere = await call(app, 'POST', '/api/auth/login', {
      body: { email: victim.email, password: victim.password },
      ip: '192.0.2.213',
    });
    expect(elsewhere.status).toBe(200);
    expect(await counter(`login:ip:${ip}`)).toBe(5);
  });

  it('20 parallel good logins to one account: every one signs in, and the account counts no failure', async () => {
    const app = ctx.makeApp({ rateLimits: DEFAULT_RATE_LIMITS });
    const u = await register(ctx.app);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password }, ip: '192.0.2.214' }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await counter(loginEmailNetworkKey(u.email, '192.0.2.214'))).toBeUndefined();
    expect((await counter(loginEmailKey(u.email))) ?? 0).toBe(0);
  });

  it('3 failures, then a guess and 10 good logins at once: the guess is checked and fails, every good one signs in', async () => {
    const app = ctx.makeApp({ rateLimits: DEFAULT_RATE_LIMITS });
    const u = await register(ctx.app);
    const ip = '192.0.2.215';
    const login = (password: string) =>
      call(app, 'POST', '/api/auth/login', { body: { email: u.email, password }, ip }).then((r) => r.status);
    for (let i = 0; i < 3; i++) expect(await login(`wrong-password-${i}`)).toBe(401);
    const statuses = await Promise.all([login('wrong-password-x'), ...Array.from({ length: 10 }, () => login(u.password))]);
    expect(statuses[0]).toBe(401);
    expect(statuses.slice(1)).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it('4 failures, then a guess and 10 good logins at once: whatever holds the last attempt decides for the rest', async () => {
    const app = ctx.makeApp({ rateLimits: DEFAULT_RATE_LIMITS });
    const u = await register(ctx.app);
    const ip = '192.0.2.216';
    const login = (password: string) =>
      call(app, 'POST', '/api/auth/login', { body: { email: u.email, password }, ip }).then((r) => r.status);
    for (let i = 0; i < 4; i++) expect(await login(`wrong-password-${i}`)).toBe(401);
    const [guess, ...good] = await Promise.all([login('wrong-password-x'), ...Array.from({ length: 10 }, () => login(u.password))]);
    // one attempt is left, so one of them is checked first: the guess (it fails, and the account is locked for the
    // rest), or a good login (it clears the failures, and then every other one is checked in turn)
    expect(guess).toBe(401);
    expect([good.map(() => 200), good.map(() => 429)]).toContainEqual(good);
  });

  it('5 failures, then 48 parallel good logins from one address: the address still counts 5, and every one signs in', async () => {
    const app = ctx.app;
    const ip = '192.0.2.211';
    const accounts = await Promise.all(Array.from({ length: 48 }, () => register(ctx.app)));
    for (let i = 0; i < 5; i++) {
      const r = await call(app, 'POST', '/api/auth/login', { body: { email: uniqueEmail('miss'), password: 'whatever-123' }, ip });
      expect(r.status).toBe(401);
    }
    const login = (a: Registered) => call(app, 'POST', '/api/auth/login', { body: { email: a.email, password: a.password }, ip });
    const first = await Promise.all(accounts.map(login));
    // reservations taken at once pass the address's limit for a moment: those wait for the others to settle
    expect(first.map((r) => r.status)).toEqual(accounts.map(() => 200));
    expect(await counter(`login:ip:${ip}`)).toBe(5);
  });

  it('30 parallel wrong passwords at one account from one address: exactly 5 checked (401), 25 refused (429), 5 counted', async () => {
    const app = ctx.makeApp({ rateLimits: DEFAULT_RATE_LIMITS });
    const victim = await register(ctx.app);
    const ip = '192.0.2.212';
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(app, 'POST', '/api/auth/login', { body: { email: victim.email, password: `guess-${i}-password` }, ip }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(await counter(`login:ip:${ip}`)).toBe(5);
  });

  /** An attempt counter as the rate limiter keeps it. */
  async function counter(key: string): Promise<number | undefined> {
    const res = await ctx.db.execute(sql`select count from rate_limits where key = ${key}`);
    return (res as unknown as { rows: { count: number }[] }).rows[0]?.count;
  }
});
