import { addCalendarDays as addDaysToDate, daysFromTo as calendarDaysBetween } from './calendar';
import { isCalendarDate, type DateString } from './dates';

/** What the trend needs of an entry: its calendar date and weight (kg). */
export interface TrendReading {
  date: DateString;
  weightKg: number;
}

const maxDate = (a: DateString, b: DateString): DateString => (a >= b ? a : b);

/** Readings with a real date and a finite weight, ascending by date. */
function sortReadings(entries: readonly TrendReading[] | null | undefined): TrendReading[] {
  return (entries ?? [])
    .filter((entry) => isCalendarDate(entry?.date) && Number.isFinite(entry.weightKg))
    .slice()
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The smoothed trend of the weight, after The Hacker's Diet: an exponentially smoothed
 * moving average that moves 10 % of the way toward each day's weight.
 */

/** Share of the distance to a new reading the trend moves after one day (The Hacker's Diet constant). */
export const TREND_SMOOTHING = 0.1;
/** Readings whose median seeds the trend, so one outlier at the start does not bias weeks of trend. */
export const TREND_SEED_READINGS = 3;
/** Calendar days (the last reading's day included) the rate is fitted over. */
export const RATE_WINDOW_DAYS = 14;
/** Readings the rate needs inside its window. */
export const RATE_MIN_READINGS = 3;

/** One reading and the trend on its day; kg. */
export interface TrendPoint {
  date: DateString;
  weightKg: number;
  trendKg: number;
}

/** Median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Share of the distance the trend moves after a gap of `days` calendar days: 1 − 0.9^days.
 * One day → 0.1, two → 0.19, seven → 0.5217031; zero or less → 0 (no time passed, no move).
 */
export function trendStep(days: number): number {
  return days <= 0 ? 0 : 1 - (1 - TREND_SMOOTHING) ** days;
}

/**
 * Readings ascending by date with one reading per date. Entries with an invalid date or weight are dropped.
 * Two entries on one date should not happen (the API keeps one per day); if they do, they count as one
 * reading with their mean weight, so neither is lost and neither counts twice.
 */
export function dailyReadings(entries: readonly TrendReading[] | null | undefined): Array<{ date: DateString; weightKg: number }> {
  const readings: Array<{ date: DateString; weightKg: number; count: number }> = [];
  for (const entry of sortReadings(entries)) {
    const last = readings[readings.length - 1];
    if (last && last.date === entry.date) {
      last.weightKg = (last.weightKg * last.count + entry.weightKg) / (last.count + 1);
      last.count += 1;
    } else {
      readings.push({ date: entry.date, weightKg: entry.weightKg, count: 1 });
    }
  }
  return readings.map(({ date, weightKg }) => ({ date, weightKg }));
}

/**
 * The trend on each reading's day, ascending by date (unsorted input is sorted, see `dailyReadings` for
 * duplicates). The trend starts at the median of the first three readings (of all of them when fewer) and
 * then, for a reading Δ calendar days after the previous one, moves by (1 − 0.9^Δ) of the distance to it:
 * trend_i = trend_{i−1} + (1 − 0.9^Δ)(w_i − trend_{i−1}). Gaps are never filled with invented readings;
 * Δ is counted on the calendar ('yyyy-MM-dd'), so time zones and DST never change it.
 */
export function computeTrend(entries: readonly TrendReading[] | null | undefined): TrendPoint[] {
  const readings = dailyReadings(entries);
  if (readings.length === 0) return [];
  let trend = median(readings.slice(0, TREND_SEED_READINGS).map((r) => r.weightKg));
  return readings.map((reading, i) => {
    if (i > 0) trend += trendStep(calendarDaysBetween(readings[i - 1].date, reading.date)) * (reading.weightKg - trend);
    return { date: reading.date, weightKg: reading.weightKg, trendKg: trend };
  });
}

/** The trend on the last reading's day, or undefined without readings. */
export function latestTrendKg(points: readonly TrendPoint[]): number | undefined {
  return points.length === 0 ? undefined : points[points.length - 1].trendKg;
}

/**
 * Root-mean-square of the residuals weight − trend: the typical daily distance of a reading from its trend
 * (the trend is the model, so the residuals are measured from it, not from their own mean). 0 without points.
 */
export function residualSd(points: readonly TrendPoint[]): number {
  if (points.length === 0) return 0;
  const sum = points.reduce((total, p) => total + (p.weightKg - p.trendKg) ** 2, 0);
  return Math.sqrt(sum / points.length);
}

export interface RateOptions {
  /** First day of the selected period: the window starts there when that is later than 14 days back. */
  since?: DateString | null;
  /** Window length in calendar days, the last reading's day included; 14 by default. */
  windowDays?: number;
  /**
   * The reader's today: the window then ends today rather than at the last reading, so a rate (and a forecast) rests
   * on readings of the last 14 days, never on a stretch that ended months ago.
   */
  today?: DateString | null;
}

export interface TrendRate {
  kind: 'rate';
  /** Least-squares slope of the trend against the day number, kg per day (negative = losing). */
  kgPerDay: number;
  /** Standard error of that slope, kg per day. */
  standardError: number;
  /** Residual standard deviation of the trend around the fitted line, kg (n − 2 degrees of freedom). */
  residualSd: number;
  /** Trend points in the window. */
  count: number;
  windowStart: DateString;
  windowEnd: DateString;
}

export interface InsufficientRate {
  kind: 'insufficient';
  /** Trend points in the window (fewer than 3). */
  count: number;
}

export type RateResult = TrendRate | InsufficientRate;

/**
 * Rate of the trend: ordinary least squares of trendKg against the calendar day number over the window
 * that ends at the last reading (or `today`, when given) — its last 14 calendar days (the last day included), or
 * from `since` when the selected period is shorter. Needs at least 3 readings in the window, else 'insufficient'.
 * With x̄, ȳ the means, Sxx = Σ(x − x̄)², Sxy = Σ(x − x̄)(y − ȳ):
 * slope b = Sxy / Sxx; residual SD s = √(Σ(y − a − bx)² / (n − 2)); standard error SE(b) = s / √Sxx.
 * The trend is smooth by construction, so its residuals understate the daily noise: s and SE describe how
 * straight the trend has run, which is what a forecast at the current rate depends on.
 */
export function trendRate(points: readonly TrendPoint[], options: RateOptions = {}): RateResult {
  if (points.length === 0) return { kind: 'insufficient', count: 0 };
  const windowDays = Math.max(1, Math.floor(options.windowDays ?? RATE_WINDOW_DAYS));
  const lastReading = points[points.length - 1].date;
  const windowEnd = options.today && options.today > lastReading ? options.today : lastReading;
  let windowStart = addDaysToDate(windowEnd, -(windowDays - 1));
  if (options.since) windowStart = maxDate(windowStart, options.since);
  const inWindow = points.filter((p) => p.date >= windowStart && p.date <= windowEnd);
  const n = inWindow.length;
  if (n < RATE_MIN_READINGS) return { kind: 'insufficient', count: n };

  const xs = inWindow.map((p) => calendarDaysBetween(windowStart, p.date));
  const ys = inWindow.map((p) => p.trendKg);
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - meanX) ** 2;
    sxy += (xs[i] - meanX) * (ys[i] - meanY);
  }
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const sse = xs.reduce((total, x, i) => total + (ys[i] - intercept - slope * x) ** 2, 0);
  const residual = Math.sqrt(sse / (n - 2));
  return {
    kind: 'rate',
    kgPerDay: slope,
    standardError: residual / Math.sqrt(sxx),
    residualSd: residual,
    count: n,
    windowStart,
    windowEnd,
  };
}

/** The spans, in days, over which the overview reports how the trend has moved. */
export const TREND_CHANGE_DAYS = [7, 30, 90] as const;

/**
 * The trend as it stood on `date`: the trend of the last reading on or before it (the trend only moves when a
 * reading arrives), or undefined when no reading is that old. `points` ascending, as computeTrend gives them.
 */
export function trendOn(points: readonly TrendPoint[], date: DateString): number | undefined {
  let found: number | undefined;
  for (const p of points) {
    if (p.date > date) break;
    found = p.trendKg;
  }
  return found;
}

/**
 * How far the trend moved over the last `days` days up to `today`, kg (negative = lost): the latest trend minus
 * the trend as it stood `days` days ago. Null when the readings do not reach that far back, or when nothing was
 * logged within the span (a stale trend has not moved, but saying "0.0" would claim it had been measured).
 */
export function trendChange(points: readonly TrendPoint[], today: DateString, days: number): number | null {
  const latest = points[points.length - 1];
  if (!latest) return null;
  const from = addDaysToDate(today, -days);
  if (latest.date <= from) return null;
  const then = trendOn(points, from);
  return then === undefined ? null : latest.trendKg - then;
}
