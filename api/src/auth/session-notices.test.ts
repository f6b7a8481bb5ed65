import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, describeDb, register } from '../test/harness.js';

/** The longest a notice may take to reach another process here: far below the 5 s a kept session lasts. */
const NOTICE_MS = 2_000;

async function within<T>(ms: number, probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}

// The test clock stands still, so a kept session never expires here: only the notices can make a process let go.
describeDb('kept sessions and the database notices', (ctx) => {
  it('a sign-out ends the access token at once in the process that made it, and in another on its notice', async () => {
    const other = await ctx.otherProcess();
    const u = await register(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(200);
    expect((await call(other.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(200);
    expect(other.sessionCache.size).toBeGreaterThan(0);

    expect((await call(ctx.app, 'POST', '/api/auth/logout', { cookie: u.cookie })).status).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(403);
    const seen = await within(
      NOTICE_MS,
      () => call(other.app, 'GET', '/api/users/me', { token: u.token }),
      (r) => r.status === 403,
    );
    expect(seen.status).toBe(403);
  });

  it('a password change ends the other devices everywhere', async () => {
    const other = await ctx.otherProcess();
    const u = await register(ctx.app);
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    const second = login.body.accessToken as string;
    expect((await call(other.app, 'GET', '/api/users/me', { token: second })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: second })).status).toBe(200);

    const change = await call(ctx.app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { currentPassword: u.password, password: 'a-Brand-new-pass-42' },
    });
    expect(change.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: second })).status).toBe(403);
    const seen = await within(
      NOTICE_MS,
      () => call(other.app, 'GET', '/api/users/me', { token: second }),
      (r) => r.status === 403,
    );
    expect(seen.status).toBe(403);
  });

  it('a session removed straight from the database is let go on its notice', async () => {
    const other = await ctx.otherProcess();
    const u = await register(ctx.app);
    expect((await call(other.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(200);
    await ctx.db.execute(sql`delete from sessions where user_id = ${u.user.id}`);
    const seen = await within(
      NOTICE_MS,
      () => call(other.app, 'GET', '/api/users/me', { token: u.token }),
      (r) => r.status === 403,
    );
    expect(seen.status).toBe(403);
  });

  it('a profile change and a new weight made in one process are read by the other', async () => {
    const other = await ctx.otherProcess();
    const u = await register(ctx.app);
    const list = (app: typeof ctx.app) => call(app, 'GET', '/api/weights?start_date=2026-11-01&end_date=2026-11-21', { token: u.token });
    const before = await list(other.app);
    expect(before.body).toEqual([]);
    expect((await call(other.app, 'GET', '/api/users/me', { token: u.token })).body.firstName).toBe('Ada');

    expect((await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: { firstName: 'Grace' } })).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: '2026-11-20', weightKg: 71.5 } })).status).toBe(
      201,
    );
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).body.firstName).toBe('Grace');
    expect((await list(ctx.app)).body).toHaveLength(1);

    const me = await within(
      NOTICE_MS,
      () => call(other.app, 'GET', '/api/users/me', { token: u.token }),
      (r) => r.body.firstName === 'Grace',
    );
    expect(me.body.firstName).toBe('Grace');
    const after = await within(
      NOTICE_MS,
      () => list(other.app),
      (r) => r.body.length === 1,
    );
    expect(after.body.map((e: { weightKg: number }) => e.weightKg)).toEqual([71.5]);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('a weight saved in one process is read by the other, whose conditional read of the old list is no longer 304', async () => {
    const other = await ctx.otherProcess();
    const u = await register(ctx.app);
    const path = '/api/weights?start_date=2026-11-01&end_date=2026-11-21';
    const before = await call(other.app, 'GET', path, { token: u.token });
    const etag = before.headers.get('etag')!;
    expect((await call(other.app, 'GET', path, { token: u.token, headers: { 'if-none-match': etag } })).status).toBe(304);

    const saved = await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: '2026-11-19', weightKg: 70.2 } });
    expect(saved.status).toBe(201);
    const after = await within(
      NOTICE_MS,
      () => call(other.app, 'GET', path, { token: u.token, headers: { 'if-none-match': etag } }),
      (r) => r.status === 200,
    );
    expect(after.status).toBe(200);
    expect(after.body.map((e: { weightKg: number }) => e.weightKg)).toEqual([70.2]);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('keeps nothing while the notices are not heard', async () => {
    const other = await ctx.otherProcess();
    other.sessionCache.setLive(false);
    const u = await register(ctx.app);
    expect((await call(other.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(200);
    expect(other.sessionCache.size).toBe(0);
    expect((await call(ctx.app, 'POST', '/api/auth/logout', { cookie: u.cookie })).status).toBe(204);
    expect((await call(other.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(403);
  });
});
