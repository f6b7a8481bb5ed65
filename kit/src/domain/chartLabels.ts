import type { AveragingMode } from './averages';
import type { PeriodKey } from './periods';
import { formatWeight, weightUnitLabel, type UnitSystem } from './units';

const MATCHING_MODE: Partial<Record<PeriodKey, AveragingMode>> = {
  week: 'weekly',
  month: 'monthly',
  year: 'yearly',
};

/**
 * Exactly one averaged item and a period matching the mode (week/weekly, month/monthly,
 * year/yearly) → no points, a horizontal average line instead.
 */
export function isSingleAverageLine(averagedItemCount: number, periodKey: PeriodKey, mode: AveragingMode): boolean {
  return mode !== 'none' && averagedItemCount === 1 && MATCHING_MODE[periodKey] === mode;
}

/** 'Weight: 72.5 kg', with ' (avg)' for averaged data. */
export function weightTooltipLabel(valueKg: number, unit: UnitSystem, averaged: boolean): string {
  return `Weight: ${formatWeight(valueKg, unit)} ${weightUnitLabel(unit)}${averaged ? ' (avg)' : ''}`;
}

/** Label of the single-average horizontal line: 'Weight: 72.5 kg (avg)'. */
export function averageLineLabel(valueKg: number, unit: UnitSystem): string {
  return weightTooltipLabel(valueKg, unit, true);
}
