/**
 * When reminders and weekly reports fall due: pure functions of the settings, the user's time zone and an instant
 * given by the caller (never read from a clock here). Times are wall-clock times in the user's zone, so a reminder
 * at 07:30 fires at 07:30 on both sides of a clock change.
 */
import { addCalendarDays, dayNumberOf, inQuietHours, minutesOfDay, WEEKLY_REPORT_TIME, weekdayOf } from '@app/contract';
import { Zone } from '../import/zone.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A reminder that could not go out at its time (the service was down) is still sent up to this much later. */
export const DAILY_LATE_LIMIT_MS = 2 * 60 * MINUTE;
/** A weekly report is still sent on the day it fell due, however late. */
export const WEEKLY_LATE_LIMIT_MS = DAY;

export type Schedule = {
  dailyEnabled: boolean;
  /** Minutes after local midnight. */
  dailyTime: number;
  /** Bit d set = weekday d (0 Sunday … 6 Saturday). */
  dailyWeekdays: number;
  weeklyReportEnabled: boolean;
  quietHoursEnabled: boolean;
  quietStart: number;
  quietEnd: number;
};

export const weekdaysToMask = (days: readonly number[]): number => days.reduce((mask, d) => mask | (1 << d), 0);
export const maskToWeekdays = (mask: number): number[] => [0, 1, 2, 3, 4, 5, 6].filter((d) => (mask & (1 << d)) !== 0);
export const timeToMinutes = minutesOfDay;
export const minutesToTime = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The local calendar date and minute of day of an instant in `zone`. */
export function localClock(at: number, zone: Zone): { date: string; minute: number } {
  const { date, msOfDay } = zone.local(at);
  return { date, minute: Math.floor(msOfDay / MINUTE) };
}

/**
 * The instant the wall clock in `zone` reads `minute` on `date`. In the hour a clock change repeats it is the first of
 * the two. A time a clock change skips comes as much later as the clock jumped (02:30 when clocks go from 02:00 to
 * 03:00 comes at 03:30) while that is still on `date`; when it is not (23:30 when clocks go from 23:00 to 00:00), it
 * comes when the skipped time ends, the first instant of the next day, and is still `date`'s (see `occurrenceDate`).
 */
export function instantOf(date: string, minute: number, zone: Zone): number {
  const wall = dayNumberOf(date) * DAY + minute * MINUTE;
  const before = zone.offsetAt(wall - DAY);
  const after = zone.offsetAt(wall + DAY);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((t) => {
      const local = zone.local(t);
      return dayNumberOf(local.date) * DAY + local.msOfDay === wall;
    })
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // skipped: read with the offset before the change, the wall clock shows it as much later as the clock jumped
  const shifted = wall - before;
  if (before >= after || zone.local(shifted).date === date) return shifted;
  return gapEnd(zone, wall - after, shifted, after);
}

/**
 * The instant a clock change happens (the first instant with offset `to`), between `from` (still on the old offset)
 * and `until` (already on `to`).
 */
function gapEnd(zone: Zone, from: number, until: number, to: number): number {
  let lo = from;
  let hi = until;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zone.offsetAt(mid) === to) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The local date whose time `minute` falls due at `at`: the date `at` is on, or the day before when a clock change
 * skipped that day's time up to its end and moved it past midnight (`instantOf`).
 */
export function occurrenceDate(at: number, minute: number, zone: Zone): string {
  const { date } = localClock(at, zone);
  if (instantOf(date, minute, zone) === at) return date;
  const previous = addCalendarDays(date, -1);
  return instantOf(previous, minute, zone) === at ? previous : date;
}

/** A daily reminder: the instant it falls due and the local date it is for. */
export type Occurrence = { at: number; date: string };

/** The next daily reminder strictly after `after`, with the local date it is for, or null when it is off. */
export function nextDaily(s: Schedule, zone: Zone, after: number): Occurrence | null {
  if (!s.dailyEnabled || (s.dailyWeekdays & 0x7f) === 0) return null;
  const today = localClock(after, zone).date;
  for (let i = -1; i <= 8; i++) {
    const date = addCalendarDays(today, i);
    if ((s.dailyWeekdays & (1 << weekdayOf(date))) === 0) continue;
    const at = instantOf(date, s.dailyTime, zone);
    if (at > after) return { at, date };
  }
  return null;
}

