import { cmToIn, inToCm, kgToLb, lbToKg, roundTo1, weightInUnit } from '@app/contract';

export { cmToIn, inToCm, kgToLb, lbToKg };

export type UnitSystem = 'METRIC' | 'IMPERIAL';
export type WeightUnitLabel = 'kg' | 'lb';
export type HeightUnitLabel = 'cm' | 'in';

export const UNIT_SYSTEMS: readonly UnitSystem[] = ['METRIC', 'IMPERIAL'];

export function isUnitSystem(value: unknown): value is UnitSystem {
  return value === 'METRIC' || value === 'IMPERIAL';
}

/** Rounds to 1 decimal, half away from zero, on the decimal representation (1.15 → 1.2); never -0. */
export { roundTo1 };

/** Formats with exactly 1 decimal; non-finite values give '' so the UI never prints 'NaN'. */
export function formatOneDecimal(value: number): string {
  if (!Number.isFinite(value)) return '';
  return roundTo1(value).toFixed(1);
}

/**
 * A stored kg value in the user's unit, unrounded (kg or lb): the contract's `weightInUnit`, which the API's e-mails
 * use too, so both round alike (pounds are cut to 12 significant digits to drop the float noise of their round trip).
 */
export function toDisplayWeight(kg: number, unit: UnitSystem): number {
  return weightInUnit(kg, unit);
}

/** A value typed in the user's unit converted to kg, unrounded: weights are stored exactly. */
export function fromDisplayWeight(value: number, unit: UnitSystem): number {
  return unit === 'IMPERIAL' ? lbToKg(value) : value;
}

/** '72.5' for 72.46 kg in METRIC, '159.8' in IMPERIAL: 1 decimal in the user's unit, no unit label. */
export function formatWeight(kg: number, unit: UnitSystem): string {
  return formatOneDecimal(toDisplayWeight(kg, unit));
}

/** '72.5 kg' / '159.8 lb'. */
export function formatWeightWithUnit(kg: number, unit: UnitSystem): string {
  const text = formatWeight(kg, unit);
  return text === '' ? '' : `${text} ${weightUnitLabel(unit)}`;
}

export function weightUnitLabel(unit: UnitSystem): WeightUnitLabel {
  return unit === 'IMPERIAL' ? 'lb' : 'kg';
}

export function toDisplayHeight(cm: number, unit: UnitSystem): number {
  return unit === 'IMPERIAL' ? cmToIn(cm) : cm;
}

export function fromDisplayHeight(value: number, unit: UnitSystem): number {
  return unit === 'IMPERIAL' ? inToCm(value) : value;
}

/** Height with 1 decimal in cm or in, no unit label. */
export function formatHeight(cm: number, unit: UnitSystem): string {
  return formatOneDecimal(toDisplayHeight(cm, unit));
}

export function heightUnitLabel(unit: UnitSystem): HeightUnitLabel {
  return unit === 'IMPERIAL' ? 'in' : 'cm';
}

const RANGE_IN = /^(.+) must be greater than 0 and less than (\d+(?:\.\d+)?) (kg|cm)$/;

/** The largest value at 0.1 of a unit still under `limit` (values are typed at 0.1, and the limit itself is refused). */
const lastTenthBelow = (limit: number) => (Math.ceil(limit * 10 - 1e-9) - 1) / 10;

/**
 * The wire's range message for a weight or a height ('… less than 1000 kg') in the unit the person typed in: 2,205 lb
 * is refused as "at most 2204.6 lb", not in kilograms they never saw. Other messages, and metric ones, are as they are.
 */
export function rangeMessageInUnit(message: string | undefined, unit: UnitSystem): string | undefined {
  if (message === undefined || unit !== 'IMPERIAL') return message;
  const range = RANGE_IN.exec(message);
  if (!range) return message;
  const [, what, limit, metric] = range;
  const shown = metric === 'kg' ? toDisplayWeight(Number(limit), unit) : toDisplayHeight(Number(limit), unit);
  return `${what} must be greater than 0 and at most ${lastTenthBelow(shown).toFixed(1)} ${metric === 'kg' ? 'lb' : 'in'}`;
}
