import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, describeDb, register, type Registered } from '../test/harness.js';

describeDb('weights', (ctx) => {
  const post = (u: Registered, body: unknown) => call(ctx.app, 'POST', '/api/weights', { token: u.token, body });

  it('creates, reads, lists (inclusive, ascending), latest/earliest, deletes', async () => {
    const u = await register(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/weights/latest', { token: u.token })).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/weights/earliest', { token: u.token })).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/weights', { token: u.token })).body).toEqual([]);
    const created = await post(u, { weightKg: 80.25, date: '2026-11-03', notes: 'after run' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), date: '2026-11-03', weightKg: 80.25, notes: 'after run' });
    await post(u, { weightKg: 81, date: '2026-11-01' });
    await post(u, { weightKg: 79.5, date: '2026-11-05' });
    const all = await call(ctx.app, 'GET', '/api/weights', { token: u.token });
    expect(all.body.map((e: { date: string }) => e.date)).toEqual(['2026-11-01', '2026-11-03', '2026-11-05']);
    expect(all.body[0]).toEqual({ id: expect.any(String), date: '2026-11-01', weightKg: 81, notes: null });
    const range = await call(ctx.app, 'GET', '/api/weights?start_date=2026-11-03&end_date=2026-11-05', { token: u.token });
    expect(range.body.map((e: { date: string }) => e.date)).toEqual(['2026-11-03', '2026-11-05']);
    const open = await call(ctx.app, 'GET', '/api/weights?end_date=2026-11-03', { token: u.token });
    expect(open.body.map((e: { date: string }) => e.date)).toEqual(['2026-11-01', '2026-11-03']);
    expect((await call(ctx.app, 'GET', '/api/weights/latest', { token: u.token })).body.date).toBe('2026-11-05');
    expect((await call(ctx.app, 'GET', '/api/weights/earliest', { token: u.token })).body.date).toBe('2026-11-01');
    const one = await call(ctx.app, 'GET', '/api/weights/date/2026-11-03', { token: u.token });
    expect(one.body).toEqual(created.body);
    expect((await call(ctx.app, 'GET', '/api/weights/date/2026-11-02', { token: u.token })).status).toBe(404);
    expect((await call(ctx.app, 'DELETE', '/api/weights/date/2026-11-03', { token: u.token })).status).toBe(204);
    expect((await call(ctx.app, 'DELETE', '/api/weights/date/2026-11-03', { token: u.token })).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/weights/date/2026-11-03', { token: u.token })).status).toBe(404);
  });

  it('none=null: "none" is a 200 null for the app (a 404 is a console error in a browser); the entry when there is one', async () => {
    const u = await register(ctx.app);
    const get = (path: string, headers: Record<string, string> = {}) => call(ctx.app, 'GET', path, { token: u.token, headers });
    for (const path of ['/api/weights/latest', '/api/weights/earliest', '/api/weights/date/2026-11-03']) {
      const none = await get(`${path}?none=null`);
      expect(none.status).toBe(200);
      expect(none.body).toBeNull();
      expect((await get(path)).status).toBe(404);
      const bad = await get(`${path}?none=yes`);
      expect(bad.status).toBe(422);
      expect(bad.body.error.details).toEqual([{ field: 'none', issue: 'none must be null' }]);
    }
    // the null is tagged with the data version: once an entry exists, the client's tag no longer matches
    const tag = (await get('/api/weights/latest?none=null')).headers.get('ETag')!;
    expect((await get('/api/weights/latest?none=null', { 'If-None-Match': tag })).status).toBe(304);
    const created = await post(u, { weightKg: 80.25, date: '2026-11-03' });
    for (const path of ['/api/weights/latest', '/api/weights/earliest', '/api/weights/date/2026-11-03']) {
      const found = await get(`${path}?none=null`, { 'If-None-Match': tag });
      expect(found.status).toBe(200);
      expect(found.body).toEqual(created.body);
    }
    expect((await get('/api/weights/date/2026-11-04?none=null')).body).toBeNull();
    // another account's entry is never this user's
    const other = await register(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/weights/latest?none=null', { token: other.token })).body).toBeNull();
  });

  it('upserts on (user, date); omitted notes clear them; weights are not rounded', async () => {
    const u = await register(ctx.app);
    const a = await post(u, { weightKg: 80, date: '2026-10-10', notes: 'first' });
    const b = await post(u, { weightKg: 80.123456789, date: '2026-10-10' });
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body).toMatchObject({ weightKg: 80.123456789, notes: null });
    expect((await call(ctx.app, 'GET', '/api/weights', { token: u.token })).body).toHaveLength(1);
  });

  it('30 parallel upserts of one date leave exactly one row', async () => {
    const u = await register(ctx.app);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(u, { weightKg: 70 + i / 10, date: '2026-09-09', notes: `n${i}` })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const rows = await ctx.db.execute(
      sql`select count(*)::int as n from weight_entries where user_id = ${u.user.id} and date = '2026-09-09'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it("16 saves and deletions of one user at once all answer, each lands, and the user's data version moved with every one", async () => {
    const u = await register(ctx.app);
    const version = async () =>
      (
        (await ctx.db.execute(
          sql`select coalesce(sum(version), 0)::float8 as v from data_versions where user_id = ${u.user.id}`,
        )) as unknown as {
          rows: { v: number }[];
        }
      ).rows[0]!.v;
    await post(u, { weightKg: 90, date: '2026-08-01' });
    const before = await version();
    const saves = Array.from({ length: 15 }, (_, i) =>
      post(u, { weightKg: 80 + i / 10, date: `2026-08-${String(i + 2).padStart(2, '0')}` }),
    );
    const deletion = call(ctx.app, 'DELETE', '/api/weights/date/2026-08-01', { token: u.token });
    const results = await Promise.all([...saves, deletion]);
    expect(results.map((r) => r.status)).toEqual([...Array(15).fill(201), 204]);
    const list = await call(ctx.app, 'GET', '/api/weights?start_date=2026-08-01&end_date=2026-08-31', { token: u.token });
    expect(list.body.map((e: { date: string }) => e.date)).toEqual(
      Array.from({ length: 15 }, (_, i) => `2026-08-${String(i + 2).padStart(2, '0')}`),
    );
    // each commit raised one of the user's slots (concurrent saves draw from one sequence, in any order)
    expect(await version()).toBeGreaterThanOrEqual(before + 16);
  });

  it('validates weightKg, date and notes (422 on the field)', async () => {
    const u = await register(ctx.app);
    const bad: [string, string][] = [
      ['{"weightKg":-1,"date":"2026-01-01"}', 'weightKg'],
      ['{"weightKg":0,"date":"2026-01-01"}', 'weightKg'],
      ['{"weightKg":1000,"date":"2026-01-01"}', 'weightKg'],
      ['{"weightKg":"80","date":"2026-01-01"}', 'weightKg'],
      ['{"weightKg":null,"date":"2026-01-01"}', 'weightKg'],
      ['{"weightKg":1e309,"date":"2026-01-01"}', 'weightKg'],
      ['{"date":"2026-01-01"}', 'weightKg'],
      ['{"weightKg":80,"date":"2023-02-29"}', 'date'],
      ['{"weightKg":80,"date":"2023-13-01"}', 'date'],
      ['{"weightKg":80,"date":"20230101"}', 'date'],
      ['{"weightKg":80,"date":"1899-12-31"}', 'date'],
      ['{"weightKg":80,"date":"2026-11-23"}', 'date'], // clock: 2026-11-21 → tomorrow is the last allowed day
      ['{"weightKg":80,"date":"2026-01-01T00:00:00Z"}', 'date'],
      ['{"weightKg":80,"date":20260101}', 'date'],
      ['{"weightKg":80}', 'date'],
      [`{"weightKg":80,"date":"2026-01-01","notes":"${'x'.repeat(256)}"}`, 'notes'],
      ['{"weightKg":80,"date":"2026-01-01","notes":"a\\u0000b"}', 'notes'],
      ['{"weightKg":80,"date":"2026-01-01","userId":"someone"}', 'userId'],
    ];
    for (const [raw, field] of bad) {
      const r = await call(ctx.app, 'POST', '/api/weights', { token: u.token, rawBody: raw, contentType: 'application/json' });
      expect(r.status, raw.slice(0, 80)).toBe(422);
      expect(
        r.body.error.details.map((d: { field: string }) => d.field),
        raw.slice(0, 80),
      ).toContain(field);
    }
    // boundaries that are fine: tomorrow, 1900-01-01, 255 code points of emoji, leap day
    for (const body of [
      { weightKg: 0.1, date: '2026-11-22' },
      { weightKg: 999.9, date: '1900-01-01' },
      { weightKg: 80, date: '2024-02-29', notes: '😀'.repeat(255) },
    ]) {
      expect((await post(u, body)).status, JSON.stringify(body).slice(0, 60)).toBe(201);
    }
    expect((await call(ctx.app, 'GET', '/api/weights/date/2024-02-29', { token: u.token })).body.notes).toBe('😀'.repeat(255));
  });

  it('"tomorrow" follows the injected clock per request', async () => {
    const u = await register(ctx.app);
    const start = ctx.clock.t;
    try {
      expect((await post(u, { weightKg: 80, date: '2026-12-01' })).status).toBe(422);
      ctx.clock.set('2026-11-30T23:30:00Z');
      const later = await register(ctx.app);
      expect((await post(later, { weightKg: 80, date: '2026-12-01' })).status).toBe(201);
      expect((await post(later, { weightKg: 80, date: '2026-12-02' })).status).toBe(422);
    } finally {
      ctx.clock.t = start;
    }
  });

  it('malformed path dates → 400; malformed query dates → 422', async () => {
    const u = await register(ctx.app);
    for (const d of ['2023-02-29', '20230101', 'abc', '2023-13-01', "2023-01-01'--"]) {
      for (const method of ['GET', 'DELETE']) {
        const r = await call(ctx.app, method, `/api/weights/date/${encodeURIComponent(d)}`, { token: u.token });
        expect(r.status, `${method} ${d}`).toBe(400);
        expect(r.body.error.requestId).toEqual(expect.any(String));
      }
    }
    const q = await call(ctx.app, 'GET', '/api/weights?start_date=yesterday', { token: u.token });
    expect(q.status).toBe(422);
    expect(q.body.error.details[0].field).toBe('start_date');
    expect((await call(ctx.app, 'GET', '/api/weights/average/weekly?week_starts_on=3', { token: u.token })).status).toBe(422);
    expect((await call(ctx.app, 'GET', '/api/weights/average/daily', { token: u.token })).status).toBe(400);
  });

  it('user isolation: B lists, reads, deletes and averages nothing of A; ?userId= is ignored', async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    await post(a, { weightKg: 90, date: '2026-08-01', notes: 'A secret' });
    const asB = (method: string, path: string) => call(ctx.app, method, path, { token: b.token });
    const q = `?userId=${a.user.id}&user_id=${a.user.id}`;
    expect((await asB('GET', `/api/weights${q}`)).body).toEqual([]);
    expect((await asB('GET', `/api/weights/date/2026-08-01${q}`)).status).toBe(404);
    expect((await asB('GET', `/api/weights/latest${q}`)).status).toBe(404);
    expect((await asB('GET', `/api/weights/earliest${q}`)).status).toBe(404);
    for (const p of ['weekly', 'monthly', 'yearly']) expect((await asB('GET', `/api/weights/average/${p}${q}`)).body).toEqual([]);
    expect((await asB('DELETE', `/api/weights/date/2026-08-01${q}`)).status).toBe(404);
    expect((await asB('GET', `/api/goals${q}`)).status).toBe(404);
    // B writing the same date creates B's own row and leaves A's alone
    await post(b, { weightKg: 50, date: '2026-08-01' });
    expect((await call(ctx.app, 'GET', '/api/weights/date/2026-08-01', { token: a.token })).body).toMatchObject({
      weightKg: 90,
      notes: 'A secret',
    });
  });

  describe2024();
  function describe2024() {
    const entries2024: [string, number][] = [
      ['2024-12-28', 80], // Sat  ISO 2024-W52
      ['2024-12-29', 81], // Sun  ISO 2024-W52
      ['2024-12-30', 82], // Mon  ISO 2025-W01
      ['2024-12-31', 83], // Tue  ISO 2025-W01
      ['2025-01-01', 84], // Wed  ISO 2025-W01
      ['2025-01-05', 85], // Sun  ISO 2025-W01
      ['2025-01-06', 86], // Mon  ISO 2025-W02
    ];
    const entries2026: [string, number][] = [
      ['2026-12-27', 70], // Sun  ISO 2026-W52
      ['2026-12-28', 71], // Mon  ISO 2026-W53
      ['2026-12-31', 72], // Thu  ISO 2026-W53
      ['2027-01-01', 73], // Fri  ISO 2026-W53
      ['2027-01-03', 74], // Sun  ISO 2026-W53
      ['2027-01-04', 75], // Mon  ISO 2027-W01
    ];
    const seed = async (entries: [string, number][]) => {
      const start = ctx.clock.t;
      ctx.clock.set('2027-06-01T12:00:00Z');
      let u: Registered;
      try {
        u = await register(ctx.app);
        for (const [date, weightKg] of entries) expect((await post(u, { weightKg, date })).status).toBe(201);
      } finally {
        ctx.clock.t = start;
      }
      // back at the suite's time: get a fresh access token from the refresh session
      const t = await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie });
      expect(t.status).toBe(200);
      return { ...u, token: t.body.accessToken as string };
    };
    const avg = async (u: Registered, path: string) => {
      const r = await call(ctx.app, 'GET', `/api/weights/average/${path}`, { token: u.token });
      expect(r.status).toBe(200);
      return r.body;
    };

    it('weekly averages across 2024/2025 with both week starts (ISO week-year)', async () => {
      const u = await seed(entries2024);
      expect(await avg(u, 'weekly?week_starts_on=1')).toEqual([
        { week: '2024-52', average: 80.5, count: 2, start: '2024-12-23', end: '2024-12-29' },
        { week: '2025-01', average: 83.5, count: 4, start: '2024-12-30', end: '2025-01-05' },
        { week: '2025-02', average: 86, count: 1, start: '2025-01-06', end: '2025-01-12' },
      ]);
      // Sunday-start weeks take the number of the following Monday's ISO week
      expect(await avg(u, 'weekly?week_starts_on=0')).toEqual([
        { week: '2024-52', average: 80, count: 1, start: '2024-12-22', end: '2024-12-28' },
        { week: '2025-01', average: 82.5, count: 4, start: '2024-12-29', end: '2025-01-04' },
        { week: '2025-02', average: 85.5, count: 2, start: '2025-01-05', end: '2025-01-11' },
      ]);
      // default: the user's weekStartsOn (0 for a new user)
      expect(await avg(u, 'weekly')).toEqual(await avg(u, 'weekly?week_starts_on=0'));
      expect(await avg(u, 'monthly')).toEqual([
        { month: '2024-12', average: 81.5, count: 4, start: '2024-12-01', end: '2024-12-31' },
        { month: '2025-01', average: 85, count: 3, start: '2025-01-01', end: '2025-01-31' },
      ]);
      expect(await avg(u, 'yearly')).toEqual([
        { year: '2024', average: 81.5, count: 4, start: '2024-01-01', end: '2024-12-31' },
        { year: '2025', average: 85, count: 3, start: '2025-01-01', end: '2025-12-31' },
      ]);
      expect(await avg(u, 'monthly?start_date=2024-12-31&end_date=2025-01-05')).toEqual([
        // a bucket is the whole month, whatever part of it the range covers
        { month: '2024-12', average: 83, count: 1, start: '2024-12-01', end: '2024-12-31' },
        { month: '2025-01', average: 84.5, count: 2, start: '2025-01-01', end: '2025-01-31' },
      ]);
    });

    it('weekly averages across 2026/2027 (a 53-week year) with both week starts', async () => {
      const u = await seed(entries2026);
      expect(await avg(u, 'weekly?week_starts_on=1')).toEqual([
        { week: '2026-52', average: 70, count: 1, start: '2026-12-21', end: '2026-12-27' },
        { week: '2026-53', average: 72.5, count: 4, start: '2026-12-28', end: '2027-01-03' },
        { week: '2027-01', average: 75, count: 1, start: '2027-01-04', end: '2027-01-10' },
      ]);
      expect(await avg(u, 'weekly?week_starts_on=0')).toEqual([
        { week: '2026-53', average: 71.5, count: 4, start: '2026-12-27', end: '2027-01-02' },
        { week: '2027-01', average: 74.5, count: 2, start: '2027-01-03', end: '2027-01-09' },
      ]);
      expect(await avg(u, 'yearly')).toEqual([
        { year: '2026', average: 71, count: 3, start: '2026-01-01', end: '2026-12-31' },
        { year: '2027', average: 74, count: 3, start: '2027-01-01', end: '2027-12-31' },
      ]);
    });

    it('averages travel unrounded: the reader rounds once, in its unit', async () => {
      const u = await seed([
        ['2025-03-03', 70.11],
        ['2025-03-04', 70.16],
        ['2025-03-05', 70.2],
      ]);
      const [march] = await avg(u, 'monthly');
      expect(march).toMatchObject({ month: '2025-03', count: 3, start: '2025-03-01', end: '2025-03-31' });
      expect(march.average).toBeCloseTo((70.11 + 70.16 + 70.2) / 3, 10);
    });
  }
});
