import { format } from 'date-fns';
import {
  monthAxisLabelPositions,
  monthAxisTickLabel,
  weekAxisTickLabel,
  xAxisUnit,
  yearAxisTickLabel,
} from '../domain/chartAxis';
import type { PeriodKey } from '../domain/periods';
import type { XBounds } from './types';

export type XTickCallback = (value: number | string) => string;

/** Multi-year spans ('all'): January carries the year so 'Jan' is never ambiguous; other months as on a year axis. */
function allAxisTickLabel(tickMs: number): string {
  const date = new Date(tickMs);
  if (date.getDate() !== 1) return '';
  return date.getMonth() === 0 ? format(date, 'yyyy') : yearAxisTickLabel(tickMs);
}

/**
 * The x tick label rule of a period (spec §2): week → short weekday of every day; month → '30 Dec' only at
 * start, 1/3, 2/3 and end of the axis (each within 12 h), '' elsewhere; year, quarter, half year → the short
 * month on the 1st of each month; all → the same, with the year in place of 'Jan'.
 */
export function xTickCallback(period: PeriodKey, bounds: XBounds | null): XTickCallback {
  const toMs = (value: number | string) => (typeof value === 'number' ? value : Number(value));
  if (period === 'week') return (value) => weekAxisTickLabel(toMs(value));
  if (period === 'month') {
    if (!bounds) return () => '';
    const positions = monthAxisLabelPositions(bounds.min, bounds.max);
    return (value) => monthAxisTickLabel(toMs(value), positions);
  }
  if (period === 'all') return (value) => allAxisTickLabel(toMs(value));
  return (value) => yearAxisTickLabel(toMs(value));
}

/** Day ticks for week and month, month ticks otherwise (re-exported here for the options builder). */
export { xAxisUnit };
