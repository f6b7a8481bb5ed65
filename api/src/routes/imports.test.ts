import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { call, describeDb, register, type Registered, type TestApp } from '../test/harness.js';

const fixture = (name: string) => readFileSync(new URL(`../import/fixtures/${name}`, import.meta.url));

function upload(app: TestApp, token: string, content: string | Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), 'weights.csv');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call(app, 'POST', '/api/imports/preview', { token, rawBody: form });
}
const commit = (app: TestApp, token: string, rows: unknown[], onConflict = 'keep') =>
  call(app, 'POST', '/api/imports/commit', { token, body: { rows, onConflict } });
const entries = async (app: TestApp, u: Registered) => (await call(app, 'GET', '/api/weights', { token: u.token })).body;

describeDb('imports', (ctx) => {
  it('previews each fixture format and stores nothing', async () => {
    const u = await register(ctx.app);
    const expected: Record<string, [string, number, number]> = {
      'generic-kg.csv': ['generic', 4, 3],
      'generic-lb-bom-crlf.csv': ['generic', 2, 2],
      'generic-semicolon.csv': ['generic', 2, 0],
      'libra.csv': ['libra', 3, 0],
      'openscale.csv': ['openscale', 3, 0],
      'trendweight.csv': ['trendweight', 2, 1],
      'hackersdiet.csv': ['hackersdiet', 2, 1],
    };
    for (const [name, [format, rows, rejected]] of Object.entries(expected)) {
      const r = await upload(ctx.app, u.token, fixture(name));
      expect(r.status, name).toBe(200);
      expect(r.body.format.id, name).toBe(format);
      expect(r.body.rows, name).toHaveLength(rows);
      expect(r.body.rejected, name).toHaveLength(rejected);
    }
    const kg = await upload(ctx.app, u.token, fixture('generic-kg.csv'));
    expect(kg.body).toMatchObject({
      format: { id: 'generic', label: 'Generic CSV (date, weight, notes)' },
      dateFormat: { value: 'yyyy-MM-dd', ambiguous: false },
      unit: 'kg',
      duplicatesInFile: 1,
      conflicts: [],
    });
    expect(kg.body.rejected[0]).toEqual({ line: 6, reason: 'Date "2024-02-30" is not a real date' });
    expect(kg.body.rows[1]).toEqual({ line: 3, date: '2024-01-02', weightKg: 80.3, notes: 'After dinner, with "friends"' });
    expect(await entries(ctx.app, u)).toEqual([]);
  });

  it('ambiguous dates: candidates, then the chosen order; unit for a bare weight column', async () => {
    const u = await register(ctx.app);
    const a = await upload(ctx.app, u.token, fixture('ambiguous.csv'));
    expect(a.body.dateFormat).toEqual({ value: null, ambiguous: true, candidates: ['dd/MM/yyyy', 'MM/dd/yyyy'] });
    const us = await upload(ctx.app, u.token, fixture('ambiguous.csv'), { dateFormat: 'MM/dd/yyyy', unit: 'lb' });
    expect(us.body.dateFormat.value).toBe('MM/dd/yyyy');
    expect(us.body.unit).toBe('lb');
    expect(us.body.rows[0]).toMatchObject({ date: '2024-01-02', weightKg: 80 * 0.45359237 });
    expect((await upload(ctx.app, u.token, 'date,weight\n', { dateFormat: 'yyyy/dd' })).status).toBe(422);
  });

  it('refuses files over 5 MiB (413 with a clear message), non-CSV headers and non-multipart bodies', async () => {
    const u = await register(ctx.app);
    const big = 'date,weight,notes\n' + '2024-01-01,80,'.padEnd(100, 'x').concat('\n').repeat(53_000);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const r = await upload(ctx.app, u.token, big);
    expect(r.status).toBe(413);
    expect(r.body.error.message).toBe('The file is larger than 5 MiB');
    const unknown = await upload(ctx.app, u.token, 'foo,bar\n1,2\n');
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details[0]).toMatchObject({ field: 'file', issue: expect.stringMatching(/not recognised/) });
    expect((await call(ctx.app, 'POST', '/api/imports/preview', { token: u.token, body: {} })).status).toBe(415);
    expect((await call(ctx.app, 'POST', '/api/imports/preview', { token: u.token, rawBody: new FormData() })).status).toBe(422);
  });

  it('commit keep vs replace; conflicts in the preview; duplicates and validation; user isolation', async () => {
    const u = await register(ctx.app);
    const other = await register(ctx.app);
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: '2024-01-02', weightKg: 90, notes: 'mine' } });
    await call(ctx.app, 'POST', '/api/weights', { token: other.token, body: { date: '2024-01-01', weightKg: 50 } });
    const p = await upload(ctx.app, u.token, fixture('generic-kg.csv'));
    expect(p.body.conflicts).toEqual([
      { date: '2024-01-02', existing: { weightKg: 90, notes: 'mine' }, incoming: { weightKg: 80.3, notes: 'After dinner, with "friends"' } },
    ]);
    const keep = await commit(ctx.app, u.token, p.body.rows, 'keep');
    expect(keep.status).toBe(200);
    expect(keep.body).toEqual({ imported: 3, replaced: 0, skipped: 1 });
    expect((await entries(ctx.app, u)).find((e: { date: string }) => e.date === '2024-01-02')).toMatchObject({ weightKg: 90, notes: 'mine' });
    const replace = await commit(ctx.app, u.token, p.body.rows, 'replace');
    expect(replace.body).toEqual({ imported: 0, replaced: 4, skipped: 0 });
    expect((await entries(ctx.app, u)).find((e: { date: string }) => e.date === '2024-01-02')).toMatchObject({ weightKg: 80.3 });
    // the other account is untouched
    expect(await entries(ctx.app, other)).toEqual([expect.objectContaining({ date: '2024-01-01', weightKg: 50, notes: null })]);
    // duplicate dates in the body: the first is kept, the rest skipped
    const dup = await commit(ctx.app, u.token, [
      { date: '2023-05-05', weightKg: 70 },
      { date: '2023-05-05', weightKg: 71 },
    ]);
    expect(dup.body).toEqual({ imported: 1, replaced: 0, skipped: 1 });
    // the rules of POST /weights, and nothing stored when one row is wrong
    for (const [row, field] of [
      [{ date: '2023-02-29', weightKg: 70 }, 'rows.1.date'],
      [{ date: '2023-06-01', weightKg: 1000 }, 'rows.1.weightKg'],
      [{ date: '2023-06-01', weightKg: 70, notes: 'x'.repeat(256) }, 'rows.1.notes'],
      [{ date: '2026-11-23', weightKg: 70 }, 'rows.1.date'],
      [{ date: '1899-12-31', weightKg: 70 }, 'rows.1.date'],
    ] as const) {
      const r = await commit(ctx.app, u.token, [{ date: '2023-07-07', weightKg: 70 }, row]);
      expect(r.status, field).toBe(422);
      expect(r.body.error.details[0].field).toBe(field);
    }
    expect((await entries(ctx.app, u)).some((e: { date: string }) => e.date === '2023-07-07')).toBe(false);
    expect((await call(ctx.app, 'POST', '/api/imports/commit', { token: u.token, body: { rows: [], onConflict: 'merge' } })).status).toBe(422);
    const many = Array.from({ length: 20_001 }, (_, i) => ({ date: '2020-01-01', weightKg: 70 + (i % 2) }));
    expect((await commit(ctx.app, u.token, many)).status).toBe(422);
  });

  it('commits ~4,000 rows in one transaction quickly (time printed, not asserted)', async () => {
    const u = await register(ctx.app);
    const lines = ['date,weight,notes'];
    const start = Date.UTC(2014, 0, 1);
    for (let i = 0; i < 4012; i++) lines.push(`${new Date(start + i * 86_400_000).toISOString().slice(0, 10)},${(80 + Math.sin(i) * 3).toFixed(2)},"day ${i}, ok"`);
    const p = await upload(ctx.app, u.token, lines.join('\n'));
    expect(p.body.rows).toHaveLength(4012);
    const t0 = performance.now();
    const r = await commit(ctx.app, u.token, p.body.rows);
    const ms = performance.now() - t0;
    console.log(`[${ctx.driver}] committed 4,012 rows in ${ms.toFixed(0)} ms`);
    expect(r.body).toEqual({ imported: 4012, replaced: 0, skipped: 0 });
    const n = await ctx.db.execute(sql`select count(*)::int as n from weight_entries where user_id = ${u.user.id}`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(4012);
  });

  it('export CSV then import into a new account gives identical entries', async () => {
    const a = await register(ctx.app);
    const rows = [
      { date: '2024-01-01', weightKg: 80.123456789, notes: 'plain' },
      { date: '2024-01-02', weightKg: 79.9, notes: '=HYPERLINK("http://x"), "quoted"' },
      { date: '2024-01-03', weightKg: 100 / 3, notes: "'=already escaped\nand two lines" },
      { date: '2024-01-04', weightKg: 0.1, notes: null },
      { date: '2024-01-05', weightKg: 70, notes: ' spaces, ;semicolon; @at +plus -minus ' },
      { date: '2024-01-06', weightKg: 71, notes: '-5 kg, emoji 🎉' },
    ];
    for (const r of rows) await call(ctx.app, 'POST', '/api/weights', { token: a.token, body: r });
    const csv = await call(ctx.app, 'GET', '/api/users/me/export?format=csv', { token: a.token });
    const b = await register(ctx.app);
    const p = await upload(ctx.app, b.token, csv.text);
    expect(p.body.rejected).toEqual([]);
    expect((await commit(ctx.app, b.token, p.body.rows)).body.imported).toBe(rows.length);
    const strip = (es: { date: string; weightKg: number; notes: string | null }[]) => es.map(({ date, weightKg, notes }) => ({ date, weightKg, notes }));
    expect(strip(await entries(ctx.app, b))).toEqual(strip(await entries(ctx.app, a)));
    expect(strip(await entries(ctx.app, b))).toEqual(rows);
  });
});
