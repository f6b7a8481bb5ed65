/**
 * JSON exports: ours, Fitbit's data archive (weight-YYYY-MM-DD.json) and Google Fit's Takeout data points.
 * Records are numbered from 1 in the order of the file; that number stands for the line in rejections.
 */
import { isCalendarDate } from '@app/contract';
import { ISO_ONLY, parseStamp, stampOfInstant, type DateDetection } from './dates.js';
import type { FormatId } from './formats.js';
import type { Collector } from './readings.js';
import type { Zone } from './zone.js';

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
        const digits = typeof nanos === 'number' ? BigInt(Math.trunc(nanos)).toString() : typeof nanos === 'string' ? nanos.trim() : '';
        if (!/^\d{1,25}$/.test(digits)) return collector.reject(n, 'Date is missing');
        const ms = Number(BigInt(digits) / 1_000_000n);
        const fit = Array.isArray(p.fitValue) && isObject(p.fitValue[0]) ? p.fitValue[0].value : undefined;
        const value = isObject(fit) ? fit.fpVal : Array.isArray(p.value) && isObject(p.value[0]) ? p.value[0].fpVal : undefined;
        const stamp = stampOfInstant(ms, zone);
        collector.add(n, stamp, new Date(ms).toISOString(), weightOf(value), 'kg', null);
      });
      return ISO_ONLY;
    },
  };
}

/** The JSON layout a document has, or null. */
export function detectJson(doc: unknown): JsonPlan | null {
  const d = doc as Json;
  return appJson(d) ?? fitbit(d) ?? googleFit(d);
}
