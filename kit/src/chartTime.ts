// The calendar maths of the graph's time axis (chart.js's date adapter). It lives in kit's main entry, beside the
// date-fns functions kit's domain logic already uses, so a remote that brings the graph borrows them from the page's
// kit instead of shipping a second date-fns (or date-fns' string parser, which the graph never needs: its x values are
// timestamps).
import {
  add,
  differenceInDays,
  differenceInMonths,
  differenceInQuarters,
  differenceInWeeks,
  differenceInYears,
  endOfDay,
  endOfHour,
  endOfMinute,
  endOfMonth,
  endOfQuarter,
  endOfSecond,
  endOfWeek,
  endOfYear,
  format,
  startOfDay,
  startOfHour,
  startOfMinute,
  startOfMonth,
  startOfQuarter,
  startOfSecond,
  startOfWeek,
  startOfYear,
} from 'date-fns';

/** chart.js's time units. */
export type TimeUnit = 'millisecond' | 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

const MS_PER: Partial<Record<TimeUnit, number>> = { millisecond: 1, second: 1000, minute: 60_000, hour: 3_600_000 };
const CALENDAR_DIFF: Partial<Record<TimeUnit, (a: number, b: number) => number>> = {
  day: differenceInDays,
  week: differenceInWeeks,
  month: differenceInMonths,
  quarter: differenceInQuarters,
  year: differenceInYears,
};
const START: Partial<Record<TimeUnit, (t: number) => Date>> = {
  second: startOfSecond,
  minute: startOfMinute,
  hour: startOfHour,
  day: startOfDay,
  week: (t) => startOfWeek(t),
  month: startOfMonth,
  quarter: startOfQuarter,
  year: startOfYear,
};
const END: Partial<Record<TimeUnit, (t: number) => Date>> = {
  second: endOfSecond,
  minute: endOfMinute,
  hour: endOfHour,
  day: endOfDay,
  week: (t) => endOfWeek(t),
  month: endOfMonth,
  quarter: endOfQuarter,
  year: endOfYear,
};

/** Default label formats per unit (date-fns patterns), for axes and tooltips that do not format their own. */
const FORMATS: Record<TimeUnit | 'datetime', string> = {
  datetime: 'd MMM yyyy, HH:mm:ss',
  millisecond: 'HH:mm:ss.SSS',
  second: 'HH:mm:ss',
  minute: 'HH:mm',
  hour: 'HH:00',
  day: 'd MMM',
  week: 'd MMM yyyy',
  month: 'MMM yyyy',
  quarter: 'QQQ yyyy',
  year: 'yyyy',
};

/** What chart.js's time scale asks of a date library, on timestamps in ms (local calendar). */
export const chartTime = {
  formats: () => FORMATS,
  /** Timestamps and dates only: every x value the graph plots is a timestamp. */
  parse(value: unknown): number | null {
    const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : NaN;
    return Number.isFinite(ms) ? ms : null;
  },
  format: (time: number, pattern: string) => format(time, pattern),
  add(time: number, amount: number, unit: TimeUnit): number {
    const fixed = MS_PER[unit];
    if (fixed) return time + amount * fixed;
    if (unit === 'quarter') return add(time, { months: 3 * amount }).getTime();
    return add(time, { [`${unit}s`]: amount }).getTime();
  },
  diff(max: number, min: number, unit: TimeUnit): number {
    const fixed = MS_PER[unit];
    if (fixed) return Math.trunc((max - min) / fixed);
    return CALENDAR_DIFF[unit]?.(max, min) ?? 0;
  },
  startOf(time: number, unit: TimeUnit | 'isoWeek', weekday?: number): number {
    if (unit === 'isoWeek') return startOfWeek(time, { weekStartsOn: (Number(weekday) % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6 }).getTime();
    return START[unit]?.(time).getTime() ?? time;
  },
  endOf(time: number, unit: TimeUnit): number {
    return END[unit]?.(time).getTime() ?? time;
  },
};
