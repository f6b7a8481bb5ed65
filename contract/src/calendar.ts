import type { DateString } from './dates';

/**
 * Calendar arithmetic on 'yyyy-MM-dd' dates by their digits alone: no Date object and no time zone is involved,
 * so a clock change can never add or lose a day. Shared by the apps' charts and the API's reminders and reports.
 */

/** Days since 1970-01-01 on the proleptic Gregorian calendar of a valid 'yyyy-MM-dd' date (not checked here). */
export function dayNumberOf(s: DateString): number {
  const digits = (from: number, to: number) => {
    let n = 0;
    for (let i = from; i < to; i++) n = n * 10 + s.charCodeAt(i) - 48;
    return n;
  };
  const month = digits(5, 7);
  // count years from March, so the leap day is the last day of its year
  const year = digits(0, 4) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + digits(8, 10) - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  // 719468 days from 0000-03-01 to 1970-01-01
  return era * 146_097 + dayOfEra - 719_468;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad4 = (n: number) => String(n).padStart(4, '0');

/** The calendar date of a day number (see dayNumberOf). */
export function dateOfDayNumber(day: number): DateString {
  const d = new Date(day * 86_400_000);
  return `${pad4(d.getUTCFullYear())}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** A date moved by whole calendar days. */
export const addCalendarDays = (date: DateString, days: number): DateString => dateOfDayNumber(dayNumberOf(date) + days);

/** Signed calendar-day difference `later − earlier`. */
export const daysFromTo = (earlier: DateString, later: DateString): number => dayNumberOf(later) - dayNumberOf(earlier);

/** Day of the week, 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (date: DateString): number => (((dayNumberOf(date) + 4) % 7) + 7) % 7;

/** Days of the week by the product's numbering: 0 = Sunday … 6 = Saturday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
