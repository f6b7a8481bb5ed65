import {
  changeTone,
  computeTrend,
  forecastGoal,
  formatForecastDate,
  formatForecastRange,
  formatOneDecimal,
  formatSchedule,
  latestTrendKg,
  notOnTrackWords,
  MIN_FORECAST_RATE_KG_PER_DAY,
  ratePerWeek,
  rateShownAsZero,
  requiredDirection,
  trendChange,
  trendRate,
  TREND_CHANGE_DAYS,
  TREND_LOW_DATA_MESSAGE,
  TREND_SEED_READINGS,
  weightUnitLabel,
  formatDateEnGb,
  type DateString,
  type Goal,
  type Tone,
  type UnitSystem,
  type WeightEntry,
} from '@app/kit';

/**
 * The trend card reads this many days back from today, whatever period is selected: three months of trend, and
 * readings from before the 90-day mark so the change over 90 days has a starting point.
 */
export const TREND_LOOKBACK_DAYS = 120;
/** Readings the trend needs before it says anything (its seed is the median of three). */
export const TREND_MIN_READINGS = TREND_SEED_READINGS;
export { TREND_LOW_DATA_MESSAGE };

export type TrendCardModel =
  | { state: 'low-data'; message: string }
  | {
      state: 'data';
      trendKg: number;
      /** '−0.7 kg/week', or null while the last 14 days hold fewer than 3 readings. */
      rateText: string | null;
      /** Towards the goal good, away bad; neutral without a goal, at the target or holding steady. */
      tone: Tone;
      /** Null without a goal. */
      forecast: { onTrack: true; range: string; schedule: string | null } | { onTrack: false; message: string } | null;
      /** How the trend moved over 7, 30 and 90 days and since the first weigh-in; kg null where unknown. */
      changes: TrendChangeItem[];
    };

export interface TrendChangeItem {
  label: string;
  kg: number | null;
  tone: Tone;
}

/** The first weigh-in ever, for the change since the start. */
export interface FirstReading {
  date: DateString;
  weightKg: number;
}

/** '−0.7 kg/week', '+0.3 lb/week', '0.0 kg/week' (a true minus sign; no sign on a rate that rounds to zero). */
export function formatRatePerWeek(kgPerDay: number, unit: UnitSystem): string {
  const perWeek = ratePerWeek(kgPerDay, unit);
  const shown = formatOneDecimal(Math.abs(perWeek));
  const sign = rateShownAsZero(kgPerDay, unit) ? '' : perWeek < 0 ? '−' : '+';
  return `${sign}${shown} ${weightUnitLabel(unit)}/week`;
}

/** Good when the rate points where the goal needs the trend to go, bad when it points away. */
export function rateTone(kgPerDay: number, trendKg: number, goal: Goal | null, unit: UnitSystem = 'METRIC'): Tone {
  if (!goal || Math.abs(kgPerDay) < MIN_FORECAST_RATE_KG_PER_DAY) return 'neutral';
  const direction = requiredDirection(trendKg, goal, unit);
  if (direction === 0) return 'neutral';
  return Math.sign(kgPerDay) === direction ? 'good' : 'bad';
}

/** What the trend card shows: kit's trend, rate and forecast put into words for one screen. */
/** Changes of the trend over the usual spans and since the first weigh-in, toned against the goal. */
export function trendChanges(
  points: ReturnType<typeof computeTrend>,
  trendKg: number,
  goal: Goal | null,
  today: DateString,
  first: FirstReading | null,
  unit: UnitSystem = 'METRIC',
): TrendChangeItem[] {
  const tone = (kg: number | null): Tone => (kg === null || !goal ? 'neutral' : changeTone(goal, trendKg - kg, trendKg, unit));
  const items: TrendChangeItem[] = TREND_CHANGE_DAYS.map((days) => {
    const kg = trendChange(points, today, days);
    return { label: `${days} days`, kg, tone: tone(kg) };
  });
  if (first) {
    const kg = trendKg - first.weightKg;
    items.push({ label: `Since ${formatDateEnGb(first.date)}`, kg, tone: tone(kg) });
  }
  return items;
}

export function trendCardModel(
  entries: readonly WeightEntry[],
  goal: Goal | null,
  unit: UnitSystem,
  today: DateString,
  first: FirstReading | null = null,
): TrendCardModel {
  const points = computeTrend(entries);
  const trendKg = latestTrendKg(points);
  if (points.length < TREND_MIN_READINGS || trendKg === undefined) return { state: 'low-data', message: TREND_LOW_DATA_MESSAGE };

  // a rate and a forecast rest on the last 14 days' readings: logging that stopped long ago forecasts nothing
  const rate = trendRate(points, { today });
  const rateKnown = rate.kind === 'rate';
  // a rate shown as 0.0 is holding steady to the reader, whatever its third decimal: never coloured, never "away"
  const shownAsZero = rateKnown && rateShownAsZero(rate.kgPerDay, unit);
  let forecast: Extract<TrendCardModel, { state: 'data' }>['forecast'] = null;
  if (goal) {
    const result = forecastGoal(entries, goal, { today, unit });
    if (result.kind === 'on-track') {
      const schedule =
        result.schedule && goal.targetDate ? `${formatSchedule(result.schedule)} (${formatForecastDate(goal.targetDate, today)})` : null;
      forecast = { onTrack: true, range: formatForecastRange(result, today), schedule };
    } else {
      forecast = { onTrack: false, message: notOnTrackWords(result, shownAsZero) };
    }
  }
  return {
    state: 'data',
    trendKg,
    rateText: rateKnown ? formatRatePerWeek(rate.kgPerDay, unit) : null,
    tone: rateKnown && !shownAsZero ? rateTone(rate.kgPerDay, trendKg, goal, unit) : 'neutral',
    forecast,
    changes: trendChanges(points, trendKg, goal, today, first, unit),
  };
}
