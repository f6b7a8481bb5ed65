import { expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { imports } from '../db/schema.js';
import { call, describeDb, register, type Registered, type TestApp } from '../test/harness.js';
import { writeZip } from '../import/testing/zip.js';
import { UPLOAD_DIR } from '../import/upload.js';
import { IMPORT_HEARTBEAT_MS, startImport } from '../import/jobs.js';
import { ReadCache } from '../lib/read-cache.js';
import { UserTurns } from '../lib/user-turns.js';

const fixture = (name: string) => readFileSync(new URL(`../import/fixtures/${name}`, import.meta.url));
// expected kilograms are computed here, with the product's pound factor written out
const LB = 2.20462;
const lb = (v: number) => v / LB;

/**
 * Uploads a file and waits until the background read is done; answers with the import (its preview when ready,
 * `previewOf` reads it) or with the refusal of the upload itself.
 */
async function upload(
  app: TestApp,
  token: string,
  content: string | Uint8Array,
  fields: Record<string, string> = {},
  fileName = 'weights.csv',
) {
  const form = new FormData();
  form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), fileName);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const started = await call(app, 'POST', '/api/imports', { token, rawBody: form });
  if (started.status !== 202) return started;
  // a small file may already be read by the time the upload answers
  expect(started.body).toMatchObject({
    id: expect.any(String),
    status: expect.stringMatching(/^(parsing|ready|failed)$/),
    fileName,
  });
  for (let i = 0; i < 400; i++) {
    const r = await call(app, 'GET', `/api/imports/${started.body.id}`, { token });
    if (r.body.status !== 'parsing') return r;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the import never finished');
}
/** The preview of an upload, as the old synchronous call answered it: status 200 with the preview as body. */
async function preview(app: TestApp, token: string, content: string | Uint8Array, fields: Record<string, string> = {}, fileName?: string) {
  const r = await upload(app, token, content, fields, fileName);
  if (r.status !== 200) return r;
  if (r.body.status === 'failed') return { ...r, status: 422, body: { error: { details: [{ field: 'file', issue: r.body.error }] } } };
  return { ...r, body: { ...r.body.preview, id: r.body.id } };
}
const commit = (app: TestApp, token: string, id: string, onConflict = 'keep') =>
  call(app, 'POST', `/api/imports/${id}/commit`, { token, body: { onConflict } });
const entries = async (app: TestApp, u: Registered) => (await call(app, 'GET', '/api/weights', { token: u.token })).body;

