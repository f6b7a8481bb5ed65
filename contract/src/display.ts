import { kgToLb, roundTo1 } from './units';

/** The units a person reads weights in (the users' unitPreference). */
export type DisplayUnit = 'METRIC' | 'IMPERIAL';

/**
 * A weight stored in kg in the reader's unit, unrounded: the one conversion every screen and e-mail shows. Pounds are
 * cut to 12 significant digits: a weight stored from pounds comes back with the float noise of its round trip (100.35
 * lb as 100.34999999999998, an average of 150.0 and 150.1 lb as 150.04999999999998), which would round the wrong way
 * at 1 decimal.
 */
export function weightInUnit(kg: number, unit: DisplayUnit): number {
  return unit === 'IMPERIAL' ? Number(kgToLb(kg).toPrecision(12)) : kg;
}

/** A weight in the reader's unit rounded to 0.1, as it is shown: 150.1 for an average of 150.0 and 150.1 lb. */
export function shownWeight(kg: number, unit: DisplayUnit): number {
  return roundTo1(weightInUnit(kg, unit));
}
