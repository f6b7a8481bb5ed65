/** Pounds in one kilogram: the product's one pound factor, for typed, imported and displayed weights alike. */
export const LB_PER_KG = 2.20462;
/** Centimetres in one inch. */
export const CM_PER_INCH = 2.54;

export const kgToLb = (kg: number): number => kg * LB_PER_KG;
export const lbToKg = (lb: number): number => lb / LB_PER_KG;
export const cmToIn = (cm: number): number => cm / CM_PER_INCH;
export const inToCm = (inches: number): number => inches * CM_PER_INCH;

/**
 * Rounds to 1 decimal, half away from zero, by shifting the decimal point in the number's text so that 0.05 and
 * 80.25 round as written (multiplying by 10 would make 80.25 into 802.4999…). −0 becomes 0.
 */
export function roundTo1(value: number): number {
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  const text = String(abs);
  // Exponent notation (1e-7, 1e+21) cannot take the 'e1' shift; those magnitudes need no decimal care.
  const rounded = text.includes('e') ? Math.round(abs * 10) / 10 : Number(`${Math.round(Number(`${text}e1`))}e-1`);
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}
