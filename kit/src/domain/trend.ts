import type { AveragingMode } from './averages';
import { formatOneDecimal, toDisplayWeight, type UnitSystem } from './units';

// The trend, its rate and how far it moved are computed in the contract, so the API's weekly report and the
// charts tell the same numbers.
export {
  TREND_SMOOTHING,
  TREND_SEED_READINGS,
  RATE_WINDOW_DAYS,
  RATE_MIN_READINGS,
  TREND_CHANGE_DAYS,
  median,
  trendStep,
  dailyReadings,
  computeTrend,
  latestTrendKg,
  residualSd,
  trendRate,
  trendOn,
  trendChange,
} from '@app/contract';
export type { TrendPoint, TrendReading, RateOptions, TrendRate, InsufficientRate, RateResult } from '@app/contract';

/** What a trend that is asked for says while its seed (the median of three readings) is not yet whole. */
export const TREND_LOW_DATA_MESSAGE = 'Log at least 3 weights to see your trend.';

/** A rate in kg per day as the change per week in the user's unit (kg or lb), unrounded. */
export function ratePerWeek(kgPerDay: number, unit: UnitSystem): number {
  return toDisplayWeight(kgPerDay * 7, unit);
}

/** True when the weekly rate shows as 0.0 in the reader's unit: 35–49 g a week reads 0.0 kg but 0.1 lb. */
export function rateShownAsZero(kgPerDay: number, unit: UnitSystem): boolean {
  return Number(formatOneDecimal(Math.abs(ratePerWeek(kgPerDay, unit)))) === 0;
}

/**
 * Days an average must rest on before it counts as solid; fewer marks it as thin.
 * weekly: 3 of 7 days (under half the week); monthly: 8 of ~30 (about two readings a week);
 * yearly: 60 of 365 (about five a month, roughly one reading a week).
 */
export const THIN_AVERAGE_MIN_DAYS: Readonly<Record<Exclude<AveragingMode, 'none'>, number>> = Object.freeze({
  weekly: 3,
  monthly: 8,
  yearly: 60,
});

/** True when an average rests on fewer days than THIN_AVERAGE_MIN_DAYS; false for raw data or an unknown count. */
export function isThinAverage(count: number | null | undefined, mode: AveragingMode): boolean {
  if (mode === 'none' || typeof count !== 'number' || !Number.isFinite(count)) return false;
  return count < THIN_AVERAGE_MIN_DAYS[mode];
}
