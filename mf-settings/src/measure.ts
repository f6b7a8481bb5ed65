import {
  formatOneDecimal,
  fromDisplayHeight,
  fromDisplayWeight,
  parseWeightInput,
  toDisplayHeight,
  toDisplayWeight,
  type UnitSystem,
} from '@app/kit';

/**
 * A number the user sees in their unit: `text` is what the input shows, `value` the exact number behind it
 * (full precision, so metric → imperial → metric gives back exactly what was typed).
 */
export interface Measure {
  text: string;
  value: number | undefined;
}

export type MeasureKind = 'weight' | 'height';

export const EMPTY_MEASURE: Measure = { text: '', value: undefined };

/** What the user typed; a blank or unreadable text has no value. */
export function typedMeasure(text: string): Measure {
  const parsed = parseWeightInput(text);
  return { text, value: parsed !== undefined && Number.isFinite(parsed) ? parsed : undefined };
}

/** A stored metric value (kg or cm) shown in `unit` with 1 decimal; null or undefined gives an empty field. */
export function measureFromMetric(metric: number | null | undefined, kind: MeasureKind, unit: UnitSystem): Measure {
  if (metric === null || metric === undefined) return EMPTY_MEASURE;
  const value = kind === 'weight' ? toDisplayWeight(metric, unit) : toDisplayHeight(metric, unit);
  return { text: formatOneDecimal(value), value };
}

/** The exact metric value (kg or cm) behind a measure shown in `unit`. */
export function measureToMetric(measure: Measure, kind: MeasureKind, unit: UnitSystem): number | undefined {
  if (measure.value === undefined) return undefined;
  return kind === 'weight' ? fromDisplayWeight(measure.value, unit) : fromDisplayHeight(measure.value, unit);
}

/** Re-expresses a measure in another unit; text the user typed that is not a number is left as it is. */
export function convertMeasure(measure: Measure, kind: MeasureKind, from: UnitSystem, to: UnitSystem): Measure {
  if (from === to || measure.value === undefined) return measure;
  return measureFromMetric(measureToMetric(measure, kind, from), kind, to);
}
