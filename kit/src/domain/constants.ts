// Business and chart constants of product-spec §9, in one place so every app shows the same numbers.

/** Pounds in one kilogram (spec §9: "Kilograms to pounds: 2.20462"). */
export const LB_PER_KG = 2.20462;
/** Kilograms in one pound, the inverse factor. */
export const KG_PER_LB = 1 / LB_PER_KG;
/** Centimetres per inch (spec §9). */
export const CM_PER_INCH = 2.54;

export const NOTES_MAX = 255;
export const WEIGHT_STEP = 0.1;
export const WEIGHT_MIN = 0;

export const TOAST_MS = 2000;

export const ANIMATION_MS = 500;
export const POINT_RADIUS = 4;
export const FILL_OPACITY = 0.1;
export const MAX_Y_TICKS = 4;
/** A month-axis tick is labelled when it lies within this distance of one of the 4 label positions. */
export const MONTH_AXIS_TOLERANCE_MS = 12 * 60 * 60 * 1000;

export const NO_DATA_MESSAGE = 'No data available';
export const NO_GOAL_MESSAGE = 'No goal set';
