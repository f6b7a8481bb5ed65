import { daysInMonth, isCalendarDate } from '@app/contract';
import { differenceInCalendarDays, format } from 'date-fns';

export { daysInMonth };

/** A calendar date as 'yyyy-MM-dd'; it names a day, not an instant. */
export type DateString = string;
/** A calendar day given either as 'yyyy-MM-dd' or as a Date read in the local calendar. */
export type DateInput = DateString | Date;
/** 0 = Sunday, 1 = Monday (the only two values the product knows). */
export type WeekStartsOn = 0 | 1;

export const DATE_FORMAT = 'yyyy-MM-dd';

export function isWeekStartsOn(value: unknown): value is WeekStartsOn {
  return value === 0 || value === 1;
}

/** True for a real calendar date written exactly 'yyyy-MM-dd' (no 2025-02-29, no 2025-1-5): the wire's own rule. */
export const isValidDateString: (value: unknown) => value is DateString = isCalendarDate;

/** Local midnight of a local calendar date; setFullYear keeps years below 100 from becoming 19xx. */
export function localDate(year: number, month: number, day: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  date.setHours(0, 0, 0, 0);
  return date;
}

/**
 * 'yyyy-MM-dd' → the Date at local midnight of that day. Never `new Date(str)`, which reads the
 * string as UTC midnight and lands on the previous day west of Greenwich.
 */
export function parseDate(value: DateString): Date {
  if (!isValidDateString(value)) throw new Error(`Invalid date: ${String(value)}`);
  const [year, month, day] = value.split('-').map(Number);
  return localDate(year, month, day);
}

/** The local calendar day of a Date as 'yyyy-MM-dd'. */
export function toDateString(date: Date): DateString {
  if (Number.isNaN(date.getTime())) throw new Error('Invalid date: Invalid Date');
  return format(date, DATE_FORMAT);
}

/** Accepts either form and returns the calendar day as 'yyyy-MM-dd' (validating strings). */
export function normalizeDate(input: DateInput): DateString {
  if (input instanceof Date) return toDateString(input);
  if (!isValidDateString(input)) throw new Error(`Invalid date: ${String(input)}`);
  return input;
}

/** Accepts either form and returns local midnight of that calendar day. */
export function toLocalDate(input: DateInput): Date {
  return parseDate(normalizeDate(input));
}

/** Today's calendar day in the local zone. The one sanctioned clock read: callers may pass `now`. */
export function todayString(now: Date = new Date()): DateString {
  return toDateString(now);
}

/** en-GB display 'dd/MM/yyyy', built by date-fns so it never depends on the runtime's ICU data. */
export function formatDateEnGb(input: DateInput): string {
  return format(toLocalDate(input), 'dd/MM/yyyy');
}

/** Moves a calendar date by whole days (calendar arithmetic, so DST never shifts the day). */
export function addDaysToDate(input: DateInput, days: number): DateString {
  const date = toLocalDate(input);
  date.setDate(date.getDate() + days);
  return toDateString(date);
}

/** Calendar days from `start` to `end`, both counted; 0 when `end` is before `start`. */
export function daysBetweenInclusive(start: DateInput, end: DateInput): number {
  const diff = differenceInCalendarDays(toLocalDate(end), toLocalDate(start));
  return diff < 0 ? 0 : diff + 1;
}

/** Signed calendar-day difference `later − earlier` (negative when `later` is before `earlier`). */
export function calendarDaysBetween(earlier: DateInput, later: DateInput): number {
  return differenceInCalendarDays(toLocalDate(later), toLocalDate(earlier));
}

/** Orders 'yyyy-MM-dd' strings; plain string comparison is exact for 4-digit years. */
export function compareDateStrings(a: DateString, b: DateString): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function minDate(a: DateString, b: DateString): DateString {
  return a <= b ? a : b;
}

export function maxDate(a: DateString, b: DateString): DateString {
  return a >= b ? a : b;
}