/** The next instant strictly after `after` at which the daily reminder falls due, or null when it is off. */
export function nextDailyAt(s: Schedule, zone: Zone, after: number): number | null {
  return nextDaily(s, zone, after)?.at ?? null;
}

/**
 * The weekly report goes out on the first day of the user's week at 08:00 local time, or when their quiet hours end
 * if that is later. It reports on the week that just ended.
 */
export function weeklyReportMinute(s: Schedule): number {
  const at = minutesOfDay(WEEKLY_REPORT_TIME);
  if (s.quietHoursEnabled && inQuietHours(at, s.quietStart, s.quietEnd)) return s.quietEnd;
  return at;
}

/** The next instant strictly after `after` at which the weekly report falls due, or null when it is off. */
export function nextWeeklyAt(s: Schedule, weekStartsOn: number, zone: Zone, after: number): number | null {
  if (!s.weeklyReportEnabled) return null;
  const today = localClock(after, zone).date;
  const minute = weeklyReportMinute(s);
  for (let i = -1; i <= 8; i++) {
    const date = addCalendarDays(today, i);
    if (weekdayOf(date) !== weekStartsOn) continue;
    const at = instantOf(date, minute, zone);
    if (at > after) return at;
  }
  return null;
}

export type SkipReason = 'off' | 'weekday' | 'too-late' | 'quiet-hours' | 'entry-logged' | 'nothing-to-report';
export type Decision = { send: true; period: string } | { send: false; reason: SkipReason };

/**
 * Whether the daily reminder that fell due at `dueAt` goes out at `now`: only while it is on, on a chosen weekday,
 * within two hours of its time and on the local day it fell due, outside quiet hours, and when the user has logged no
 * weight that day (`hasEntry` tells, for the returned period's date). `period` is the local date it is for, which is
 * the day before the one it fell due on when a clock change skipped its time up to midnight (`instantOf`). A reminder
 * moved by a clock change is not held back by quiet hours (its own time is outside them; the README promises it
 * comes later that day).
 */
export function dailyDecision(s: Schedule, zone: Zone, dueAt: number, now: number, hasEntry: (date: string) => boolean): Decision {
  if (!s.dailyEnabled) return { send: false, reason: 'off' };
  const due = localClock(dueAt, zone);
  const date = occurrenceDate(dueAt, s.dailyTime, zone);
  if ((s.dailyWeekdays & (1 << weekdayOf(date))) === 0) return { send: false, reason: 'weekday' };
  const current = localClock(now, zone);
  if (now - dueAt > DAILY_LATE_LIMIT_MS || current.date !== due.date) return { send: false, reason: 'too-late' };
  const moved = (due.date !== date || due.minute !== s.dailyTime) && instantOf(date, s.dailyTime, zone) === dueAt;
  if (!moved && s.quietHoursEnabled && inQuietHours(current.minute, s.quietStart, s.quietEnd))
    return { send: false, reason: 'quiet-hours' };
  if (hasEntry(date)) return { send: false, reason: 'entry-logged' };
  return { send: true, period: date };
}

/** The days of the week a weekly report due on `dueDate` (the first day of the new week) reports on, and the one before. */
export function reportWeeks(dueDate: string): { week: { start: string; end: string }; previous: { start: string; end: string } } {
  return {
    week: { start: addCalendarDays(dueDate, -7), end: addCalendarDays(dueDate, -1) },
    previous: { start: addCalendarDays(dueDate, -14), end: addCalendarDays(dueDate, -8) },
  };
}

/**
 * Whether the weekly report that fell due at `dueAt` goes out at `now`: while it is on, on its local day, outside
 * quiet hours. `period` is the first day of the reported week.
 */
export function weeklyDecision(s: Schedule, zone: Zone, dueAt: number, now: number): Decision {
  if (!s.weeklyReportEnabled) return { send: false, reason: 'off' };
  const due = localClock(dueAt, zone);
  const current = localClock(now, zone);
  if (now - dueAt > WEEKLY_LATE_LIMIT_MS || current.date !== due.date) return { send: false, reason: 'too-late' };
  if (s.quietHoursEnabled && inQuietHours(current.minute, s.quietStart, s.quietEnd)) return { send: false, reason: 'quiet-hours' };
  return { send: true, period: reportWeeks(due.date).week.start };
}
