/**
 * JSON exports: ours, Fitbit's data archive (weight-YYYY-MM-DD.json), Google Fit's Takeout data points and Garmin
 * Connect's account export (userBioMetrics.json).
 * Records are numbered from 1 in the order of the file; that number stands for the line in rejections.
 */
import { isCalendarDate } from '@app/contract';
import { ISO_ONLY, parseStamp, stampOfInstant, type DateDetection } from './dates.js';
import type { FormatId } from './formats.js';
import { NUMBER, type Collector } from './readings.js';
import { Zone, isTimeValue } from './zone.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };
export type JsonPlan = { format: FormatId; read(collector: Collector, zone: Zone): DateDetection };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A weight as JSON holds it: a number, or a numeric string (anything else is refused by the Collector). */
const weightOf = (v: Json | undefined) => (typeof v === 'number' || typeof v === 'string' ? v : null);

/**
 * Our JSON export: `{profile, goal, entries: [{id, date, weightKg, notes, ...}]}`, weights in kg at full precision,
 * notes exactly as saved ("" stays "", null stays null). A bare array of such entries is read alike.
 */
function appJson(doc: Json): JsonPlan | null {
  const entries = isObject(doc) && Array.isArray(doc.entries) ? doc.entries : Array.isArray(doc) ? doc : null;
  if (!entries || (!isObject(doc) && !(entries.length > 0 && entries.every((e) => isObject(e) && 'weightKg' in e)))) return null;
  return {
    format: 'app-json',
    read: (collector) => {
      entries.forEach((e, i) => {
        const n = i + 1;
        if (!isObject(e)) return collector.reject(n, 'Entry is not an object');
        const date = typeof e.date === 'string' ? e.date : '';
        if (!isCalendarDate(date)) return collector.reject(n, date ? `Date "${date}" is not a real date` : 'Date is missing');
        const notes = e.notes === undefined || e.notes === null ? null : typeof e.notes === 'string' ? e.notes : String(e.notes);
        const weight = typeof e.weightKg === 'number' ? e.weightKg : null;
        collector.add(n, { date, msOfDay: null, instant: false }, date, weight, 'kg', notes);
      });
      return ISO_ONLY;
    },
  };
}

/**
 * Fitbit (Settings → Data export → Request data; or Google Takeout → Fitbit): `weight-YYYY-MM-DD.json`, arrays of
 * `{logId, weight, bmi, fat?, date: "01/31/24", time: "07:12:00", source}`, a month per file. The weight is in
 * pounds whatever the account's unit: tools that read real archives of metric accounts all convert it from pounds, so
 * the format states it rather than leaving it to a unit choice that a kilogram user would get wrong.
 */
const FITBIT_DATE = /^(\d{2})\/(\d{2})\/(\d{2})$/;
function fitbit(doc: Json): JsonPlan | null {
  // an empty month is an empty array
  if (!Array.isArray(doc) || !doc.every((e) => isObject(e) && 'date' in e)) return null;
  if (doc.length > 0 && !doc.some((e) => isObject(e) && 'weight' in e && ('logId' in e || 'bmi' in e || 'source' in e))) return null;
  return {
    format: 'fitbit',
    read: (collector, zone) => {
      doc.forEach((e, i) => {
        const n = i + 1;
        const o = e as JsonObject;
        const raw = typeof o.date === 'string' ? o.date.trim() : '';
        const time = typeof o.time === 'string' ? o.time.trim() : '';
        const m = FITBIT_DATE.exec(raw);
        // two-digit years: Fitbit began in 2008, so every year is 20yy
        const date = m ? `20${m[3]}-${m[1]}-${m[2]}` : raw;
        const shown = time ? `${raw} ${time}` : raw;
        const stamp = parseStamp(time ? `${date} ${time}` : date, { order: 'MM/dd/yyyy', zone });
        if (!stamp.ok) return collector.reject(n, stamp.reason.replace(date, raw));
        collector.add(n, stamp.stamp, shown, weightOf(o.weight), 'lb', null);
      });
      return ISO_ONLY;
    },
  };
}

/**
 * Google Fit (Takeout → Fit → All Data): `raw_com.google.weight_*.json`, `{"Data Source", "Data Points": [{
 * "dataTypeName": "com.google.weight", "startTimeNanos", "fitValue": [{"value": {"fpVal": 80.5}}]}]}`, in kg; the
 * times are instants. The API's own shape (`point`, `value: [{fpVal}]`) is read too.
 */
function googleFit(doc: Json): JsonPlan | null {
  if (!isObject(doc)) return null;
  const points = doc['Data Points'] ?? doc.dataPoint ?? doc.point;
  if (!Array.isArray(points) || !points.some((p) => isObject(p) && typeof p.dataTypeName === 'string')) return null;
  return {
    format: 'google-fit',
    read: (collector, zone) => {
      points.forEach((p, i) => {
        const n = i + 1;
        if (!isObject(p) || p.dataTypeName !== 'com.google.weight') return collector.ignore('other kinds of data');
        const nanos = p.startTimeNanos ?? p.endTimeNanos;
        const digits =
          typeof nanos === 'number' && Number.isFinite(nanos)
            ? BigInt(Math.trunc(nanos)).toString()
            : typeof nanos === 'string'
              ? nanos.trim()
              : '';
        if (!/^\d{1,25}$/.test(digits)) return collector.reject(n, 'Date is missing');
        const ms = Number(BigInt(digits) / 1_000_000n);
        if (!isTimeValue(ms)) return collector.reject(n, 'Date is not a real date');
        const fit = Array.isArray(p.fitValue) && isObject(p.fitValue[0]) ? p.fitValue[0].value : undefined;
        const value = isObject(fit) ? fit.fpVal : Array.isArray(p.value) && isObject(p.value[0]) ? p.value[0].fpVal : undefined;
        const stamp = stampOfInstant(ms, zone);
        collector.add(n, stamp, new Date(ms).toISOString(), weightOf(value), 'kg', null);
      });
      return ISO_ONLY;
    },
  };
}

