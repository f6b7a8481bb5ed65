/** A calendar date on the wire: yyyy-MM-dd, never an instant. */
export type DateString = string;

/** The earliest date an entry, a goal or a birth date may have. */
export const MIN_DATE = '1900-01-01';

/**
 * True when s is yyyy-MM-dd and a real calendar date (2023-02-29 and 2023-13-01 are not). Read digit by digit:
 * every date of every chart point passes through here.
 */
export function isCalendarDate(s: unknown): s is DateString {
  if (typeof s !== 'string' || s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  let y = 0;
  let mo = 0;
  let d = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const digit = s.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
    if (i < 4) y = y * 10 + digit;
    else if (i < 7) mo = mo * 10 + digit;
    else d = d * 10 + digit;
  }
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

/** True for a time zone name this runtime knows (IANA, e.g. 'Europe/Berlin'; 'UTC'). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name === '' || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
