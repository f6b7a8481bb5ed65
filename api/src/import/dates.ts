import { isCalendarDate, type DateFormat } from '@app/contract';
import type { Zone } from './zone.js';

export { DATE_FORMATS, type DateFormat } from '@app/contract';

/**
 * When a reading was taken, as the file says it: a calendar date, and the time of day when the file has one.
 * `instant` is true when the file wrote a point in time (a zone such as Z or +01:00, or epoch milliseconds), which
 * was turned into the person's date; a time without zone is a wall clock and its written date is kept.
 */
export type Stamp = { date: string; msOfDay: number | null; instant: boolean };
export type StampResult = { ok: true; stamp: Stamp } | { ok: false; reason: string };
export type StampOptions = {
  /** Day/month order of slashed dates (d/M/yyyy or M/d/yyyy). */
  order: DateFormat;
  zone: Zone;
  /** A time without zone is UTC (Samsung Health writes its start_time so). */
  naiveIsUtc?: boolean;
  /** The year of the latest date an entry may have: a two-digit year after it is the last century's. */
  latestYear?: number;
  /** Dotted dates may write the year in two digits (`24.09.25`), as the app is known to (Renpho in German). */
  dottedShortYear?: boolean;
};

/** The word a phone puts between a date and its time, as iOS writes them (`23 Jun 2021 at 10:39:35`, `um`, `à`, …). */
export const DATE_TIME_JOINER = String.raw`(?:at|um|à|às|om|alle|a\s+las|@)`;
// a time of day, optionally with seconds, a fraction, a 12-hour marker (`PM`, `p.m.`, Spanish `p. m.`) or the German
// `Uhr` (Withings writes `6:04 Uhr`) and a zone; each optional part brings its own spaces, so no two parts can share a
// run of them (a cell of many spaces is read in linear time)
const TIME = String.raw`(?:[T ]|,\s*|\s+(?:${DATE_TIME_JOINER}\s+)?)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:\s*([AaPp]\.?\s?[Mm]\.?)|\s*Uhr)?(?:\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?))?`;
/** No date, with its time and zone, is longer than this: a longer cell is refused before any pattern reads it. */
export const MAX_STAMP_LENGTH = 64;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})(?:${TIME})?$`, 'i');
const YMD_DOTTED = new RegExp(String.raw`^(\d{4})[./](\d{1,2})[./](\d{1,2})(?:${TIME})?$`, 'i');
/**
 * d/M/yyyy or M/d/yyyy, or with dashes (d-M-yyyy, M-d-yyyy), the year also in two digits (d/M/yy, as a spreadsheet
 * shows it): the order is asked when the file cannot tell.
 */
const SLASHED = new RegExp(String.raw`^(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})(?:${TIME})?$`, 'i');
// month names, as spreadsheets and apps write dates in words: no day/month order to ask
const WEEKDAY = String.raw`(?:\p{L}{2,10}\.?,?\s+)?`;
const MONTH_NAME = String.raw`(\p{L}{3,10})\.?`;
/** Jan 2, 2025 · January 2nd 2025 · Thu, Jan 2, 2025 */
const NAMED_MONTH_FIRST = new RegExp(String.raw`^${WEEKDAY}${MONTH_NAME}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?:${TIME})?$`, 'iu');
/** 2 January 2025 · 02-Jan-2025 · 2-Jan-25 (Excel's own) · 2. Januar 2025 · 2 janv. 2025 · 2 de enero de 2025 */
const NAMED_MONTH_SECOND = new RegExp(
  String.raw`^${WEEKDAY}(\d{1,2})(?:st|nd|rd|th|\.)?(?:\s+de)?(?:\s+|-)${MONTH_NAME},?(?:\s+de)?(?:\s+|-)(\d{4}|\d{2})(?:${TIME})?$`,
  'iu',
);
/** Each month's names in English, German, French, Spanish, Italian, Dutch and Portuguese. */
const MONTH_NAMES: string[][] = [
  ['january', 'januar', 'janvier', 'enero', 'gennaio', 'januari', 'janeiro'],
  ['february', 'februar', 'février', 'febrero', 'febbraio', 'februari', 'fevereiro'],
  ['march', 'märz', 'mars', 'marzo', 'maart', 'mrt', 'março'],
  ['april', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mei', 'maio'],
  ['june', 'juni', 'juin', 'junio', 'giugno', 'junho'],
  ['july', 'juli', 'juillet', 'julio', 'luglio', 'julho'],
  ['august', 'août', 'agosto', 'augustus'],
  ['september', 'sept', 'septembre', 'septiembre', 'settembre', 'setembro'],
  ['october', 'oktober', 'octobre', 'octubre', 'ottobre', 'outubro'],
  ['november', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dezember', 'décembre', 'diciembre', 'dicembre', 'dezembro'],
];

/** 1..12 for a month's name or an abbreviation of at least three letters that names one month only, else 0. */
function monthNumber(name: string): number {
  const n = name.toLowerCase();
  const months = new Set<number>();
  MONTH_NAMES.forEach((names, i) => {
    if (names.some((full) => full === n || (n.length >= 3 && full.startsWith(n)))) months.add(i + 1);
  });
  return months.size === 1 ? [...months][0]! : 0;
}

/**
 * A two-digit year: this century's unless that is after `latestYear` (a reading cannot be in the future), then the
 * last's; without `latestYear`, 00-68 are this century's and 69-99 the last's (as spreadsheets and C's strptime read
 * them).
 */
function fullYear(y: string, latestYear = 2068): number {
  if (y.length === 4) return Number(y);
  return 2000 + Number(y) <= latestYear ? 2000 + Number(y) : 1900 + Number(y);
}
/** dd.MM.yyyy: always day first, as everywhere dots are written; dd.MM.yy only where the app is known to write it. */
const DOTTED = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?:${TIME})?$`, 'i');
const EPOCH = /^(\d{10}|\d{13})$/;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const isoDate = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;

