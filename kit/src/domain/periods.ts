import { endOfMonth, endOfQuarter, endOfWeek, endOfYear, startOfMonth, startOfQuarter, startOfWeek, startOfYear } from 'date-fns';
import {
  addDaysToDate,
  daysBetweenInclusive,
  localDate,
  maxDate,
  minDate,
  normalizeDate,
  toDateString,
  toLocalDate,
  type DateInput,
  type DateString,
  type WeekStartsOn,
} from './dates';

export type PeriodKey = 'week' | 'month' | 'quarter' | 'halfyear' | 'year' | 'all';

export const PERIOD_KEYS: readonly PeriodKey[] = ['week', 'month', 'quarter', 'halfyear', 'year', 'all'];

export const INVALID_PERIOD_ERROR = 'Invalid period';

export interface PeriodLabels {
  /** For the analytics selector strip: 1W, 7d, ... */
  shortLabel: string;
  /** For the overview dropdown and headings: '{long} Summary', '{long} Weight Graph'. */
  longLabel: string;
}

export interface Period {
  key: PeriodKey;
  calendar: PeriodLabels;
  rolling: PeriodLabels;
  /** Length of the rolling window; 0 for 'all', which has no fixed length. */
  rollingDays: number;
}

/** Inclusive range of calendar days. */
export interface DateRange {
  start: DateString;
  end: DateString;
}

// Long labels are phrased to read as headings: "This Week Summary", "Last 30 Days Weight Graph".
export const PERIODS: Readonly<Record<PeriodKey, Period>> = {
  week: {
    key: 'week',
    calendar: { shortLabel: '1W', longLabel: 'This Week' },
    rolling: { shortLabel: '7d', longLabel: 'Last 7 Days' },
    rollingDays: 7,
  },
  month: {
    key: 'month',
    calendar: { shortLabel: '1M', longLabel: 'This Month' },
    rolling: { shortLabel: '30d', longLabel: 'Last 30 Days' },
    rollingDays: 30,
  },
  quarter: {
    key: 'quarter',
    calendar: { shortLabel: 'Q', longLabel: 'This Quarter' },
    rolling: { shortLabel: '90d', longLabel: 'Last 90 Days' },
    rollingDays: 90,
  },
  halfyear: {
    key: 'halfyear',
    calendar: { shortLabel: 'H', longLabel: 'This Half Year' },
    rolling: { shortLabel: '180d', longLabel: 'Last 180 Days' },
    rollingDays: 180,
  },
  year: {
    key: 'year',
    calendar: { shortLabel: '1Y', longLabel: 'This Year' },
    rolling: { shortLabel: '365d', longLabel: 'Last 365 Days' },
    rollingDays: 365,
  },
  all: {
    key: 'all',
    calendar: { shortLabel: 'All', longLabel: 'All Time' },
    rolling: { shortLabel: 'All', longLabel: 'All Time' },
    rollingDays: 0,
  },
};

export function isPeriodKey(value: unknown): value is PeriodKey {
  return typeof value === 'string' && (PERIOD_KEYS as readonly string[]).includes(value);
}

/** The period of a key; throws Error('Invalid period') for anything else. */
export function getPeriod(key: unknown): Period {
  if (!isPeriodKey(key)) throw new Error(INVALID_PERIOD_ERROR);
  return PERIODS[key];
}

/** The label for the current alignment mode. */
export function periodLabel(key: PeriodKey, alignToCalendar: boolean, length: 'short' | 'long' = 'long'): string {
  const labels = alignToCalendar ? getPeriod(key).calendar : getPeriod(key).rolling;
  return length === 'short' ? labels.shortLabel : labels.longLabel;
}

export interface PeriodRangeOptions {
  today: DateInput;
  alignToCalendar: boolean;
  /** Start of a calendar week; Monday unless the user's preference says Sunday. */
  weekStartsOn?: WeekStartsOn;
  /** Date of the user's earliest entry; needed only by 'all'. */
  earliestDate?: DateString | null;
}

function calendarRange(key: Exclude<PeriodKey, 'all'>, today: Date, weekStartsOn: WeekStartsOn): [Date, Date] {
  switch (key) {
    case 'week':
      return [startOfWeek(today, { weekStartsOn }), endOfWeek(today, { weekStartsOn })];
    case 'month':
      return [startOfMonth(today), endOfMonth(today)];
    case 'quarter':
      return [startOfQuarter(today), endOfQuarter(today)];
    case 'halfyear': {
      const firstHalf = today.getMonth() < 6;
      const year = today.getFullYear();
      return firstHalf ? [localDate(year, 1, 1), localDate(year, 6, 30)] : [localDate(year, 7, 1), localDate(year, 12, 31)];
    }
    case 'year':
      return [startOfYear(today), endOfYear(today)];
  }
}

/**
 * The range a period covers on `today` (docs/decisions.md, "Periods"):
 * - calendar-aligned: the whole calendar week/month/quarter/half/year containing today (it runs past today);
 * - rolling: the last N days ending today, today included (start = today − (N − 1));
 * - 'all': from the earliest entry to today, or null when there is no entry yet.
 * Throws Error('Invalid period') for an unknown key.
 */
export function getPeriodRange(key: unknown, options: PeriodRangeOptions): DateRange | null {
  const period = getPeriod(key);
  const today = normalizeDate(options.today);
  if (period.key === 'all') {
    if (!options.earliestDate) return null;
    // An entry dated after today (the API accepts "tomorrow" in UTC) must not invert the range.
    return { start: minDate(normalizeDate(options.earliestDate), today), end: today };
  }
  if (!options.alignToCalendar) {
    return { start: addDaysToDate(today, -(period.rollingDays - 1)), end: today };
  }
  const [start, end] = calendarRange(period.key, toLocalDate(today), options.weekStartsOn ?? 1);
  return { start: toDateString(start), end: toDateString(end) };
}

/** The range to request from the API: the period's range with its end capped at today (no future data). */
export function getRequestRange(key: unknown, options: PeriodRangeOptions): DateRange | null {
  const range = getPeriodRange(key, options);
  return range && capRangeAtToday(range, options.today);
}

export function capRangeAtToday(range: DateRange, today: DateInput): DateRange {
  const day = normalizeDate(today);
  return { start: range.start, end: maxDate(range.start, minDate(range.end, day)) };
}

/** Calendar days of a range, both ends included. */
export function daysInRange(range: DateRange): number {
  return daysBetweenInclusive(range.start, range.end);
}

/** Days of the period that have begun, today included; 0 before the period starts. */
export function daysElapsedInPeriod(range: DateRange, today: DateInput): number {
  const day = normalizeDate(today);
  if (day < range.start) return 0;
  return daysBetweenInclusive(range.start, minDate(range.end, day));
}

/** True when a calendar date lies inside the range (both ends included). */
export function isDateInRange(date: DateString, range: DateRange): boolean {
  return date >= range.start && date <= range.end;
}
