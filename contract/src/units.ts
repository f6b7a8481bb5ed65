/** Pounds in one kilogram: the product's one pound factor, for typed, imported and displayed weights alike. */
export const LB_PER_KG = 2.20462;
/** Centimetres in one inch. */
export const CM_PER_INCH = 2.54;

export const kgToLb = (kg: number): number => kg * LB_PER_KG;
export const lbToKg = (lb: number): number => lb / LB_PER_KG;
export const cmToIn = (cm: number): number => cm / CM_PER_INCH;
export const inToCm = (inches: number): number => inches * CM_PER_INCH;