/** Minutes east of UTC written after a time: Z, UTC, +01:00, -0800, +05. */
function zoneMinutes(z: string): number {
  if (/^(z|utc|gmt)$/i.test(z)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(z)!;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

/** The reading of an instant (epoch milliseconds) in the person's zone. */
export function stampOfInstant(epochMs: number, zone: Zone): Stamp {
  const local = zone.local(epochMs);
  return { date: local.date, msOfDay: local.msOfDay, instant: true };
}

function build(cell: string, y: number, mo: number, d: number, t: (string | undefined)[], o: StampOptions): StampResult {
  const date = isoDate(y, mo, d);
  if (!isCalendarDate(date)) return { ok: false, reason: `Date "${cell}" is not a real date` };
  const [hh, mi, ss, frac, ampm, zone] = t;
  if (hh === undefined) return { ok: true, stamp: { date, msOfDay: null, instant: false } };
  let hour = Number(hh);
  const minute = Number(mi);
  const second = ss === undefined ? 0 : Number(ss);
  if (ampm) {
    if (hour < 1 || hour > 12) return { ok: false, reason: `Time in "${cell}" is not a time` };
    hour = (hour % 12) + (/^p/i.test(ampm) ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 60) return { ok: false, reason: `Time in "${cell}" is not a time` };
  const ms = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  const msOfDay = ((hour * 60 + minute) * 60 + Math.min(second, 59)) * 1000 + ms;
  if (zone === undefined && !o.naiveIsUtc) return { ok: true, stamp: { date, msOfDay, instant: false } };
  const offset = zone === undefined ? 0 : zoneMinutes(zone);
  const epoch = Date.UTC(y, mo - 1, d) + msOfDay - offset * 60_000;
  return { ok: true, stamp: stampOfInstant(epoch, o.zone) };
}

/**
 * Every decimal digit Unicode knows (Arabic-Indic `٧٥`, Persian `۷۵`, Bengali `৮৯`, Devanagari `८९`, …) → its value,
 * learnt from the numbering systems the runtime's Intl formats numbers in, as a browser's number formatting writes
 * them (TrendWeight's downloads follow the browser's language).
 */
const DIGITS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const system of Intl.supportedValuesOf('numberingSystem')) {
    const format = new Intl.NumberFormat(`en-u-nu-${system}`, { useGrouping: false });
    for (let d = 0; d <= 9; d++) {
      const c = format.format(d);
      if (c !== String(d) && [...c].length === 1 && /^\p{Nd}$/u.test(c)) map.set(c, String(d));
    }
  }
  return map;
})();

/**
 * Digits as other scripts write numbers (`٧٥٫٢`, `۷۵٫۵`, `৮৯.৪`: a browser's number formatting in Arabic, Persian or
 * Bengali), in Western digits with a decimal point; the Arabic thousands separator is dropped.
 */
