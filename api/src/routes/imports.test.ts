import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { call, describeDb, register, type Registered, type TestApp } from '../test/harness.js';

const fixture = (name: string) => readFileSync(new URL(`../import/fixtures/${name}`, import.meta.url));

/**
 * Uploads a file and waits until the background read is done; answers with the import (its preview when ready,
 * `previewOf` reads it) or with the refusal of the upload itself.
 */
async function upload(app: TestApp, token: string, content: string | Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), 'weights.csv');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const started = await call(app, 'POST', '/api/imports', { token, rawBody: form });
  if (started.status !== 202) return started;
  // a small file may already be read by the time the upload answers
  expect(started.body).toMatchObject({
    id: expect.any(String),
    status: expect.stringMatching(/^(parsing|ready|failed)$/),
    fileName: 'weights.csv',
  });
  for (let i = 0; i < 400; i++) {
    const r = await call(app, 'GET', `/api/imports/${started.body.id}`, { token });
    if (r.body.status !== 'parsing') return r;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the import never finished');
}
/** The preview of an upload, as the old synchronous call answered it: status 200 with the preview as body. */
async function preview(app: TestApp, token: string, content: string | Uint8Array, fields: Record<string, string> = {}) {
  const r = await upload(app, token, content, fields);
  if (r.status !== 200) return r;
  if (r.body.status === 'failed') return { ...r, status: 422, body: { error: { details: [{ field: 'file', issue: r.body.error }] } } };
  return { ...r, body: { ...r.body.preview, id: r.body.id } };
}
const commit = (app: TestApp, token: string, id: string, onConflict = 'keep') =>
  call(app, 'POST', `/api/imports/${id}/commit`, { token, body: { onConflict } });
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
      const r = await preview(ctx.app, u.token, fixture(name));
      expect(r.status, name).toBe(200);
      expect(r.body.format.id, name).toBe(format);
      expect(r.body.rows, name).toHaveLength(rows);
      expect(r.body.rejected, name).toHaveLength(rejected);
    }
    const kg = await preview(ctx.app, u.token, fixture('generic-kg.csv'));
    expect(kg.body).toMatchObject({
      format: { id: 'generic', label: 'Generic CSV (date, weight, notes)' },
      dateFormat: { value: 'yyyy-MM-dd', ambiguous: false },
      unit: 'kg',
      duplicatesInFile: 1,
      counts: { rows: 4, rejected: 3, duplicatesInFile: 1, conflicts: 0 },
      range: { first: '2024-01-01', last: expect.any(String) },
      conflicts: [],
    });
    expect(kg.body.rejected[0]).toEqual({ line: 6, reason: 'Date "2024-02-30" is not a real date' });
    expect(kg.body.rows[1]).toEqual({ line: 3, date: '2024-01-02', weightKg: 80.3, notes: 'After dinner, with "friends"' });
    expect(await entries(ctx.app, u)).toEqual([]);
  });

  it('ambiguous dates: candidates, then the chosen order; unit for a bare weight column', async () => {
    const u = await register(ctx.app);
    const a = await preview(ctx.app, u.token, fixture('ambiguous.csv'));
    expect(a.body.dateFormat).toEqual({ value: null, ambiguous: true, candidates: ['dd/MM/yyyy', 'MM/dd/yyyy'] });
    const us = await preview(ctx.app, u.token, fixture('ambiguous.csv'), { dateFormat: 'MM/dd/yyyy', unit: 'lb' });
    expect(us.body.dateFormat.value).toBe('MM/dd/yyyy');
    expect(us.body.unit).toBe('lb');
    expect(us.body.rows[0]).toMatchObject({ date: '2024-01-02', weightKg: 80 / 2.20462 });
    expect((await preview(ctx.app, u.token, 'date,weight\n', { dateFormat: 'yyyy/dd' })).status).toBe(422);
  });

  it('refuses files over 5 MiB (413 with a clear message), non-CSV headers and non-multipart bodies', async () => {
    const u = await register(ctx.app);
    const big = 'date,weight,notes\n' + '2024-01-01,80,'.padEnd(100, 'x').concat('\n').repeat(53_000);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const r = await preview(ctx.app, u.token, big);
    expect(r.status).toBe(413);
    expect(r.body.error.message).toBe('The file is larger than 5 MiB');
    const unknown = await preview(ctx.app, u.token, 'foo,bar\n1,2\n');
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details[0]).toMatchObject({ field: 'file', issue: expect.stringMatching(/not recognised/) });
    expect((await call(ctx.app, 'POST', '/api/imports', { token: u.token, body: {} })).status).toBe(415);
    expect((await call(ctx.app, 'POST', '/api/imports', { token: u.token, rawBody: new FormData() })).status).toBe(422);
  });

  it('commit keep vs replace; conflicts in the preview; user isolation; an import is committed once', async () => {
    const u = await register(ctx.app);
    const other = await register(ctx.app);
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: '2024-01-02', weightKg: 90, notes: 'mine' } });
    await call(ctx.app, 'POST', '/api/weights', { token: other.token, body: { date: '2024-01-01', weightKg: 50 } });
    const p = await preview(ctx.app, u.token, fixture('generic-kg.csv'));
    expect(p.body.conflicts).toEqual([
      {
        date: '2024-01-02',
        existing: { weightKg: 90, notes: 'mine' },
        incoming: { weightKg: 80.3, notes: 'After dinner, with "friends"' },
      },
    ]);
    // another user can neither see nor commit it
    expect((await call(ctx.app, 'GET', `/api/imports/${p.body.id}`, { token: other.token })).status).toBe(404);
    expect((await commit(ctx.app, other.token, p.body.id)).status).toBe(404);
    const keep = await commit(ctx.app, u.token, p.body.id, 'keep');
    expect(keep.status).toBe(200);
    expect(keep.body).toEqual({ imported: 3, replaced: 0, skipped: 1 });
    expect((await entries(ctx.app, u)).find((e: { date: string }) => e.date === '2024-01-02')).toMatchObject({
      weightKg: 90,
      notes: 'mine',
    });
    expect((await commit(ctx.app, u.token, p.body.id, 'keep')).status).toBe(404);
    const again = await preview(ctx.app, u.token, fixture('generic-kg.csv'));
    expect(again.body.counts.conflicts).toBe(4);
    const replace = await commit(ctx.app, u.token, again.body.id, 'replace');
    expect(replace.body).toEqual({ imported: 0, replaced: 4, skipped: 0 });
    expect((await entries(ctx.app, u)).find((e: { date: string }) => e.date === '2024-01-02')).toMatchObject({ weightKg: 80.3 });
    // the other account is untouched
    expect(await entries(ctx.app, other)).toEqual([expect.objectContaining({ date: '2024-01-01', weightKg: 50, notes: null })]);
    expect((await commit(ctx.app, u.token, again.body.id, 'merge')).status).toBe(422);
    expect((await call(ctx.app, 'GET', '/api/imports/not-a-uuid', { token: u.token })).status).toBe(400);
  });

  it('a file that cannot be read fails with its reason and cannot be committed; delete discards', async () => {
    const u = await register(ctx.app);
    const failed = await upload(ctx.app, u.token, 'when,kilos\n2024-01-01,80\n');
    expect(failed.body).toMatchObject({ status: 'failed', preview: null, error: expect.stringMatching(/not recognised/) });
    const refused = await commit(ctx.app, u.token, failed.body.id);
    expect(refused.status).toBe(409);
    const ok = await upload(ctx.app, u.token, 'date,weight\n2024-01-01,80\n');
    expect((await call(ctx.app, 'DELETE', `/api/imports/${ok.body.id}`, { token: u.token })).status).toBe(204);
    expect((await call(ctx.app, 'GET', `/api/imports/${ok.body.id}`, { token: u.token })).status).toBe(404);
    // a new upload replaces the previous import
    const first = await upload(ctx.app, u.token, 'date,weight\n2024-01-01,80\n');
    await upload(ctx.app, u.token, 'date,weight\n2024-01-02,81\n');
    expect((await call(ctx.app, 'GET', `/api/imports/${first.body.id}`, { token: u.token })).status).toBe(404);
  });

  it('a read that stalls (its process died) is reported as interrupted', async () => {
    const u = await register(ctx.app);
    const done = await upload(ctx.app, u.token, 'date,weight\n2024-01-01,80\n');
    // as a process that died while reading leaves it: still parsing, untouched for ten minutes
    const stalled = new Date(ctx.clock.t - 10 * 60 * 1000).toISOString();
    await ctx.db.execute(sql`update imports set status = 'parsing', updated_at = ${stalled}::timestamptz where id = ${done.body.id}`);
    const r = await call(ctx.app, 'GET', `/api/imports/${done.body.id}`, { token: u.token });
    expect(r.body).toMatchObject({ status: 'failed', error: 'The import was interrupted. Upload the file again.' });
    expect((await commit(ctx.app, u.token, done.body.id)).status).toBe(409);
  });

  it('commits ~4,000 rows in one transaction quickly (time printed, not asserted)', async () => {
    const u = await register(ctx.app);
    const lines = ['date,weight,notes'];
    const start = Date.UTC(2014, 0, 1);
    for (let i = 0; i < 4012; i++)
      lines.push(`${new Date(start + i * 86_400_000).toISOString().slice(0, 10)},${(80 + Math.sin(i) * 3).toFixed(2)},"day ${i}, ok"`);
    const p = await preview(ctx.app, u.token, lines.join('\n'));
    expect(p.body.counts.rows).toBe(4012);
    expect(p.body.rows).toHaveLength(20);
    const t0 = performance.now();
    const r = await commit(ctx.app, u.token, p.body.id);
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
    const p = await preview(ctx.app, b.token, csv.text);
    expect(p.body.rejected).toEqual([]);
    expect((await commit(ctx.app, b.token, p.body.id)).body.imported).toBe(rows.length);
    const strip = (es: { date: string; weightKg: number; notes: string | null }[]) =>
      es.map(({ date, weightKg, notes }) => ({ date, weightKg, notes }));
    expect(strip(await entries(ctx.app, b))).toEqual(strip(await entries(ctx.app, a)));
    expect(strip(await entries(ctx.app, b))).toEqual(rows);
  });
});
