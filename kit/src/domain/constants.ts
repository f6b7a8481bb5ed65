// The product's display and chart constants, in one place so every app shows the same numbers.

// The wire's limits and unit factors (one pound factor, the notes limit, avatar rules) come from the contract.
export { AVATAR_MAX_BYTES, AVATAR_TYPES, AVATAR_TYPES_TEXT, CM_PER_INCH, LB_PER_KG, NOTES_MAX } from '@app/contract';

/** The weight field steps in tenths of the user's unit. */
export const WEIGHT_STEP = 0.1;

export const TOAST_MS = 2000;

export const ANIMATION_MS = 500;
export const POINT_RADIUS = 4;
export const FILL_OPACITY = 0.1;
export const MAX_Y_TICKS = 4;
/** A month-axis tick is labelled when it lies within this distance of one of the 4 label positions. */
export const MONTH_AXIS_TOLERANCE_MS = 12 * 60 * 60 * 1000;

export const NO_DATA_MESSAGE = 'No data available';
export const NO_GOAL_MESSAGE = 'No goal set';
