import type { AverageItem } from '@app/contract';
import { format, getISOWeeksInYear, startOfISOWeek } from 'date-fns';
import { addDaysToDate, isValidDateString, localDate, parseDate, shortDayLabel, toDateString, type DateString } from './dates';

export interface WeightEntry {
  id?: string | number;
  date: DateString;
  weightKg: number;
  notes?: string | null;
}

/** An averaged bucket as the API sends it: one of week/month/year, the unrounded mean, count, first and last day. */
export type AveragedItem = AverageItem;

export type AveragingMode = 'none' | 'weekly' | 'monthly' | 'yearly';
export type AveragedMode = Exclude<AveragingMode, 'none'>;

export const AVERAGING_MODES: readonly AveragingMode[] = ['none', 'weekly', 'monthly', 'yearly'];

/** Wording of the analytics averaging dropdown. */
export const AVERAGING_MODE_LABELS: Readonly<Record<AveragingMode, string>> = {
  none: 'Show All Data',
  weekly: 'Weekly Average',
  monthly: 'Monthly Average',
  yearly: 'Yearly Average',
};

export function isAveragingMode(value: unknown): value is AveragingMode {
  return typeof value === 'string' && (AVERAGING_MODES as readonly string[]).includes(value);
}

/** The field naming an averaged item's bucket for each mode. */
export const AVERAGE_PERIOD_FIELD: Readonly<Record<AveragedMode, 'week' | 'month' | 'year'>> = {
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
};

/** A point of the weight graph; value is always kg (the chart converts for display). */
export interface ChartPoint {
  value: number;
  date: DateString;
  label: string;
  notes: string;
  /** Entries an averaged point rests on; absent for raw entries. */
  count?: number;
  /** An averaged point's last day (its date is the first); absent for raw entries. */
  end?: DateString;
}

// One en-GB day-month order everywhere: raw 'Mon 30 Dec', weekly '(30 Dec)'. date-fns keeps
// month names fixed ('Sep', never ICU's en-GB 'Sept').
const DAY_MONTH_FORMAT = 'd MMM';
const MONTH_YEAR_FORMAT = 'MMMM yyyy';

/**
 * Averaged data is used only when a mode is chosen and the FIRST item carries a numeric
 * `average` and the bucket key of that mode. Anything else is drawn as raw entries.
 */
export function isAveragedData(items: readonly unknown[] | null | undefined, mode: AveragingMode): items is AveragedItem[] {
  if (mode === 'none' || !Array.isArray(items) || items.length === 0) return false;
  const first: unknown = items[0];
  if (typeof first !== 'object' || first === null) return false;
  const record = first as Record<string, unknown>;
  const key = record[AVERAGE_PERIOD_FIELD[mode]];
  return typeof record.average === 'number' && (typeof key === 'string' || typeof key === 'number');
}

export function isoWeekErrorMessage(year: number | string, week: number | string): string {
  return `${year} has no ISO week ${week}`;
}

/** Monday (yyyy-MM-dd) of ISO week `week` of ISO week-year `year`; throws when that week does not exist. */
export function isoWeekStart(year: number, week: number): DateString {
  if (!Number.isInteger(year) || !Number.isInteger(week) || year < 1 || year > 9999) {
    throw new Error(isoWeekErrorMessage(year, week));
  }
  // 4 January always lies in ISO week 1, so its Monday anchors the year's weeks.
  const jan4 = localDate(year, 1, 4);
  if (week < 1 || week > getISOWeeksInYear(jan4)) throw new Error(isoWeekErrorMessage(year, week));
  return addDaysToDate(toDateString(startOfISOWeek(jan4)), (week - 1) * 7);
}

/** Splits 'YYYY-WW' (also accepts 'YYYY-Www'); throws '{year} has no ISO week {week}' for a week that does not exist. */
export function parseWeekKey(key: string): { year: number; week: number } {
  const match = /^(\d{4})-W?(\d{1,2})$/.exec(String(key).trim());
  if (!match) throw new Error(`Invalid week: ${String(key)}`);
  const year = Number(match[1]);
  const week = Number(match[2]);
  isoWeekStart(year, week);
  return { year, week };
}

