/** A calendar date on the wire: yyyy-MM-dd, never an instant. */
export type DateString = string;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The earliest date an entry, a goal or a birth date may have. */
export const MIN_DATE = '1900-01-01';

/** True when s is yyyy-MM-dd and a real calendar date (2023-02-29 and 2023-13-01 are not). */
export function isCalendarDate(s: unknown): s is DateString {
  if (typeof s !== 'string') return false;
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

/** Days in month `month` (1-12) of `year`, Gregorian. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const isoDay = (d: Date): DateString => d.toISOString().slice(0, 10);

/** Today's calendar date in UTC. */
export const todayUtc = (now: Date): DateString => isoDay(now);

/**
 * The latest date an entry may have: tomorrow in UTC, so that someone in a time zone ahead of UTC can log their
 * today. Computed from `now` at each call, never once at start-up.
 */
export function latestEntryDate(now: Date): DateString {
  return isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)));
}
