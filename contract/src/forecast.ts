import { addCalendarDays as addDaysToDate, daysFromTo as calendarDaysBetween } from './calendar';
import { isCalendarDate as isValidDateString, type DateString } from './dates';
import { computeTrend, latestTrendKg, trendRate, type RateOptions, type RateResult, type TrendReading } from './trend';
import { roundTo1 } from './units';
import { shownWeight, type DisplayUnit } from './display';

/**
 * The goal forecast: when the trend reaches the target at its current rate, as a likely range,
 * and how that compares with the plan's target date.
 */

/** A rate slower than this (kg per day, either way) is "holding steady": 5 g a day, 35 g a week. */
export const MIN_FORECAST_RATE_KG_PER_DAY = 0.005;
/** Forecasts further out than this (calendar days after the last reading) are not shown. */
export const MAX_FORECAST_DAYS = 730;
/** Two-sided 95 % normal quantile used for the likely range. */
export const FORECAST_Z = 1.96;
/** A forecast within this many days of the target date is "on schedule". */
export const ON_SCHEDULE_DAYS = 3;

export const FORECAST_MESSAGES = Object.freeze({
  insufficient: 'Log at least 3 weights in 14 days to see a forecast.',
  reached: "You've reached your target.",
  steady: 'Your weight is holding steady, so there is no date to forecast yet.',
  away: 'Your trend is moving away from your target.',
  'too-slow': 'At this rate it would take more than two years.',
} as const);

export type NotOnTrackReason = keyof typeof FORECAST_MESSAGES;

export interface NotOnTrack {
  kind: 'not-on-track';
  reason: NotOnTrackReason;
  message: (typeof FORECAST_MESSAGES)[NotOnTrackReason];
}

export type ScheduleStatus = 'ahead' | 'behind' | 'on-schedule';

export interface Schedule {
  status: ScheduleStatus;
  /** Whole days between the forecast date and the target date (0 when on schedule). */
  days: number;
  /** True when the goal's target date lies before the last reading. */
  targetDatePassed: boolean;
}

export interface OnTrack {
  kind: 'on-track';
  /** Most likely date the trend reaches the target. */
  date: DateString;
  /** Earliest date of the likely range. */
  earliest: DateString;
  /** Latest date of the likely range; null when the slow end of the range is not within two years. */
  latest: DateString | null;
  /** Calendar days from the last reading to `date`. */
  days: number;
  trendKg: number;
  kgPerDay: number;
  /** Versus the goal's target date; null when the goal has none. */
  schedule: Schedule | null;
}

export type Forecast = OnTrack | NotOnTrack;

/** What the forecast needs of the goal: the target, and the target date when there is one. */
export interface ForecastGoal {
  targetWeightKg: number;
  startWeightKg?: number;
  targetDate?: DateString;
}

/**
 * The not-on-track words as the reader sees them: beside a rate shown as 0.0 in their unit (35–49 g a week reads
 * 0.0 kg but 0.1 lb), a trend drifting away is holding steady.
 */
export function notOnTrackWords(forecast: NotOnTrack, rateShownAsZero: boolean): string {
  return rateShownAsZero && forecast.reason === 'away' ? FORECAST_MESSAGES.steady : forecast.message;
}

function notOnTrack(reason: NotOnTrackReason): NotOnTrack {
  return { kind: 'not-on-track', reason, message: FORECAST_MESSAGES[reason] };
}

/**
 * Which way the trend must move: −1 to lose, +1 to gain, 0 when it already is at or beyond the target.
 * The goal's own direction (start → target) decides what "beyond" means; without a start weight, or for a
 * maintain goal, a trend shown as the target (at 0.1 in the reader's unit: 176.5 lb is not 176.4 lb) has reached
 * it and otherwise it must move toward it.
 */
export function requiredDirection(trendKg: number, goal: ForecastGoal, unit: DisplayUnit = 'METRIC'): -1 | 0 | 1 {
  const gap = goal.targetWeightKg - trendKg;
  if (shownWeight(trendKg, unit) === shownWeight(goal.targetWeightKg, unit)) return 0;
  const planned = goal.startWeightKg === undefined ? 0 : roundTo1(goal.targetWeightKg - goal.startWeightKg);
  if (planned < 0 && gap >= 0) return 0; // a loss goal with the trend at or below the target
  if (planned > 0 && gap <= 0) return 0; // a gain goal with the trend at or above the target
  return gap < 0 ? -1 : 1;
}

/** Ahead (forecast before the target date), behind, or on schedule within ±3 days. */
export function compareWithTargetDate(forecastDate: DateString, targetDate: DateString, lastReading: DateString): Schedule {
  const early = calendarDaysBetween(forecastDate, targetDate);
  const targetDatePassed = targetDate < lastReading;
  if (Math.abs(early) <= ON_SCHEDULE_DAYS) return { status: 'on-schedule', days: 0, targetDatePassed };
  return { status: early > 0 ? 'ahead' : 'behind', days: Math.abs(early), targetDatePassed };
}

