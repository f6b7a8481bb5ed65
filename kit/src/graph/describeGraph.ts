import {
  computeTrend,
  formatDateEnGb,
  formatForecastRange,
  formatOneDecimal,
  formatWeightWithUnit,
  ratePerWeek,
  rateShownAsZero,
  trendRate,
  type DateString,
  type UnitSystem,
  WAITING_TO_BE_SENT,
  weightUnitLabel,
  type WeightEntry,
} from '@app/kit';
import { trendSeries } from './buildGraphData';
import type { GraphModel, GraphPoint } from './types';

const AVERAGE_NAMES = { weekly: 'Weekly averages', monthly: 'Monthly averages', yearly: 'Yearly averages' } as const;

/** Below this change a week the trend reads as holding steady (35 g, as the forecast uses). */
const STEADY_KG_PER_WEEK = 0.035;

function extreme(points: readonly GraphPoint[], pick: (a: GraphPoint, b: GraphPoint) => boolean): GraphPoint {
  return points.reduce((best, p) => (pick(p, best) ? p : best));
}

/**
 * What the chart shows, in words, for people who cannot see it: the span and the number of readings, the first,
 * last, lowest and highest weight with their days, where the trend is heading over the last two weeks, and the weights
 * logged offline that are still waiting to be sent.
 */
export function describeGraph(
  model: GraphModel,
  unit: UnitSystem,
  mode: 'none' | 'weekly' | 'monthly' | 'yearly' = 'none',
  // the readings before the plotted ones, as the drawn trend is seeded: without them a week's rate could contradict
  // the trend line on screen and the overview's Trend card
  trendHistory: readonly WeightEntry[] = [],
  // "over the last two weeks" is the reader's last two weeks: readings that stopped long ago give no rate
  today?: DateString,
): string {
  if (model.status !== 'ok') return model.message ?? '';
  if (model.averageLine) return `${model.averageLine.label} over the whole period.`;
  const points = model.points;
  if (points.length === 0) return '';
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const low = extreme(points, (a, b) => a.valueKg < b.valueKg);
  const high = extreme(points, (a, b) => a.valueKg > b.valueKg);
  const at = (p: GraphPoint) => `${formatWeightWithUnit(p.valueKg, unit)} (${p.averaged ? p.label : formatDateEnGb(p.date)})`;
  const what = model.averaged && mode !== 'none' ? AVERAGE_NAMES[mode] : 'Weight';
  const count = model.averaged
    ? `${points.length} ${points.length === 1 ? 'average' : 'averages'}`
    : `${points.length} ${points.length === 1 ? 'entry' : 'entries'}`;
  // averages are named by their buckets ('2026', 'January 2025'), not the buckets' first days: a year's average that
  // runs to today is not "to 01/01/2026"
  const name = (p: GraphPoint) => (p.averaged ? p.label : formatDateEnGb(p.date));
  const span = name(first) === name(last) ? `${first.averaged ? 'for' : 'on'} ${name(first)}` : `from ${name(first)} to ${name(last)}`;
  const sentences = [
    `${what} ${span}: ${count}.`,
    points.length > 1 ? `First ${at(first)}, last ${at(last)}; lowest ${at(low)}, highest ${at(high)}.` : `${at(first)}.`,
  ];
  if (!model.averaged) {
    const rate = trendRate(computeTrend(trendSeries(points, trendHistory)), { today });
    if (rate.kind === 'rate') {
      const perWeek = ratePerWeek(rate.kgPerDay, unit);
      const shown = formatOneDecimal(Math.abs(perWeek));
      // a rate that rounds to 0.0 in the reader's unit holds steady too, never "down 0.0 kg"
      const steady = Math.abs(rate.kgPerDay * 7) < STEADY_KG_PER_WEEK || rateShownAsZero(rate.kgPerDay, unit);
      sentences.push(
        steady
          ? 'Trend: holding steady over the last two weeks.'
          : `Trend: ${perWeek < 0 ? 'down' : 'up'} ${shown} ${weightUnitLabel(unit)} a week over the last two weeks.`,
      );
    }
  }
  const waiting = points.filter((p) => p.pending);
  if (waiting.length)
    sentences.push(
      `${WAITING_TO_BE_SENT}, logged offline: ${waiting.map((p) => `${formatWeightWithUnit(p.valueKg, unit)} (${formatDateEnGb(p.date)})`).join(', ')}.`,
    );
  if (model.forecast) {
    // the Trend card's words, each date with its year (a description is read without the axis beside it)
    sentences.push(`At this rate the target is reached ${formatForecastRange(model.forecast.forecast, '')}.`);
  }
  return sentences.join(' ');
}
