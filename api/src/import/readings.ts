import {
  codePoints,
  hasNul,
  IMPORT_UNIT_WARNING,
  mendLoneSurrogates,
  lbToKg,
  MIN_DATE,
  NOTES_MAX,
  WEIGHT_MAX_KG,
  WEIGHT_MIN_KG,
  type ImportFileUnit,
  type ImportUnit,
  type ImportWarningCode,
} from '@app/contract';
import { westernDigits, type DateDetection, type Stamp } from './dates.js';
import { ImportFormatError } from './errors.js';
import type { Zone } from './zone.js';

export type FileUnit = ImportFileUnit;
export type ImportRow = { line: number; date: string; weightKg: number; notes: string | null };
export type Rejected = { line: number; reason: string };
export type Ignored = { reason: string; count: number };
export type Warning = { code: ImportWarningCode; message: string };

export type ParsedImport = {
  format: { id: string; label: string };
  dateFormat: DateDetection;
  /** The unit of weights the file does not state: the one the person chose, else their preference. */
  unit: ImportUnit;
  /** Every weight's unit is stated by the file (header, preamble, cell or the format itself). */
  unitStated: boolean;
  fileUnits: FileUnit[];
  /** The zone that turned the file's instants into dates; null when the file wrote none. */
  timeZone: string | null;
  rows: ImportRow[];
  /** The first MAX_KEPT_REJECTIONS rejections, by line; `rejectedTotal` counts them all. */
  rejected: Rejected[];
  rejectedTotal: number;
  duplicatesInFile: number;
  ignored: Ignored[];
  warnings: Warning[];
};

/** Rejections kept to list (the preview shows 100); more are only counted, so a damaged file costs no memory. */
export const MAX_KEPT_REJECTIONS = 1000;
/** Readings a file may hold: several a day are allowed, up to IMPORT_MAX_ROWS days; this bounds the reader's memory. */
export const MAX_READINGS = 400_000;

/** A plain decimal, with a point or a comma: never a formula, never an expression. */
export const NUMBER = /^[-+]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;

const KG_PER: Record<FileUnit, (v: number) => number> = {
  kg: (v) => v,
  lb: (v) => lbToKg(v),
  st: (v) => lbToKg(v * 14),
};

type Reading = { line: number; date: string; msOfDay: number | null; weightKg: number; notes: string | null; seq: number };

export type CollectorOptions = { unit: ImportUnit; tomorrow: string; zone: Zone };

export type WeightInput =
  /** A cell as written: trimmed, then it must be a plain number. */
  | string
  /** A number read from JSON or XML. */
  | number
  | null
  | undefined;

export type NotesInput = string | null | undefined;

/** Text the preview keeps (stored as JSON): NUL shown as U+2400, half a character mended. */
const storable = (text: string): string => mendLoneSurrogates(text).replaceAll('\u0000', '\u2400');

/**
 * Gathers the readings of a file whatever its format, checks them as typed entries are checked (dates 1900-01-01
 * to tomorrow, 0 < kg < 1000, notes up to 255 characters without NUL) and, when several fall on one day, keeps the
 * earliest by time of day. Readings without a time count as the start of their day; between readings of the same
 * time the one recorded first is kept: the first row of a file listed oldest first, the last row of a file listed
 * newest first (openScale, Withings, TrendWeight).
 */
export class Collector {
  private readonly readings: Reading[] = [];
  private readonly rejects: Rejected[] = [];
  private rejectCount = 0;
  private readonly ignoredCounts = new Map<string, number>();
  private readonly units = new Set<FileUnit>();
  private readonly unstatedValues: number[] = [];
  private unstatedSeen = false;
  private instants = false;
  private seq = 0;
  /** The file of an archive being read, named in rejections when an archive holds several. */
  source: string | undefined;
  /** What the row being read shows that may explain its rejection (cells beyond its header), added to the reason. */
  rowHint: string | undefined;

  constructor(readonly opts: CollectorOptions) {}

  get count(): number {
    return this.readings.length;
  }

  reject(line: number, reason: string): void {
    this.rejectCount++;
    // a reason quotes the cell, which may hold what the stored summary cannot (NUL, half a character)
    const said = storable(reason);
    const explained = this.rowHint ? `${said} (${storable(this.rowHint)})` : said;
    if (this.rejects.length < MAX_KEPT_REJECTIONS)
      this.rejects.push({ line, reason: this.source ? `${this.source}: ${explained}` : explained });
  }

  /** A row left out on purpose (deleted, interpolated, a day without a weight), counted by reason. */
  ignore(reason: string, n = 1): void {
    const said = storable(reason);
    this.ignoredCounts.set(said, (this.ignoredCounts.get(said) ?? 0) + n);
  }

  /** The file states this unit (for a file whose readings may be absent or rejected). */
  stateUnit(unit: FileUnit): void {
    this.units.add(unit);
  }