/**
 * The forecast from a trend value on `lastDate` and the rate of the trend, tested in this order:
 * no trend → insufficient; trend at/beyond the target → reached; fewer than 3 readings in the window →
 * insufficient; |rate| < 5 g/day → steady; rate pointing away → away; more than 730 days → too slow.
 *
 * Likely range (documented method): the rate is uncertain by ±1.96·SE (its standard error) and the current
 * trend level by ±1.96·s (the residual spread of the trend around the fitted line). The earliest date takes
 * the nearest distance at the fastest rate, the latest the farthest distance at the slowest rate:
 *   most likely = ⌈D / r⌉, earliest = max(1, ⌈max(0, D − 1.96 s) / (r + 1.96 SE)⌉),
 *   latest = ⌈(D + 1.96 s) / (r − 1.96 SE)⌉, or null when r − 1.96 SE ≤ 0 or that is past 730 days,
 * with D = |target − trend| and r = |rate|, in days after the last reading. Every date is the first
 * whole day the trend is at the target (hence ⌈⌉).
 */
export function forecastFromRate(
  trendKg: number | undefined,
  lastDate: DateString | undefined,
  rate: RateResult,
  goal: ForecastGoal,
  unit: DisplayUnit = 'METRIC',
): Forecast {
  if (trendKg === undefined || lastDate === undefined || !Number.isFinite(trendKg)) return notOnTrack('insufficient');
  const direction = requiredDirection(trendKg, goal, unit);
  if (direction === 0) return notOnTrack('reached');
  if (rate.kind !== 'rate') return notOnTrack('insufficient');
  if (Math.abs(rate.kgPerDay) < MIN_FORECAST_RATE_KG_PER_DAY) return notOnTrack('steady');
  if (Math.sign(rate.kgPerDay) !== direction) return notOnTrack('away');

  const distance = Math.abs(goal.targetWeightKg - trendKg);
  const speed = Math.abs(rate.kgPerDay);
  const days = Math.ceil(distance / speed);
  if (days > MAX_FORECAST_DAYS) return notOnTrack('too-slow');

  const rateMargin = FORECAST_Z * rate.standardError;
  const levelMargin = FORECAST_Z * rate.residualSd;
  const earliestDays = Math.max(1, Math.ceil(Math.max(0, distance - levelMargin) / (speed + rateMargin)));
  const slowest = speed - rateMargin;
  const latestDays = slowest > 0 ? Math.ceil((distance + levelMargin) / slowest) : Number.POSITIVE_INFINITY;

  const date = addDaysToDate(lastDate, days);
  return {
    kind: 'on-track',
    date,
    earliest: addDaysToDate(lastDate, Math.min(earliestDays, days)),
    latest: latestDays <= MAX_FORECAST_DAYS ? addDaysToDate(lastDate, Math.max(latestDays, days)) : null,
    days,
    trendKg,
    kgPerDay: rate.kgPerDay,
    schedule: goal.targetDate && isValidDateString(goal.targetDate) ? compareWithTargetDate(date, goal.targetDate, lastDate) : null,
  };
}

/** The whole chain from entries: trend, rate over the last 14 days (or since the period start), forecast. */
export function forecastGoal(
  entries: readonly TrendReading[] | null | undefined,
  goal: ForecastGoal,
  options: RateOptions & { unit?: DisplayUnit } = {},
): Forecast {
  const points = computeTrend(entries);
  const last = points[points.length - 1];
  return forecastFromRate(latestTrendKg(points), last?.date, trendRate(points, options), goal, options.unit);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '24 Mar' in the year of `today`, '24 Mar 2027' otherwise (en-GB day-month order), from the date's digits. */
export function formatForecastDate(date: DateString, today: DateString): string {
  const dayMonth = `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
  return date.slice(0, 4) === today.slice(0, 4) ? dayMonth : `${dayMonth} ${date.slice(0, 4)}`;
}

/**
 * 'most likely 24 Mar, between 3 Mar and 20 Apr'; when the slow end is open: 'most likely 24 Mar, not before 3 Mar';
 * when the range is a single day: 'on 24 Mar'.
 */
export function formatForecastRange(forecast: Pick<OnTrack, 'date' | 'earliest' | 'latest'>, today: DateString): string {
  const likely = formatForecastDate(forecast.date, today);
  const earliest = formatForecastDate(forecast.earliest, today);
  if (forecast.latest === null) return `most likely ${likely}, not before ${earliest}`;
  if (forecast.earliest === forecast.latest) return `on ${likely}`;
  return `most likely ${likely}, between ${earliest} and ${formatForecastDate(forecast.latest, today)}`;
}

const dayCount = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;

/** 'on schedule', '5 days ahead of your target date', '1 day behind your target date'. */
export function formatSchedule(schedule: Schedule): string {
  if (schedule.status === 'on-schedule') return 'on schedule';
  return `${dayCount(schedule.days)} ${schedule.status === 'ahead' ? 'ahead of' : 'behind'} your target date`;
}
