import {
  type AxisTick,
  monthAxisLabelPositions,
  monthAxisTickLabel,
  monthAxisTicks,
  type PeriodKey,
  weekAxisTickLabel,
  xAxisUnit,
} from '@app/kit';
import type { XBounds } from './types';

export type XTickCallback = (value: number | string) => string;

/** One month label for about this many pixels of plot width. */
export const PIXELS_PER_MONTH_LABEL = 46;

const toMs = (value: number | string) => (typeof value === 'number' ? value : Number(value));

/**
 * The labelled ticks of a quarter, half-year, year or all-time axis: the 1st of each month while they fit, fewer
 * (aligned on January) on a narrow or long axis, with the year on January once the span crosses one.
 */
export function longAxisTicks(bounds: XBounds, width: number): AxisTick[] {
  return monthAxisTicks(bounds.min, bounds.max, Math.max(2, Math.floor(width / PIXELS_PER_MONTH_LABEL)));
}

/**
 * The x tick label rule of a period: week → short weekday of every day; month → '30 Dec' only at start, 1/3, 2/3
 * and end of the axis (each within 12 h), with the year on the first label and on the first of the new year when
 * the span crosses one; longer periods → the labels of longAxisTicks.
 */
export function xTickCallback(period: PeriodKey, bounds: XBounds | null, width = 600): XTickCallback {
  if (period === 'week') return (value) => weekAxisTickLabel(toMs(value));
  if (!bounds) return () => '';
  if (period === 'month') {
    const positions = monthAxisLabelPositions(bounds.min, bounds.max);
    const startYear = new Date(bounds.min).getFullYear();
    const multiYear = new Date(bounds.max).getFullYear() !== startYear;
    let lastYearShown: number | null = null;
    return (value) => {
      const ms = toMs(value);
      const label = monthAxisTickLabel(ms, positions);
      if (!label || !multiYear) return label;
      const year = new Date(ms).getFullYear();
      if (ms === positions[0] || year !== startYear) {
        if (lastYearShown === year && ms !== positions[0]) return label;
        lastYearShown = year;
        return `${label} ${year}`;
      }
      return label;
    };
  }
  const labels = new Map(longAxisTicks(bounds, width).map((t) => [t.value, t.label]));
  return (value) => labels.get(toMs(value)) ?? '';
}

/** Day ticks for week and month, month ticks otherwise (re-exported here for the options builder). */
export { xAxisUnit };
