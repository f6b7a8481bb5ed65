import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { gunzipSync } from 'node:zlib';
import { call, DEFAULT_RATE_LIMITS, describeDb, register } from '../test/harness.js';

describeDb('account: export and delete', (ctx) => {
  it('exports all my data as JSON and CSV (formula-safe), nothing of others', async () => {
    const u = await register(ctx.app);
    const other = await register(ctx.app);
    await call(ctx.app, 'POST', '/api/weights', { token: other.token, body: { weightKg: 99, date: '2026-01-01', notes: 'not mine' } });
    await call(ctx.app, 'POST', '/api/weights', {
      token: u.token,
      body: { weightKg: 80.5, date: '2026-01-02', notes: '=HYPERLINK("x"), "quoted"' },
    });
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { weightKg: 80, date: '2026-01-01' } });
    const goal = { startWeightKg: 82, targetWeightKg: 75, startDate: '2026-01-01', targetDate: '2026-12-31' };
    await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: goal });
    const json = await call(ctx.app, 'GET', '/api/users/me/export', { token: u.token });
    expect(json.status).toBe(200);
    expect(json.body.profile).toEqual(u.user);
    expect(json.body.goal).toEqual(goal);
    expect(json.body.entries.map((w: { date: string }) => w.date)).toEqual(['2026-01-01', '2026-01-02']);
    expect(json.text).not.toContain('not mine');
    const csv = await call(ctx.app, 'GET', '/api/users/me/export?format=csv', { token: u.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=UTF-8');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment/);
    expect(csv.text).toBe(
      'date,weight_kg,weight_lb,notes\r\n2026-01-01,80,176.37,\r\n2026-01-02,80.5,177.47,"\'=HYPERLINK(""x""), ""quoted"""\r\n',
    );
    expect((await call(ctx.app, 'GET', '/api/users/me/export?format=xml', { token: u.token })).status).toBe(422);
  });

  it('the CSV download is tagged with the data: 304 while unchanged, every change in the next one, compressed when accepted', async () => {
    const u = await register(ctx.app);
    const other = await register(ctx.app);
    const url = '/api/users/me/export?format=csv';
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { weightKg: 80, date: '2026-01-01' } });
    const first = await call(ctx.app, 'GET', url, { token: u.token });
    expect(first.text).toBe('date,weight_kg,weight_lb,notes\r\n2026-01-01,80,176.37,\r\n');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"/);
    const same = await call(ctx.app, 'GET', url, { token: u.token, headers: { 'If-None-Match': tag } });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    // another account's download is its own, tag or not
    const theirs = await call(ctx.app, 'GET', url, { token: other.token, headers: { 'If-None-Match': tag } });
    expect(theirs.status).toBe(200);
    expect(theirs.text).toBe('date,weight_kg,weight_lb,notes\r\n');

    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { weightKg: 79.5, date: '2026-01-02', notes: 'after run' } });
    const changed = await call(ctx.app, 'GET', url, { token: u.token, headers: { 'If-None-Match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(changed.text).toBe('date,weight_kg,weight_lb,notes\r\n2026-01-01,80,176.37,\r\n2026-01-02,79.5,175.27,after run\r\n');
    await call(ctx.app, 'DELETE', '/api/weights/date/2026-01-01', { token: u.token });
    expect((await call(ctx.app, 'GET', url, { token: u.token })).text).toBe(
      'date,weight_kg,weight_lb,notes\r\n2026-01-02,79.5,175.27,after run\r\n',
    );

    // a longer history, downloaded many times at once: every answer the same file, compressed when asked for
    await ctx.db.execute(sql`insert into weight_entries (id, user_id, date, weight_kg, notes, created_at, updated_at)
      select gen_random_uuid(), ${u.user.id}::uuid, d::date, 70 + extract(doy from d) / 10.0, null, now(), now()
      from generate_series('2024-01-01'::date, '2025-12-31'::date, '1 day') d`);
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { weightKg: 79, date: '2026-01-03' } });
    const plain = await call(ctx.app, 'GET', url, { token: u.token });
    expect(plain.text.split('\r\n')).toHaveLength(1 + 731 + 2 + 1);
    const many = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.app.request(url, { headers: { Authorization: `Bearer ${u.token}`, 'Accept-Encoding': 'gzip' } }),
      ),
    );
    for (const res of many) {
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('content-type')).toBe('text/csv; charset=UTF-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="weights.csv"');
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(plain.text);
    }
  });

  it('the JSON download holds every entry as the entries list does, is tagged, and has every change in the next one', async () => {
    const u = await register(ctx.app);
    const url = '/api/users/me/export';
    await call(ctx.app, 'POST', '/api/weights', {
      token: u.token,
      body: { weightKg: 80.25, date: '2026-01-01', notes: 'é "quoted" \\ ✓' },
    });
    const first = await call(ctx.app, 'GET', url, { token: u.token });
    expect(first.headers.get('content-disposition')).toBe('attachment; filename="weight-tracker-export.json"');
    expect(first.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"/);
    expect((await call(ctx.app, 'GET', url, { token: u.token, headers: { 'If-None-Match': tag } })).status).toBe(304);
    expect(Object.keys(first.body)).toEqual(['profile', 'goal', 'entries', 'reminders', 'pushDevices']);
    expect(first.body.entries).toEqual((await call(ctx.app, 'GET', '/api/weights', { token: u.token })).body);
    expect(first.body.entries[0]).toMatchObject({ date: '2026-01-01', weightKg: 80.25, notes: 'é "quoted" \\ ✓' });

    // the file follows every change: its profile, its goal, its entries
    await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: { firstName: 'Grace' } });
    const renamed = await call(ctx.app, 'GET', url, { token: u.token, headers: { 'If-None-Match': tag } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.profile.firstName).toBe('Grace');
    await call(ctx.app, 'PATCH', '/api/goals', {
      token: u.token,
      body: { startWeightKg: 82, targetWeightKg: 75, startDate: '2026-01-01', targetDate: '2026-12-31' },
    });
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { weightKg: 79.9, date: '2026-01-02' } });
    const second = await call(ctx.app, 'GET', url, { token: u.token });
    expect(second.body.profile.firstName).toBe('Grace');
    expect(second.body.goal).toEqual({ startWeightKg: 82, targetWeightKg: 75, startDate: '2026-01-01', targetDate: '2026-12-31' });
    expect(second.body.entries.map((e: { date: string }) => e.date)).toEqual(['2026-01-01', '2026-01-02']);

    // a longer history goes compressed when the client accepts it
    await ctx.db.execute(sql`insert into weight_entries (id, user_id, date, weight_kg, notes, created_at, updated_at)
      select gen_random_uuid(), ${u.user.id}::uuid, d::date, 70 + extract(doy from d) / 10.0, null, now(), now()
      from generate_series('2025-01-01'::date, '2025-03-31'::date, '1 day') d`);
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { weightKg: 79.8, date: '2026-01-03' } });
    const plain = await call(ctx.app, 'GET', url, { token: u.token });
    expect(plain.body.entries).toHaveLength(90 + 3);
    const packed = await ctx.app.request(url, { headers: { Authorization: `Bearer ${u.token}`, 'Accept-Encoding': 'gzip' } });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await packed.arrayBuffer())).toString('utf8')).toBe(plain.text);
  });

  it('deletes the account with the current password: data, sessions and login are gone', async () => {
    const u = await register(ctx.app);
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { weightKg: 70, date: '2026-02-02' } });
    await call(ctx.app, 'PATCH', '/api/goals', {
      token: u.token,
      body: { startWeightKg: 80, targetWeightKg: 70, startDate: '2026-01-01', targetDate: '2026-12-31' },
    });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const avatarUrl = (await call(ctx.app, 'POST', '/api/users/me/avatar', { token: u.token, rawBody: form })).body.avatarUrl;
    expect((await call(ctx.app, 'GET', avatarUrl)).status).toBe(200);
    const pat = (await call(ctx.app, 'POST', '/api/tokens', { token: u.token, body: { name: 'script', scope: 'read-write' } })).body.token;
    expect((await call(ctx.app, 'GET', '/api/weights', { token: pat })).status).toBe(200);
    const wrong = await call(ctx.app, 'DELETE', '/api/users/me', { token: u.token, body: { currentPassword: 'nope-nope-nope' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details[0].field).toBe('currentPassword');
    expect((await call(ctx.app, 'DELETE', '/api/users/me', { token: u.token, body: {} })).status).toBe(422);
    // attempt counters kept under the address, and one of someone else's
    const keys = ['login', 'reset', 'register'].map((kind) => `${kind}:email:${u.email}`);
    const others = `login:email:someone-else-${u.email}`;
    for (const key of [...keys, others])
      await ctx.db.execute(
        sql`insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + interval '1 hour') on conflict (key) do nothing`,
      );
    const r = await call(ctx.app, 'DELETE', '/api/users/me', { token: u.token, body: { currentPassword: u.password } });
    expect(r.status).toBe(204);
    const counters = await ctx.db.execute(sql`select key from rate_limits where key like ${'%' + u.email}`);
    expect((counters as unknown as { rows: { key: string }[] }).rows.map((row) => row.key)).toEqual([others]);
    expect(r.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/weights', { token: pat })).status).toBe(403);
    expect((await call(ctx.app, 'GET', avatarUrl)).status).toBe(404);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    const left = await ctx.db.execute(sql`select
      (select count(*) from weight_entries where user_id = ${u.user.id})::int +
      (select count(*) from sessions where user_id = ${u.user.id})::int +
      (select count(*) from goals where user_id = ${u.user.id})::int +
      (select count(*) from avatars where user_id = ${u.user.id})::int +
      (select count(*) from api_tokens where user_id = ${u.user.id})::int as n`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // the email can be registered again
    expect((await register(ctx.app, { email: u.email })).user.email).toBe(u.email);
  });

  it('deleting the account is throttled like login: 40 guesses of the current password, the limit get checked', async () => {
    const app = ctx.makeApp({ rateLimits: DEFAULT_RATE_LIMITS });
    const u = await register(ctx.app);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(app, 'DELETE', '/api/users/me', { token: u.token, body: { currentPassword: `guess-${i}-pw` } }).then((r) => r.status),
      ),
    );
    const limit = DEFAULT_RATE_LIMITS.loginPerEmail.limit;
    expect(statuses.filter((s) => s === 422)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - limit);
    expect((await call(app, 'DELETE', '/api/users/me', { token: u.token, body: { currentPassword: u.password } })).status).toBe(429);
    expect((await call(app, 'GET', '/api/users/me', { token: u.token })).status).toBe(200);
  });
});
