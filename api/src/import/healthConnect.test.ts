import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { parseFile, type ParseOptions } from './parse.js';
import { writeZip } from './testing/zip.js';

const dir = mkdtempSync(join(tmpdir(), 'import-hc-'));
const path = (name: string) => join(dir, name);
const opts: ParseOptions = { tomorrow: '2026-11-22' };
const simple = (p: Awaited<ReturnType<typeof parseFile>>) => p.rows.map((r) => [r.date, r.weightKg]);

type Reading = { utc: string; offsetS: number | null; grams: number; app: number };

/** A database laid out as Health Connect exports it (its weight and application tables, with their columns). */
async function database(readings: Reading[], { weightTable = true } = {}): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE application_info_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, package_name TEXT NOT NULL UNIQUE,
    app_name TEXT, app_icon BLOB, record_types_used TEXT)`);
  db.run(`INSERT INTO application_info_table (row_id, package_name, app_name) VALUES
    (1, 'com.qingniu.renpho', 'Renpho Health'), (2, 'com.google.android.apps.fitness', 'Fit')`);
  db.run('CREATE TABLE steps_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, start_time INTEGER, end_time INTEGER, count INTEGER)');
  db.run('INSERT INTO steps_record_table (start_time, end_time, count) VALUES (1706600000000, 1706603600000, 80000)');
  if (weightTable) {
    db.run(`CREATE TABLE weight_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE,
      last_modified_time INTEGER, client_record_id TEXT, client_record_version TEXT, device_info_id INTEGER,
      app_info_id INTEGER, recording_method INTEGER, dedupe_hash BLOB UNIQUE, time INTEGER NOT NULL,
      zone_offset INTEGER, local_date INTEGER, weight REAL NOT NULL, local_date_time INTEGER)`);
    // listed by app, not by time, as rows arrive from each app's sync
    for (const r of readings) {
      const time = Date.parse(r.utc);
      const local = time + (r.offsetS ?? 0) * 1000;
      db.run(
        'INSERT INTO weight_record_table (time, zone_offset, local_date, weight, app_info_id, local_date_time) VALUES (?, ?, ?, ?, ?, ?)',
        [time, r.offsetS, Math.floor(local / 86_400_000), r.grams, r.app, local],
      );
    }
  }
  const bytes = db.export();
  db.close();
  return bytes;
}

// Berlin in winter: UTC+1 (3,600 s)
const READINGS: Reading[] = [
  { utc: '2024-01-30T06:10:00Z', offsetS: 3600, grams: 80500, app: 1 },
  { utc: '2024-01-31T20:30:00Z', offsetS: 3600, grams: 81000, app: 2 }, // 21:30, the evening
  { utc: '2024-01-31T06:05:00Z', offsetS: 3600, grams: 80200, app: 1 }, // 07:05, kept for the 31st
  { utc: '2024-01-31T23:30:00Z', offsetS: 3600, grams: 80900, app: 1 }, // 00:30 on 1 February on the phone
  { utc: '2024-02-02T12:00:00Z', offsetS: null, grams: 79900, app: 2 }, // no offset: a point in time
  { utc: '2024-02-03T06:00:00Z', offsetS: 3600, grams: 0, app: 2 },
];

describe('Android Health Connect', () => {
  it('reads the weights of its exported database, each on the day the phone showed it', async () => {
    await writeZip(path('Health Connect.zip'), [{ name: 'health_connect_export.db', data: await database(READINGS) }]);
    for (const timeZone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
      const p = await parseFile(path('Health Connect.zip'), { ...opts, timeZone, unit: 'lb' });
      expect(p.format).toEqual({ id: 'health-connect', label: 'Android Health Connect (export)' });
      expect(p).toMatchObject({ unitStated: true, fileUnits: ['kg'], timeZone, duplicatesInFile: 1 });
      expect(simple(p)).toEqual([
        ['2024-01-30', 80.5],
        ['2024-01-31', 80.2],
        ['2024-02-01', 80.9],
        // 12:00 UTC is 21:00 in Tokyo and 04:00 in Los Angeles: the 2nd everywhere here
        ['2024-02-02', 79.9],
      ]);
      // rows are numbered in the order of their time
      expect(p.rejected).toEqual([{ line: 6, reason: 'Weight must be between 0 and 1000 kg' }]);
    }
  });
  it('reads the database alone, as unzipped', async () => {
    writeFileSync(path('health_connect_export.db'), await database(READINGS.slice(0, 1)));
    const p = await parseFile(path('health_connect_export.db'), opts);
    expect(simple(p)).toEqual([['2024-01-30', 80.5]]);
  });
  it('says what is wrong with a database it cannot read', async () => {
    await writeZip(path('empty.zip'), [{ name: 'health_connect_export.db', data: await database([], { weightTable: false }) }]);
    await expect(parseFile(path('empty.zip'), opts)).rejects.toThrow(
      'The Health Connect export holds no weight records this importer knows',
    );
    // a view where the table should be, which could run any query its author wrote, is not read
    const SQL = await initSqlJs();
    const viewDb = new SQL.Database();
    viewDb.run('CREATE VIEW weight_record_table AS SELECT 1706600000000 AS time, 3600 AS zone_offset, 80000 AS weight');
    await writeZip(path('view.zip'), [{ name: 'health_connect_export.db', data: viewDb.export() }]);
    viewDb.close();
    await expect(parseFile(path('view.zip'), opts)).rejects.toThrow(
      'The Health Connect export holds no weight records this importer knows',
    );
    const damaged = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096, 0x41)]);
    await writeZip(path('damaged.zip'), [{ name: 'health_connect_export.db', data: damaged }]);
    await expect(parseFile(path('damaged.zip'), opts)).rejects.toThrow(/The Health Connect export could not be read/);
  });
});
