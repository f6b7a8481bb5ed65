import type { WeightEntry } from './averages';
import { LB_PER_KG } from './constants';
import type { DateString } from './dates';
import { computeTrend, latestTrendKg, residualSd } from './trend';
import { formatWeightWithUnit, type UnitSystem } from './units';

/**
 * The plausibility check of a weight about to be saved: a value far from the trend, a kg/lb
 * mix-up or a misplaced decimal point asks for confirmation and offers the likely intended value.
 */

/** Readings needed before the trend (and its residual spread) is trusted; fewer compare with the latest weight. */
export const PLAUSIBILITY_MIN_READINGS = 5;
/** A value further from the trend than this many residual standard deviations is an outlier… */
export const OUTLIER_SDS = 4;
/** …but never closer than 2.5 kg… */
export const OUTLIER_FLOOR_KG = 2.5;
/** …nor than 3 % of the trend (daily water swings grow with body weight). */
export const OUTLIER_FLOOR_SHARE = 0.03;
/** How close candidate ÷ (reference × factor) must be to 1 to look like a unit or decimal slip. */
export const MIXUP_TOLERANCE = 0.03;

export type PlausibilityKind = 'unit-mixup' | 'decimal' | 'outlier';

export type PlausibilityResult =
  | { kind: 'ok' }
  | {
      kind: PlausibilityKind;
      /** The likely intended value in kg (unit mix-up and decimal only). */
      suggestedKg?: number;
      /** What the candidate was compared with: the trend, or the latest weight with little history. */
      basis: 'trend' | 'latest';
      referenceKg: number;
      message: string;
    };

export interface PlausibilityOptions {
  /** The user's unit, for the message. */
  unit?: UnitSystem;
  /** The date being saved: entries on it are left out (the save replaces that day's entry). */
  date?: DateString | null;
}

/** max(4σ, 2.5 kg, 3 % of the trend): how far from the trend a value may be before it is questioned. */
export function outlierThresholdKg(sigmaKg: number, trendKg: number): number {
  return Math.max(OUTLIER_SDS * sigmaKg, OUTLIER_FLOOR_KG, OUTLIER_FLOOR_SHARE * trendKg);
}

/** True when `value` is within 3 % of `expected`. */
function near(value: number, expected: number): boolean {
  return expected > 0 && Math.abs(value / expected - 1) <= MIXUP_TOLERANCE;
}

/**
 * Checks `candidateKg` against the history, in this order:
 * 1. kg/lb mix-up: candidate ≈ reference × 2.20462 (pounds typed as kg; suggests candidate ÷ 2.20462) or
 *    ≈ reference ÷ 2.20462 (kilograms typed as lb; suggests candidate × 2.20462), within 3 %;
 * 2. misplaced decimal: candidate ≈ reference × 10 or ÷ 10 within 3 % (suggests candidate ÷ 10 or × 10);
 * 3. outlier: |candidate − trend| > max(4σ, 2.5 kg, 3 % of the trend), σ the RMS of weight − trend.
 * With 5 readings or more the reference is the trend on the last reading; with 1–4 it is the latest weight
 * and only checks 1 and 2 run; with none everything is 'ok'. A non-positive or non-finite candidate is
 * left to the form's validation ('ok').
 */
export function checkPlausibility(
  entries: readonly WeightEntry[] | null | undefined,
  candidateKg: number,
  options: PlausibilityOptions = {},
): PlausibilityResult {
  if (!Number.isFinite(candidateKg) || candidateKg <= 0) return { kind: 'ok' };
  const history = (entries ?? []).filter((entry) => !options.date || entry?.date !== options.date);
  const points = computeTrend(history);
  if (points.length === 0) return { kind: 'ok' };

  const useTrend = points.length >= PLAUSIBILITY_MIN_READINGS;
  const referenceKg = useTrend ? (latestTrendKg(points) as number) : points[points.length - 1].weightKg;
  const basis = useTrend ? ('trend' as const) : ('latest' as const);
  const unit = options.unit ?? 'METRIC';
  const show = (kg: number) => formatWeightWithUnit(kg, unit);
  const far = `${show(candidateKg)} is far from your ${useTrend ? 'recent trend' : 'latest weight'} of ${show(referenceKg)}.`;

  const slip = (kind: 'unit-mixup' | 'decimal', suggestedKg: number, why: string): PlausibilityResult => ({
    kind,
    suggestedKg,
    basis,
    referenceKg,
    message: `${far} Did you mean ${show(suggestedKg)} (${why})?`,
  });

  if (near(candidateKg, referenceKg * LB_PER_KG)) return slip('unit-mixup', candidateKg / LB_PER_KG, 'you may have entered pounds');
  if (near(candidateKg, referenceKg / LB_PER_KG)) return slip('unit-mixup', candidateKg * LB_PER_KG, 'you may have entered kilograms');
  if (near(candidateKg, referenceKg * 10)) return slip('decimal', candidateKg / 10, 'the decimal point may be misplaced');
  if (near(candidateKg, referenceKg / 10)) return slip('decimal', candidateKg * 10, 'the decimal point may be misplaced');

  if (useTrend && Math.abs(candidateKg - referenceKg) > outlierThresholdKg(residualSd(points), referenceKg)) {
    return { kind: 'outlier', basis, referenceKg, message: `${far} Please check it before saving.` };
  }
  return { kind: 'ok' };
}