function checkMonth(key: string): void {
  const match = /^(\d{4})-(\d{2})$/.exec(String(key).trim());
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw new Error(`Invalid month: ${String(key)}`);
}

function checkYear(key: string): void {
  const text = String(key).trim();
  if (!/^\d{4}$/.test(text) || text === '0000') throw new Error(`Invalid year: ${String(key)}`);
}

function averageToPoint(item: AveragedItem, mode: AveragedMode): ChartPoint {
  const record = item as unknown as Record<string, unknown>;
  const key = String(record[AVERAGE_PERIOD_FIELD[mode]]);
  if (typeof item.average !== 'number' || !Number.isFinite(item.average)) {
    throw new Error(`Invalid average: ${String(record.average)}`);
  }
  // the bucket's first day comes from the API, which alone decides where a (Sunday- or Monday-start) week begins
  if (!isValidDateString(item.start)) throw new Error(`Invalid bucket start: ${String(item.start)}`);
  const date = item.start;
  let label: string;
  if (mode === 'weekly') {
    const { year, week } = parseWeekKey(key);
    label = `${year} Week ${week} (${format(parseDate(date), DAY_MONTH_FORMAT)})`;
  } else if (mode === 'monthly') {
    checkMonth(key);
    label = format(parseDate(date), MONTH_YEAR_FORMAT);
  } else {
    checkYear(key);
    label = key.trim();
  }
  const point: ChartPoint = { value: item.average, date, label, notes: '' };
  if (typeof item.count === 'number') point.count = item.count;
  if (isValidDateString(item.end)) point.end = item.end;
  return point;
}

function byDate(a: ChartPoint, b: ChartPoint): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

/**
 * Averaged items → chart points, ascending by date. The point's date is the bucket's first day as the API gives it
 * (a Monday, or the Sunday before it for Sunday-start weeks; the 1st of the month; 1 January).
 * Labels: '2025 Week 1 (30 Dec)', 'January 2025', '2025'.
 * Throws Error('{year} has no ISO week {week}') for a week that does not exist, and Error for malformed items.
 */
export function averagesToChartPoints(items: readonly AveragedItem[], mode: AveragedMode): ChartPoint[] {
  if (!(mode in AVERAGE_PERIOD_FIELD)) throw new Error(`Invalid averaging mode: ${String(mode)}`);
  return items.map((item) => averageToPoint(item, mode)).sort(byDate);
}

/** 'Mon 30 Dec' for 2024-12-30: short weekday, day, short month; 'Mon 30 Dec 2024' with the year. */
export function rawPointLabel(date: DateString, withYear = false): string {
  return withYear ? `${shortDayLabel(date)} ${date.slice(0, 4)}` : shortDayLabel(date);
}

/** Raw entries → chart points, ascending by date; missing notes become ''. */
export function entriesToChartPoints(entries: readonly WeightEntry[]): ChartPoint[] {
  return entries
    .map((entry) => ({ value: entry.weightKg, date: entry.date, label: rawPointLabel(entry.date), notes: entry.notes ?? '' }))
    .sort(byDate);
}

export interface ChartPointsResult {
  points: ChartPoint[];
  /** True when the points are averages (tooltips add ' (avg)', clicks open nothing). */
  averaged: boolean;
  /** The message of a failure, for the UI to show instead of crashing; null on success. */
  error: string | null;
}

/**
 * Never throws: picks averaged or raw drawing by the rule of isAveragedData and turns any parsing failure
 * (e.g. '2025 has no ISO week 53') into `error` with no points.
 */
export function buildChartPoints(data: readonly unknown[] | null | undefined, mode: AveragingMode): ChartPointsResult {
  const averaged = mode !== 'none' && isAveragedData(data, mode);
  try {
    if (!Array.isArray(data) || data.length === 0) return { points: [], averaged, error: null };
    const points = averaged
      ? averagesToChartPoints(data as AveragedItem[], mode as AveragedMode)
      : entriesToChartPoints(data as WeightEntry[]);
    return { points, averaged, error: null };
  } catch (error) {
    return { points: [], averaged, error: error instanceof Error ? error.message : String(error) };
  }
}
