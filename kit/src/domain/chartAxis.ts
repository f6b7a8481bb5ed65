import { format } from 'date-fns';
import { MONTH_AXIS_TOLERANCE_MS } from './constants';
import { toLocalDate, type DateInput } from './dates';
import type { PeriodKey } from './periods';

export type XAxisUnit = 'day' | 'month';

/** A day, as the chart sees it: a timestamp (ms), a Date or a 'yyyy-MM-dd' string. */
export type ChartDateInput = number | DateInput;

function toDate(input: ChartDateInput): Date {
  return typeof input === 'number' ? new Date(input) : toLocalDate(input);
}

/** Day ticks for week and month periods, month ticks for longer ones. */
export function xAxisUnit(periodKey: PeriodKey): XAxisUnit {
  return periodKey === 'week' || periodKey === 'month' ? 'day' : 'month';
}

/**
 * The 4 label positions of a month axis: start, one third, two thirds, end (local-midnight timestamps).
 * Positions are fractions of the real span, so a DST hour only moves them by that hour.
 */
export function monthAxisLabelPositions(start: ChartDateInput, end: ChartDateInput): [number, number, number, number] {
  const from = toDate(start).getTime();
  const to = toDate(end).getTime();
  const step = (to - from) / 3;
  return [from, from + step, from + 2 * step, to];
}

/** A month-axis tick is labelled when it lies strictly within 12 hours of one of the positions. */
export function isMonthAxisLabelTick(tickMs: number, positions: readonly number[]): boolean {
  return positions.some((position) => Math.abs(tickMs - position) < MONTH_AXIS_TOLERANCE_MS);
}

/** Year axes label the 1st of each month (local calendar). */
export function isFirstOfMonth(tickMs: ChartDateInput): boolean {
  return toDate(tickMs).getDate() === 1;
}

/** 'Mon' */
export function shortWeekday(date: ChartDateInput): string {
  return format(toDate(date), 'EEE');
}

/** 'Jan' */
export function shortMonth(date: ChartDateInput): string {
  return format(toDate(date), 'MMM');
}

/** '30 Dec': the day-month form used on month axes and in weekly labels. */
export function shortDayMonth(date: ChartDateInput): string {
  return format(toDate(date), 'd MMM');
}

/** Week axes: the short weekday of every tick. */
export function weekAxisTickLabel(tickMs: number): string {
  return shortWeekday(tickMs);
}

/** Month axes: '30 Dec' at the 4 positions, '' elsewhere. */
export function monthAxisTickLabel(tickMs: number, positions: readonly number[]): string {
  return isMonthAxisLabelTick(tickMs, positions) ? shortDayMonth(tickMs) : '';
}

/** Year (and quarter, half-year, all) axes: the short month on the 1st, '' elsewhere. */
export function yearAxisTickLabel(tickMs: number): string {
  return isFirstOfMonth(tickMs) ? shortMonth(tickMs) : '';
}

/** The y axis never spans less than this, in the display unit, so a steady week does not read as a cliff. */
export const MIN_Y_SPAN: Readonly<Record<'kg' | 'lb', number>> = Object.freeze({ kg: 2, lb: 4 });

/**
 * Suggested y bounds: the data's own span, widened around its centre to at least `minSpan`. Lines added to the
 * chart (the goal) may still widen it.
 */
export function yAxisBounds(values: readonly number[], minSpan: number): { min: number; max: number } | null {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return null;
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  if (high - low >= minSpan) return { min: low, max: high };
  const centre = (low + high) / 2;
  return { min: centre - minSpan / 2, max: centre + minSpan / 2 };
}

/** True when the two days (local-midnight timestamps) lie in different calendar years. */
export function crossesYear(startMs: number, endMs: number): boolean {
  return new Date(startMs).getFullYear() !== new Date(endMs).getFullYear();
}

/** A labelled tick of a long x axis. */
export interface AxisTick {
  value: number;
  label: string;
}

/** Months between labelled ticks for a span of `months`, so that about `maxLabels` fit. */
export function monthStep(months: number, maxLabels: number): number {
  for (const step of [1, 2, 3, 6, 12, 24, 60]) if (months / step <= maxLabels) return step;
  return 120;
}

/**
 * The ticks of a quarter, half-year, year or all-time axis: the 1st of every `step`-th month within the span,
 * counted from January so the ticks line up across years. Labels are the short month, with the year on every
 * January (and on the first tick) once the span crosses a year; with a step of a year or more, the year alone.
 * With `maxLabels` at least the span's months (a year on a wide chart) every month is labelled, as before.
 */
export function monthAxisTicks(minMs: number, maxMs: number, maxLabels: number): AxisTick[] {
  const start = new Date(minMs);
  const end = new Date(maxMs);
  const first = new Date(start.getFullYear(), start.getMonth(), 1);
  if (first.getTime() < minMs) first.setMonth(first.getMonth() + 1);
  // the 1st-of-month days within the span: 12 for any year-long range
  const months = (end.getFullYear() - first.getFullYear()) * 12 + end.getMonth() - first.getMonth() + 1;
  const step = monthStep(months, Math.max(1, maxLabels));
  const multiYear = crossesYear(minMs, maxMs);
  const ticks: AxisTick[] = [];
  const cursor = first;
  for (; cursor.getTime() <= maxMs; cursor.setMonth(cursor.getMonth() + 1)) {
    const monthIndex = cursor.getFullYear() * 12 + cursor.getMonth();
    if (monthIndex % step !== 0) continue;
    let label: string;
    if (step >= 12) label = format(cursor, 'yyyy');
    else if (multiYear && (cursor.getMonth() === 0 || ticks.length === 0)) label = format(cursor, 'MMM yyyy');
    else label = format(cursor, 'MMM');
    ticks.push({ value: cursor.getTime(), label });
  }
  return ticks;
}