export function westernDigits(s: string): string {
  if (!/[^\p{ASCII}]/u.test(s)) return s;
  return s.replace(/[\u066b\u066c]|\p{Nd}/gu, (c) => {
    if (c === '\u066b') return '.';
    if (c === '\u066c') return '';
    return DIGITS.get(c) ?? c;
  });
}

/** A date cell (with or without a time) → the reading's calendar date; `o.order` decides d/M against M/d. */
export function parseStamp(raw: string, o: StampOptions): StampResult {
  const cell = westernDigits(raw.trim());
  if (cell === '') return { ok: false, reason: 'Date is missing' };
  if (cell.length > MAX_STAMP_LENGTH) return { ok: false, reason: `Date "${cell.slice(0, 24)}…" is not a date` };
  let m = ISO.exec(cell) ?? YMD_DOTTED.exec(cell);
  if (m) return build(cell, Number(m[1]), Number(m[2]), Number(m[3]), m.slice(4), o);
  m = DOTTED.exec(cell);
  // a short year after dots is not read elsewhere: `24.09.25` may as well be 2024-09-25 (yy.MM.dd)
  if (m && (m[3]!.length === 4 || o.dottedShortYear))
    return build(cell, fullYear(m[3]!, o.latestYear), Number(m[2]), Number(m[1]), m.slice(4), o);
  m = SLASHED.exec(cell);
  if (m) {
    if (o.order === 'yyyy-MM-dd') return { ok: false, reason: `Date "${cell}" is not in the format yyyy-MM-dd` };
    const [a, b] = [Number(m[1]), Number(m[3])];
    const [d, mo] = o.order === 'dd/MM/yyyy' ? [a, b] : [b, a];
    return build(cell, fullYear(m[4]!, o.latestYear), mo, d, m.slice(5), o);
  }
  m = NAMED_MONTH_FIRST.exec(cell);
  if (m && monthNumber(m[1]!)) return build(cell, Number(m[3]), monthNumber(m[1]!), Number(m[2]), m.slice(4), o);
  m = NAMED_MONTH_SECOND.exec(cell);
  if (m && monthNumber(m[2]!)) return build(cell, fullYear(m[3]!, o.latestYear), monthNumber(m[2]!), Number(m[1]), m.slice(4), o);
  if (EPOCH.test(cell)) {
    const ms = cell.length === 13 ? Number(cell) : Number(cell) * 1000;
    return { ok: true, stamp: stampOfInstant(ms, o.zone) };
  }
  return { ok: false, reason: `Date "${cell}" is not a date` };
}

export type DateDetection = { value: DateFormat | null; ambiguous: boolean; candidates: DateFormat[] };

export const ISO_ONLY: DateDetection = { value: 'yyyy-MM-dd', ambiguous: false, candidates: ['yyyy-MM-dd'] };

/**
 * Day/month order from the data: a first number over 12 means dd/MM, a second one over 12 means MM/dd. When no
 * slashed date decides it, the file is ambiguous (unless no date is slashed at all). `known` is the order a format
 * is documented to write, used when the data cannot tell.
 */
export function detectDateFormat(cells: Iterable<string>, known?: DateFormat): DateDetection {
  let slashed = 0;
  let dayFirst = 0;
  let monthFirst = 0;
  for (const cell of cells) {
    const trimmed = westernDigits(cell.trim());
    const m = trimmed.length <= MAX_STAMP_LENGTH ? SLASHED.exec(trimmed) : null;
    if (!m) continue;
    slashed++;
    if (Number(m[1]) > 12) dayFirst++;
    if (Number(m[3]) > 12) monthFirst++;
  }
  if (slashed === 0) return ISO_ONLY;
  if (dayFirst > 0 && monthFirst === 0) return { value: 'dd/MM/yyyy', ambiguous: false, candidates: ['dd/MM/yyyy'] };
  if (monthFirst > 0 && dayFirst === 0) return { value: 'MM/dd/yyyy', ambiguous: false, candidates: ['MM/dd/yyyy'] };
  if (known && dayFirst === 0 && monthFirst === 0) return { value: known, ambiguous: false, candidates: [known] };
  return { value: null, ambiguous: true, candidates: ['dd/MM/yyyy', 'MM/dd/yyyy'] };
}
