import type { Clock } from './clock.js';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const MIN_DATE = '1900-01-01';

/** True when s is yyyy-MM-dd and a real calendar date (2023-02-29 and 2023-13-01 are not). */
export function isCalendarDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  // Date.UTC maps years 0-99 to 19xx; the range checks elsewhere exclude them anyway
  return d <= days;
}

export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Tomorrow's calendar date in UTC, computed from the (injectable) clock at each call. */
export function tomorrowUtc(clock: Clock): string {
  const now = clock.now();
  return toIsoDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)));
}

export function todayUtc(clock: Clock): string {
  return toIsoDate(clock.now());
}