describeDb('imports', (ctx) => {
  type Expected = {
    file: string;
    /** the person's settings before the upload */
    prefs?: { timeZone?: string; unitPreference?: 'METRIC' | 'IMPERIAL' };
    fields?: Record<string, string>;
    format: string;
    rows: [string, number, string | null][];
    rejected?: number;
    ignored?: number;
    timeZone?: string | null;
  };
  // each fixture's entries, worked out by hand (see the notes in api/src/import/parse.test.ts for the dates)
  const FORMATS: Expected[] = [
    {
      file: 'generic-kg.csv',
      format: 'generic',
      rows: [
        ['2024-01-01', 80.5, 'New year'],
        ['2024-01-02', 80.3, 'After dinner, with "friends"'],
        ['2024-01-03', 80.1, 'Two\nlines'],
        ['2024-01-05', 79.8, null],
      ],
      rejected: 3,
    },
    {
      file: 'generic-lb-bom-crlf.csv',
      format: 'generic',
      rows: [
        ['2024-01-31', lb(176.4), 'Morning, fasted'],
        ['2024-02-01', lb(175), null],
      ],
      rejected: 2,
    },
    {
      file: 'openscale-1.csv',
      format: 'openscale-1',
      rows: [
        ['2017-04-02', 81.3, null],
        ['2017-04-03', 81.1, 'after run, tired'],
      ],
      rejected: 0,
    },
    {
      file: 'openscale-2.csv',
      format: 'openscale-2',
      rows: [
        ['2024-04-02', 75.25, null],
        ['2024-04-03', 75, 'after run, "tired"'],
      ],
      ignored: 1,
    },
    {
      file: 'openscale-3.csv',
      prefs: { unitPreference: 'IMPERIAL' },
      format: 'openscale-3',
      rows: [
        ['2024-04-10', lb(165.8), null],
        ['2024-04-11', lb(165.2), 'fasted, before coffee'],
      ],
    },
    {
      file: 'libra-kg.csv',
      prefs: { timeZone: 'Europe/Berlin' },
      format: 'libra',
      timeZone: 'Europe/Berlin',
      rows: [
        ['2024-03-01', 82.4, null],
        ['2024-03-03', 82, 'late; after "pizza"'],
        ['2024-03-04', 81.8, null],
      ],
    },
    {
      file: 'libra-lbs.csv',
      format: 'libra',
      timeZone: null,
      rows: [
        ['2019-06-11', lb(181.4), null],
        ['2019-06-12', lb(180.6), 'Sunday, long walk'],
      ],
    },
    {
      file: 'trendweight.csv',
      format: 'trendweight',
      rows: [
        ['2024-05-01', 90.5, null],
        ['2024-05-02', 89.6, null],
        ['2024-05-04', 89.4, null],
      ],
      ignored: 1,
    },
    {
      file: 'trendweight-comma-decimals.csv',
      format: 'trendweight',
      rows: [
        ['2024-05-01', 90.5, null],
        ['2024-05-02', 89.6, null],
      ],
      ignored: 1,
    },
    {
      file: 'trendweight-readings.csv',
      prefs: { unitPreference: 'IMPERIAL' },
      format: 'trendweight',
      rows: [
        ['2024-05-01', lb(198.2), null],
        ['2024-05-02', lb(197.6), null],
      ],
    },
    {
      file: 'hackersdiet.csv',
      format: 'hackersdiet',
      rows: [
        ['2024-06-01', lb(200), 'Start'],
        ['2024-06-02', lb(199), 'Walked, 5 km'],
        ['2024-06-04', lb(198.4), 'Café au lait: 4€, not \\ cheap'],
        ['2024-07-01', 90.2, null],
      ],
      ignored: 57,
    },
    {
      file: 'wger-en.csv',
      prefs: { timeZone: 'Europe/Berlin' },
      format: 'wger',
      rows: [
        ['2024-01-30', 80.3, null],
        ['2024-02-01', 80.1, null],
      ],
    },
    {
      file: 'wger-de.csv',
      prefs: { unitPreference: 'IMPERIAL' },
      format: 'wger',
      rows: [
        ['2024-01-30', lb(177), null],
        ['2024-01-31', lb(176.5), null],
      ],
    },
    {
      file: 'withings-weight.csv',
      format: 'withings',
      rows: [
        ['2024-02-01', 78.9, null],
        ['2024-02-02', 78.6, 'Morning, before "run"'],
      ],
    },
    {
      file: 'myfitnesspal.csv',
      fields: { unit: 'lb' },
      format: 'myfitnesspal',
      rows: [
        ['2024-01-01', lb(176.4), null],
        ['2024-01-08', lb(175.2), null],
      ],
    },
    {
      file: 'loseit-weights.csv',
      prefs: { unitPreference: 'IMPERIAL' },
      format: 'loseit',
      rows: [
        ['2024-01-02', lb(201.4), null],
        ['2024-01-03', lb(200.2), null],
        ['2024-01-13', lb(199.6), null],
      ],
      ignored: 1,
    },
    {
      file: 'fitbit-weight-2024-01-01.json',
      // pounds whatever the person's unit
      format: 'fitbit',
      rows: [
        ['2024-01-01', lb(176.4), null],
        ['2024-01-02', lb(175.9), null],
      ],
    },
    {
      file: 'garmin-weight.csv',
      format: 'garmin',
      rows: [
        ['2024-02-02', 80.7, null],
        ['2024-02-03', 80.5, null],
      ],
    },
    {
      file: 'google-fit-daily-activity-metrics.csv',
      format: 'google-fit',
      rows: [
        ['2024-03-01', 81.6, null],
        ['2024-03-03', 81.35, null],
      ],
      ignored: 1,
    },
    {
      file: 'google-fit-weight.json',
      prefs: { timeZone: 'Asia/Tokyo' },
      format: 'google-fit',
      rows: [['2024-03-02', 81.5999984741211, null]],
      ignored: 1,
    },
    {
      file: 'samsung-health-weight.csv',
      prefs: { timeZone: 'Asia/Tokyo' },
      format: 'samsung',
      timeZone: 'Asia/Tokyo',
      rows: [
        ['2024-03-02', 82.1, null],
        ['2024-03-03', 81.9, null],
      ],
    },
    {
      file: 'renpho.csv',
      format: 'renpho',
      rows: [
        ['2025-12-02', 78.1, null],
        ['2025-12-03', 77.9, 'before breakfast'],
      ],
    },
    {
      file: 'apple-health-export.xml',
      prefs: { timeZone: 'Europe/Berlin' },
      format: 'apple-health',
      rows: [
        ['2024-02-01', 80.5, null],
        ['2024-02-02', 80.3, null],
        ['2024-02-04', lb(177.9), null],
      ],
    },
  ];

  it('each format: the preview lists exactly the expected entries, and the commit stores them', async () => {
    for (const f of FORMATS) {
      const u = await register(ctx.app);
      if (f.prefs) expect((await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: f.prefs })).status, f.file).toBe(200);
      const p = await preview(ctx.app, u.token, fixture(f.file), f.fields, f.file);
      expect(p.status, `${f.file}: ${JSON.stringify(p.body).slice(0, 300)}`).toBe(200);
      expect(p.body.format.id, f.file).toBe(f.format);
      expect(p.body.counts, f.file).toMatchObject({
        rows: f.rows.length,
        rejected: f.rejected ?? 0,
        ignored: f.ignored ?? 0,
        conflicts: 0,
      });
      if (f.timeZone !== undefined) expect(p.body.timeZone, f.file).toBe(f.timeZone);
      expect(
        p.body.rows.map((r: { date: string; weightKg: number; notes: string | null }) => [r.date, r.weightKg, r.notes]),
        f.file,
      ).toEqual(f.rows);
      expect(await entries(ctx.app, u), f.file).toEqual([]);
      const done = await commit(ctx.app, u.token, p.body.id);
      expect(done.body, f.file).toEqual({ imported: f.rows.length, replaced: 0, skipped: 0 });
      const stored = (await entries(ctx.app, u)).map((e: { date: string; weightKg: number; notes: string | null }) => [
        e.date,
        e.weightKg,
        e.notes,
      ]);
      expect(stored, f.file).toEqual(f.rows);
    }
  }, 60_000);

  it('a unit the file does not state: the form’s choice, else the preference; a warning when the numbers look wrong', async () => {
    const u = await register(ctx.app);
    await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: { unitPreference: 'IMPERIAL' } });
    const pref = await preview(ctx.app, u.token, 'date,weight\n2024-01-01,180\n');
    expect(pref.body).toMatchObject({ unit: 'lb', unitStated: false, fileUnits: [], warnings: [] });
    expect(pref.body.rows[0].weightKg).toBe(lb(180));
    const chosen = await preview(ctx.app, u.token, 'date,weight\n2024-01-01,180\n', { unit: 'kg' });
    expect(chosen.body).toMatchObject({ unit: 'kg', warnings: [{ code: 'looks-like-lb' }] });
    expect(chosen.body.rows[0].weightKg).toBe(180);
    // a stated unit is never overridden, and never warned about
    const stated = await preview(ctx.app, u.token, 'date,weight (kg)\n2024-01-01,180\n', { unit: 'lb' });
    expect(stated.body).toMatchObject({ unitStated: true, fileUnits: ['kg'], warnings: [] });
    expect(stated.body.rows[0].weightKg).toBe(180);
    const metric = await register(ctx.app);
    expect((await preview(ctx.app, metric.token, 'date,weight\n2024-01-01,80\n')).body.unit).toBe('kg');
    // stones can be chosen too: 12.6 st = 176.4 lb
    const stones = await preview(ctx.app, metric.token, 'date,weight\n2024-01-01,12.6\n', { unit: 'st' });
    expect(stones.body).toMatchObject({ unit: 'st', warnings: [] });
    expect(stones.body.rows[0].weightKg).toBeCloseTo(176.4 / 2.20462, 9);
  });

  it('archives: a zip larger than 5 MiB is accepted and streamed; a text file that large is not', async () => {
    const u = await register(ctx.app);
    await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: { timeZone: 'Europe/Berlin' } });
    const dir = mkdtempSync(join(tmpdir(), 'imports-route-'));
    // 6 MiB of other samples around the fixture's records, stored without compression
    const other =
      ' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2024-02-04 09:00:00 +0100" endDate="2024-02-04 09:10:00 +0100" value="812"/>\n';
    const xml = fixture('apple-health-export.xml')
      .toString('utf8')
      .replace(
        '<HealthData locale="en_GB">\n',
        `<HealthData locale="en_GB">\n${other.repeat(Math.ceil((6 * 1024 * 1024) / other.length))}`,
      );
    const size = await writeZip(join(dir, 'export.zip'), [{ name: 'apple_health_export/export.xml', data: xml }], 0);
    expect(size).toBeGreaterThan(6 * 1024 * 1024);
    const p = await preview(ctx.app, u.token, readFileSync(join(dir, 'export.zip')), {}, 'export.zip');
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      format: { id: 'apple-health' },
      counts: { rows: 3 },
      timeZone: 'Europe/Berlin',
      fileUnits: ['kg', 'lb'],
    });
    const done = await upload(ctx.app, u.token, readFileSync(join(dir, 'export.zip')), {}, 'export.zip');
    expect(done.body).toMatchObject({ status: 'ready', bytesRead: size, bytesTotal: size });
    // the same bytes as a text file are refused at 5 MiB
    const csv = await preview(ctx.app, u.token, 'date,weight\n'.padEnd(6 * 1024 * 1024, 'x'));
    expect(csv.status).toBe(413);
    expect(csv.body.error.message).toBe('The file is larger than 5 MiB');
  }, 60_000);

  it('a file that is no export at all never answers 500: the import fails with a reason', async () => {
    const u = await register(ctx.app);
    const odd: (string | Uint8Array)[] = [
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      '<?xml version="1.0"?><html></html>',
      '<HealthData><Record type="HKQuantityTypeIdentifierBodyMass" value="=1+1" unit="kg" startDate="x"/></HealthData>',
      '{"entries": [{"date": "2024-01-01", "weightKg": "NaN"}]}',
      '[1, 2, 3]',
      new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x41]),
      '\u0000\u0001',
    ];
    for (const content of odd) {
      const r = await upload(ctx.app, u.token, content);
      expect(r.status, String(content).slice(0, 40)).toBe(200);
      expect(['ready', 'failed'], String(content).slice(0, 40)).toContain(r.body.status);
    }
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

  it('a request refused for its fields leaves its uploaded file nowhere on disk', async () => {
    const u = await register(ctx.app);
    const marker = `refused-${u.token.slice(-12)}`;
    const r = await upload(ctx.app, u.token, `date,weight,notes\n2024-01-01,80,${marker}\n`, { dateFormat: 'yyyy/dd' });
    expect(r.status).toBe(422);
    const left = readdirSync(UPLOAD_DIR).filter((f) => {
      try {
        return readFileSync(join(UPLOAD_DIR, f), 'utf8').includes(marker);
      } catch {
        return false; // removed meanwhile by another suite's read
      }
    });
    expect(left).toEqual([]);
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

  it('a row whose date cell holds NUL or half a character is rejected alone; the rest reads and commits', async () => {
    const u = await register(ctx.app);
    const csv = `date,weight\n2024-01-01,80\n2024-01-0\u00002,80.1\n${'x'.repeat(23)}😀${'y'.repeat(50)},80.2\n2024-01-04,80.3\n`;
    const p = await preview(ctx.app, u.token, csv);
    expect(p.status).toBe(200);
    expect(p.body.rows).toHaveLength(2);
    expect(p.body.rejectedTotal ?? p.body.rejected.length).toBe(2);
    for (const r of p.body.rejected as { reason: string }[]) {
      expect(r.reason.includes('\u0000')).toBe(false);
      expect(r.reason).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    }
    expect((await commit(ctx.app, u.token, p.body.id)).body).toMatchObject({ imported: 2 });
  });

  it('a JSON file that escapes half a character in a note is stored with it mended, and commits', async () => {
    const u = await register(ctx.app);
    const entries30 = Array.from({ length: 30 }, (_, i) => ({
      date: `2024-01-${String(i + 1).padStart(2, '0')}`,
      weightKg: 80 + i / 10,
      notes: i === 25 ? 'half \ud800 a pair' : null,
    }));
    // JSON.stringify writes the lone half as the escape `\ud800`, as a file damaged elsewhere would hold it
    const p = await preview(ctx.app, u.token, JSON.stringify({ profile: {}, goal: null, entries: entries30 }), {}, 'export.json');
    expect(p.status).toBe(200);
    const done = await commit(ctx.app, u.token, p.body.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ imported: 30 });
    const stored = (await entries(ctx.app, u)) as { date: string; notes: string | null }[];
    expect(stored.find((e) => e.date === '2024-01-26')?.notes).toBe('half \ufffd a pair');
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

  it('a new upload replaces the import being read: the first is gone, the second is read', async () => {
    const u = await register(ctx.app);
    const rows = ['date,weight'];
    for (let d = 0; rows.length < 200_000; d++)
      rows.push(`${1900 + (d % 120)}-01-${String(1 + (d % 28)).padStart(2, '0')},${70 + (d % 50) / 10}`);
    const form = new FormData();
    form.set('file', new Blob([rows.join('\n')], { type: 'text/csv' }), 'big.csv');
    const first = await call(ctx.app, 'POST', '/api/imports', { token: u.token, rawBody: form });
    expect(first.status).toBe(202);
    const second = await upload(ctx.app, u.token, 'date,weight\n2024-01-01,80\n');
    expect(second.body).toMatchObject({ status: 'ready', preview: { counts: { rows: 1 } } });
    expect((await call(ctx.app, 'GET', `/api/imports/${first.body.id}`, { token: u.token })).status).toBe(404);
  });

  it('ten parallel uploads of one file leave the person exactly one import, and it is read to the end', async () => {
    const u = await register(ctx.app);
    const lines = ['date,weight'];
    for (let d = 0; d < 2000; d++) lines.push(`${new Date(Date.UTC(2018, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)},80.5`);
    const file = lines.join('\n');
    const started = await Promise.all(
      Array.from({ length: 10 }, () => {
        const form = new FormData();
        form.set('file', new Blob([file], { type: 'text/csv' }), 'weights.csv');
        return call(ctx.app, 'POST', '/api/imports', { token: u.token, rawBody: form });
      }),
    );
    for (const r of started) expect(r.status).toBe(202);
    const rowsOf = async () =>
      (
        (await ctx.db.execute(sql`select id, status from imports where user_id = ${u.user.id}`)) as unknown as {
          rows: { id: string; status: string }[];
        }
      ).rows;
    let rows = await rowsOf();
    for (let i = 0; i < 400 && !(rows.length === 1 && rows[0]!.status === 'ready'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      rows = await rowsOf();
    }
    expect(rows).toEqual([{ id: expect.any(String), status: 'ready' }]);
    // the replaced uploads' reads, once stopped, bring back no record of theirs
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rowsOf()).toEqual(rows);
    for (const r of started) {
      const got = await call(ctx.app, 'GET', `/api/imports/${r.body.id}`, { token: u.token });
      expect(got.status).toBe(r.body.id === rows[0]!.id ? 200 : 404);
    }
    expect((await commit(ctx.app, u.token, rows[0]!.id)).body).toEqual({ imported: 2000, replaced: 0, skipped: 0 });
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

  it('a read that waits (for a thread behind other exports, or in a quiet stretch) stays alive: never called interrupted', async () => {
    const u = await register(ctx.app);
    // a file that gives the reader nothing until the test writes it: the read waits as long as the test likes
    const fifo = join(mkdtempSync(join(tmpdir(), 'import-wait-')), 'weights.csv');
    execFileSync('mkfifo', [fifo]);
    // written from the thread pool: the reader may not have opened it yet, and that takes this thread's turn (a reader
    // that has seen what it needs may close the pipe first: the writer's broken pipe is no failure here). Always
    // written, so a failed check never leaves the reader holding the thread every later import needs.
    let released: Promise<void> | undefined;
    const release = () => (released ??= writeFile(fifo, 'date,weight\n2025-01-01,80\n').catch(() => {}));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const deps = {
        db: ctx.db,
        config: ctx.config,
        clock: ctx.clock,
        log: ctx.log,
        readCache: new ReadCache(1024),
        userTurns: new UserTurns(),
      };
      const { id, done } = await startImport(
        deps,
        u.user.id,
        { path: fifo, fileName: 'weights.csv', size: 26, fields: {} },
        {
          tomorrow: '2026-12-31',
        },
      );
      const touched = async () => (await ctx.db.select({ at: imports.updatedAt }).from(imports).where(eq(imports.id, id)))[0]!.at.getTime();
      // five minutes go by, the read still waiting; its heartbeat keeps telling the database it lives (each beat's
      // write awaited before the next: over a pool of connections, writes sent together may land in any order)
      for (let i = 0; i < 10; i++) {
        ctx.clock.advance(IMPORT_HEARTBEAT_MS);
        vi.advanceTimersByTime(IMPORT_HEARTBEAT_MS);
        for (let k = 0; k < 200 && (await touched()) !== ctx.clock.t; k++) await new Promise((resolve) => setTimeout(resolve, 25));
        expect(await touched()).toBe(ctx.clock.t);
      }
      const waiting = await call(ctx.app, 'GET', `/api/imports/${id}`, { token: u.token });
      expect(waiting.body).toMatchObject({ status: 'parsing', error: null });
      await release();
      await done;
      // the read ran to its own end (a pipe is read once, and the reader looks at a file's head before reading it
      // whole, so what it made of the contents is beside the point here): not cut short as interrupted
      const read = await call(ctx.app, 'GET', `/api/imports/${id}`, { token: u.token });
      expect(read.body.status).not.toBe('parsing');
      expect(read.body.error).not.toBe('The import was interrupted. Upload the file again.');
    } finally {
      vi.useRealTimers();
      await release();
    }
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

  it('export then import into a new account gives identical entries, as CSV and as JSON', async () => {
    const a = await register(ctx.app);
    const rows = [
      // the oldest lines come first in the file: their separators must not be taken for the file's
      { date: '2023-12-30', weightKg: 81, notes: 'oats;eggs;coffee;walk;gym;sauna;water;tea;oats;eggs;coffee;walk;gym;sauna' },
      { date: '2023-12-31', weightKg: 80.9, notes: 'tab\tseparated\tthoughts\tof\tthe\tday\tand\tmore\tof\tthem' },
      { date: '2024-01-01', weightKg: 80.123456789, notes: 'plain' },
      { date: '2024-01-02', weightKg: 79.9, notes: '=HYPERLINK("http://x"), "quoted"' },
      { date: '2024-01-03', weightKg: 100 / 3, notes: "'=already escaped\nand two lines" },
      { date: '2024-01-04', weightKg: 0.1, notes: null },
      { date: '2024-01-05', weightKg: 70, notes: ' spaces, ;semicolon; @at +plus -minus ' },
      { date: '2024-01-06', weightKg: 71, notes: '-5 kg, emoji 🎉' },
      { date: '2024-01-07', weightKg: 72.25, notes: '' },
      { date: '2024-01-08', weightKg: 999.999, notes: '\\x{20ac} stays as written, 4€' },
    ];
    for (const r of rows) expect((await call(ctx.app, 'POST', '/api/weights', { token: a.token, body: r })).status).toBe(201);
    const strip = (es: { date: string; weightKg: number; notes: string | null }[]) =>
      es.map(({ date, weightKg, notes }) => ({ date, weightKg, notes }));
    const original = strip(await entries(ctx.app, a));
    expect(original).toEqual(rows);
    for (const format of ['csv', 'json']) {
      const exported = await call(ctx.app, 'GET', `/api/users/me/export?format=${format}`, { token: a.token });
      const b = await register(ctx.app);
      // an imperial user in another zone: neither changes anything for the product's own exports
      await call(ctx.app, 'PATCH', '/api/users/me', {
        token: b.token,
        body: { unitPreference: 'IMPERIAL', timeZone: 'Pacific/Kiritimati' },
      });
      const p = await preview(ctx.app, b.token, exported.text, {}, `export.${format}`);
      expect(p.body, format).toMatchObject({ format: { id: `app-${format}` }, unitStated: true, rejected: [], warnings: [] });
      expect((await commit(ctx.app, b.token, p.body.id)).body.imported, format).toBe(rows.length);
      expect(strip(await entries(ctx.app, b)), format).toEqual(original);
    }
  });
});