  /**
   * One reading: its stamp (already a real calendar date), the date as written for messages, the weight as read
   * and the unit the file states for it (null: the person's unit applies).
   */
  add(line: number, stamp: Stamp, shownDate: string, weight: WeightInput, unit: FileUnit | null, notes: NotesInput): void {
    if (unit) this.units.add(unit);
    else this.unstatedSeen = true;
    if (stamp.instant) this.instants = true;
    if (stamp.date < MIN_DATE) return this.reject(line, `Date "${shownDate}" is before ${MIN_DATE}`);
    if (stamp.date > this.opts.tomorrow) return this.reject(line, `Date "${shownDate}" is in the future`);
    let value: number;
    if (typeof weight === 'number') value = weight;
    else {
      const w = westernDigits((weight ?? '').trim());
      if (w === '') return this.reject(line, 'Weight is missing');
      if (!NUMBER.test(w)) return this.reject(line, 'Weight is not a number');
      value = Number(w.replace(',', '.'));
    }
    const weightKg = KG_PER[unit ?? this.opts.unit](value);
    if (!(Number.isFinite(weightKg) && weightKg > WEIGHT_MIN_KG && weightKg < WEIGHT_MAX_KG))
      return this.reject(line, 'Weight must be between 0 and 1000 kg');
    // a JSON file may escape half a character (\ud800): mended as any decoder mends broken bytes, so it can be stored
    const text = notes == null ? null : mendLoneSurrogates(notes);
    if (text !== null && hasNul(text)) return this.reject(line, 'Notes contain a NUL character');
    if (text !== null && codePoints(text) > NOTES_MAX) return this.reject(line, 'Notes are longer than 255 characters');
    if (this.readings.length >= MAX_READINGS)
      throw new ImportFormatError(
        `The file has more than ${MAX_READINGS.toLocaleString('en-GB')} weight readings; split it into smaller files`,
      );
    if (!unit) this.unstatedValues.push(value);
    this.readings.push({ line, date: stamp.date, msOfDay: stamp.msOfDay, weightKg, notes: text, seq: this.seq++ });
  }

  /** The readings kept (one per day, sorted by date) and what the preview says about the rest. */
  finish(format: { id: string; label: string }, dateFormat: DateDetection): ParsedImport {
    const all = this.readings;
    // the file's order: newest first when its last reading is older than its first
    const newestFirst = all.length > 1 && all[all.length - 1]!.date < all[0]!.date;
    const best = new Map<string, Reading>();
    for (const r of all) {
      const kept = best.get(r.date);
      if (!kept) {
        best.set(r.date, r);
        continue;
      }
      const a = r.msOfDay ?? -1;
      const b = kept.msOfDay ?? -1;
      const winner = a < b || (a === b && newestFirst) ? r : kept;
      const other = winner === r ? kept : r;
      // the same weight twice (a placeholder beside the reading, as older Libra files hold): its note is not lost
      best.set(
        r.date,
        winner.notes === null && other.notes !== null && winner.weightKg === other.weightKg ? { ...winner, notes: other.notes } : winner,
      );
    }
    const rows = [...best.values()]
      .sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.seq - y.seq))
      .map(({ line, date, weightKg, notes }) => ({ line, date, weightKg, notes }));
    return {
      format,
      dateFormat,
      unit: this.opts.unit,
      unitStated: !this.unstatedSeen && this.units.size > 0,
      fileUnits: (['kg', 'lb', 'st'] as const).filter((u) => this.units.has(u)),
      timeZone: this.instants ? this.opts.zone.name : null,
      rows,
      rejected: [...this.rejects].sort((x, y) => x.line - y.line),
      rejectedTotal: this.rejectCount,
      duplicatesInFile: all.length - rows.length,
      ignored: [...this.ignoredCounts].map(([reason, count]) => ({ reason, count })),
      warnings: unitWarnings(this.opts.unit, this.unstatedValues),
    };
  }
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const UNIT_WORDS: Record<ImportUnit, string> = { kg: 'kilograms', lb: 'pounds', st: 'stones' };
const looksLike = (unit: ImportUnit, side: 'above' | 'below', bound: number): Warning => ({
  code: `looks-like-${unit}`,
  message: `These weights look like ${UNIT_WORDS[unit]} (half of them are ${side} ${bound}). If they are, choose ${UNIT_WORDS[unit]}.`,
});

/** Weights read in the person's unit whose numbers look like another unit (see IMPORT_UNIT_WARNING). */
export function unitWarnings(unit: ImportUnit, values: number[]): Warning[] {
  if (values.length === 0) return [];
  const mid = median(values);
  const { kgMedianAbove, lbMedianBelow, stones } = IMPORT_UNIT_WARNING;
  if (unit === 'st') return mid > stones ? [looksLike(mid > kgMedianAbove ? 'lb' : 'kg', 'above', stones)] : [];
  if (mid < stones) return [looksLike('st', 'below', stones)];
  if (unit === 'kg' && mid > kgMedianAbove) return [looksLike('lb', 'above', kgMedianAbove)];
  if (unit === 'lb' && mid < lbMedianBelow) return [looksLike('kg', 'below', lbMedianBelow)];
  return [];
}
