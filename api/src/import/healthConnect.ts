/**
 * Android's Health Connect (Settings → Health Connect → Export data): `Health Connect.zip` holding
 * `health_connect_export.db`, the phone's own SQLite database. Weights are rows of `weight_record_table`: `time` in
 * epoch milliseconds, `zone_offset` the phone's offset from UTC in seconds when it was recorded, `weight` in grams,
 * `app_info_id` the app that wrote it (`application_info_table`). A reading counts for the day and time the phone
 * showed (its time at its own offset), as a wall clock; one without an offset is a point in time, read in the
 * person's zone. The database is opened in memory by SQLite compiled to WebAssembly (sql.js), read-only in effect:
 * only SELECTs run, and nothing is written back.
 */
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { stampOfInstant, type Stamp } from './dates.js';
import { ImportFormatError } from './errors.js';
import type { Collector } from './readings.js';
import { isTimeValue, wallClockOf, type Zone } from './zone.js';

/** The database's name in the archive. */
export const HEALTH_CONNECT_DB = /(^|\/)health_connect_export\.db$/i;

/** The first bytes of every SQLite database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
export const isSqlite = (b: Uint8Array) => b.length >= 16 && Buffer.from(b.buffer, b.byteOffset, 16).equals(SQLITE_HEADER);

let sqlJs: Promise<SqlJsStatic> | undefined;

type Row = { time: unknown; zone_offset: unknown; weight: unknown };

/** Reads the weights of a Health Connect database (its bytes) into the collector. */
export async function readHealthConnect(bytes: Uint8Array, collector: Collector, zone: Zone): Promise<void> {
  if (!isSqlite(bytes)) throw new ImportFormatError('The Health Connect export is not a database this importer can read');
  const SQL = await (sqlJs ??= initSqlJs());
  let db: Database;
  try {
    db = new SQL.Database(bytes);
  } catch {
    throw new ImportFormatError('The Health Connect export is damaged; it could not be read');
  }
  try {
    // a table, as Health Connect writes it: a view in its place could run any query the file's author wrote
    const kind = db.exec("SELECT type FROM sqlite_master WHERE name = 'weight_record_table'")[0]?.values[0]?.[0];
    const info = kind === 'table' ? (db.exec('PRAGMA table_info(weight_record_table)')[0]?.values ?? []) : [];
    const columns = new Set(info.map((c) => String(c[1])));
    if (!columns.has('time') || !columns.has('weight'))
      throw new ImportFormatError('The Health Connect export holds no weight records this importer knows');
    const offset = columns.has('zone_offset') ? 'zone_offset' : 'NULL';
    const stmt = db.prepare(`SELECT time, ${offset} AS zone_offset, weight FROM weight_record_table ORDER BY time, rowid`);
    try {
      let n = 0;
      while (stmt.step()) {
        const row = stmt.getAsObject() as Row;
        n++;
        if (typeof row.time !== 'number' || !Number.isFinite(row.time)) {
          collector.reject(n, 'Date is missing');
          continue;
        }
        if (!isTimeValue(row.time) || (typeof row.zone_offset === 'number' && !isTimeValue(row.time + row.zone_offset * 1000))) {
          collector.reject(n, 'Date is not a real date');
          continue;
        }
        const stamp: Stamp =
          typeof row.zone_offset === 'number'
            ? { ...wallClockOf(row.time + row.zone_offset * 1000), instant: false }
            : stampOfInstant(row.time, zone);
        const weight = typeof row.weight === 'number' ? row.weight / 1000 : null;
        collector.add(n, stamp, new Date(row.time).toISOString(), weight, 'kg', null);
      }
    } finally {
      stmt.free();
    }
  } catch (e) {
    if (e instanceof ImportFormatError) throw e;
    throw new ImportFormatError(`The Health Connect export could not be read (${(e as Error).message})`);
  } finally {
    db.close();
  }
}