/**
 * Garmin Connect's account export (Account → Data Management → Export Your Data):
 * `DI_CONNECT/DI-Connect-Wellness/<id>_userBioMetrics.json`, an array of biometric records. A weigh-in is a record
 * with `weight: {weight (grams), timestampGMT (epoch ms or a GMT time without zone), sourceType, bmi, bodyFat, ...}`
 * and `metaData.calendarDate`, the day Garmin files it under in the zone it was taken in; records of height, VO2 max
 * or lactate threshold alone are other kinds of data. Garmin's day is kept as written, like a wall clock, so a
 * reading lands on the day Garmin Connect shows it; its time orders several readings of one day. A reading edited in
 * Garmin may be there once per edit (the same sample at a higher `version`): the last edit is the one read.
 */
function garminExport(doc: Json): JsonPlan | null {
  if (!Array.isArray(doc) || !doc.some((r) => isObject(r) && isObject(r.metaData) && 'calendarDate' in r.metaData)) return null;
  return {
    format: 'garmin-export',
    read: (collector, zone) => {
      // each sample at its last edit, in the order the file first lists it
      const samples = new Map<string, { n: number; version: number; record: JsonObject; weight: JsonObject }>();
      doc.forEach((r, i) => {
        const n = i + 1;
        if (!isObject(r)) return collector.reject(n, 'Record is not an object');
        const w = r.weight;
        if (!isObject(w)) return collector.ignore('other kinds of data');
        if (w.weight === null || w.weight === undefined || w.weight === 0) return collector.ignore('readings without a weight');
        const day = isObject(r.metaData) ? r.metaData.calendarDate : null;
        const key = JSON.stringify(w.samplePk ?? w.timestampGMT ?? [day, w.weight]);
        const version = typeof r.version === 'number' ? r.version : 0;
        const seen = samples.get(key);
        if (seen) collector.ignore('earlier versions of edited readings');
        if (!seen || version >= seen.version) samples.set(key, { n: seen?.n ?? n, version, record: r, weight: w });
      });
      for (const { n, record, weight } of samples.values()) {
        const meta = isObject(record.metaData) ? record.metaData : {};
        const day = typeof meta.calendarDate === 'string' ? meta.calendarDate.trim() : '';
        const at = gmtEpoch(weight.timestampGMT);
        const kg = gramsAsKg(weight.weight);
        if (day) {
          const written = parseStamp(day, { order: 'yyyy-MM-dd', zone });
          if (!written.ok) {
            collector.reject(n, written.reason);
            continue;
          }
          const { date } = written.stamp;
          // the reading's own time orders a day's readings: counted from the day's first instant anywhere (UTC+14)
          const msOfDay = at === null ? written.stamp.msOfDay : at - (Date.parse(`${date}T00:00:00Z`) - EARLIEST_OFFSET_MS);
          collector.add(n, { date, msOfDay, instant: false }, day, kg, 'kg', null);
        } else if (at !== null && !isTimeValue(at)) collector.reject(n, 'Date is not a real date');
        else if (at !== null) collector.add(n, stampOfInstant(at, zone), new Date(at).toISOString(), kg, 'kg', null);
        else collector.reject(n, 'Date is missing');
      }
      return ISO_ONLY;
    },
  };
}

const UTC = new Zone('UTC');
/** The furthest any zone's clock runs ahead of UTC (Kiribati, UTC+14). */
const EARLIEST_OFFSET_MS = 14 * 3_600_000;

/** Garmin's `timestampGMT`: epoch milliseconds, or a time without zone that is GMT ("2024-01-31T06:12:04.0"). */
function gmtEpoch(v: Json | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || !v.trim()) return null;
  const read = parseStamp(v, { order: 'yyyy-MM-dd', zone: UTC, naiveIsUtc: true });
  return read.ok && read.stamp.msOfDay !== null ? Date.parse(`${read.stamp.date}T00:00:00Z`) + read.stamp.msOfDay : null;
}

/** Grams, as Garmin stores every weight, in kilograms; anything else goes to the Collector as written to be refused. */
function gramsAsKg(v: Json | undefined): number | string | null {
  if (typeof v === 'number') return v / 1000;
  if (typeof v === 'string' && NUMBER.test(v.trim())) return Number(v.trim().replace(',', '.')) / 1000;
  return weightOf(v);
}

/** The JSON layout a document has, or null. */
export function detectJson(doc: unknown): JsonPlan | null {
  const d = doc as Json;
  return appJson(d) ?? fitbit(d) ?? googleFit(d) ?? garminExport(d);
}
