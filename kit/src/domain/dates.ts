import { dateOfDayNumber, dayNumberOf, daysInMonth, isCalendarDate, isTimeZone } from '@app/contract';

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
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return year < 100 ? localDate(year, month, day) : new Date(year, month - 1, day);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad4 = (n: number) => String(n).padStart(4, '0');

/** The local calendar day of a Date as 'yyyy-MM-dd'. */
export function toDateString(date: Date): DateString {
  if (Number.isNaN(date.getTime())) throw new Error('Invalid date: Invalid Date');
  return `${pad4(date.getFullYear())}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/**
 * The day number of a calendar date (days since 1970-01-01), by arithmetic on the date's digits (the contract's
 * calendar maths): no Date and no time zone is involved, so DST can never add or lose a day. Charts over years of
 * entries call this for every point.
 */
export function dayNumber(input: DateInput): number {
  return dayNumberOf(normalizeDate(input));
}

/** The calendar date of a day number (see dayNumber). */
export const fromDayNumber: (day: number) => DateString = dateOfDayNumber;

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

/** The browser's own time zone (IANA name), or undefined when the runtime does not say a usable one. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** Today's calendar day in the local zone. The one sanctioned clock read: callers may pass `now`. */
export function todayString(now: Date = new Date()): DateString {
  return toDateString(now);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Mon 30 Dec' for 2024-12-30 (en-GB short weekday, day, short month), from the date's digits alone. */
export function shortDayLabel(input: DateInput): string {
  const s = normalizeDate(input);
  // 1970-01-01 was a Thursday
  const weekday = (((dayNumber(s) + 4) % 7) + 7) % 7;
  return `${WEEKDAYS[weekday]} ${Number(s.slice(8, 10))} ${MONTHS[Number(s.slice(5, 7)) - 1]}`;
}

/** en-GB display 'dd/MM/yyyy', from the date's own digits so it never depends on the runtime's ICU data. */
export function formatDateEnGb(input: DateInput): string {
  const s = normalizeDate(input);
  return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`;
}

/** Moves a calendar date by whole days (calendar arithmetic, so DST never shifts the day). */
export function addDaysToDate(input: DateInput, days: number): DateString {
  return fromDayNumber(dayNumber(input) + days);
}

/** Calendar days from `start` to `end`, both counted; 0 when `end` is before `start`. */
export function daysBetweenInclusive(start: DateInput, end: DateInput): number {
  const diff = calendarDaysBetween(start, end);
  return diff < 0 ? 0 : diff + 1;
}

/** Signed calendar-day difference `later − earlier` (negative when `later` is before `earlier`). */
export function calendarDaysBetween(earlier: DateInput, later: DateInput): number {
  return dayNumber(later) - dayNumber(earlier);
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
