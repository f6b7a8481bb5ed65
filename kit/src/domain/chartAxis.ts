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

/** Spec: day ticks for week and month periods, month ticks for longer ones. */
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
