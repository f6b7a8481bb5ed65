import { NOTES_MAX, WEIGHT_MIN, WEIGHT_STEP } from './constants';
import { isValidDateString, type DateString } from './dates';
import { fromDisplayWeight, type UnitSystem } from './units';

/** One item of the API's error.details. */
export interface FieldError {
  field: string;
  issue: string;
}

/** Messages by field name; 'general' is shown above the form. */
export type FieldErrorMap = Partial<Record<string, string>>;

export type WeightEntryField = 'weightKg' | 'date' | 'notes';

export const VALIDATION_MESSAGES = {
  weightRequired: 'Weight is required',
  weightNumber: 'Weight must be a number',
  weightMin: `Weight must be at least ${WEIGHT_MIN}`,
  weightStep: `Weight must be in steps of ${WEIGHT_STEP}`,
  dateRequired: 'Date is required',
  dateInvalid: 'Date is invalid',
  notesTooLong: `Notes must be at most ${NOTES_MAX} characters`,
} as const;

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.field === 'string' && typeof item.issue === 'string';
}

/** error.details → { field: issue }; the first issue of a field wins, malformed items are skipped. */
export function toFieldErrorMap(details: unknown): FieldErrorMap {
  const map: FieldErrorMap = {};
  if (!Array.isArray(details)) return map;
  for (const item of details) {
    if (isFieldError(item) && map[item.field] === undefined) map[item.field] = item.issue;
  }
  return map;
}

/** Field errors of an API error body `{ error: { details } }`; {} for any other shape. */
export function fieldErrorsFromBody(body: unknown): FieldErrorMap {
  if (typeof body !== 'object' || body === null) return {};
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return {};
  return toFieldErrorMap((error as { details?: unknown }).details);
}

/** Editing a field clears its error (spec §4). Returns the same map when there was nothing to clear. */
export function clearFieldError(map: FieldErrorMap, field: string): FieldErrorMap {
  if (map[field] === undefined) return map;
  const next = { ...map };
  delete next[field];
  return next;
}

export function hasFieldErrors(map: FieldErrorMap): boolean {
  return Object.values(map).some((issue) => issue !== undefined);
}

/** Notes length in characters as a person counts them: code points, so an emoji counts once. */
export function notesLength(notes: string | null | undefined): number {
  return notes ? Array.from(notes).length : 0;
}

/** Reads a weight as typed (text of a number input, or a number); undefined when blank. */
export function parseWeightInput(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return undefined;
  // Number() also accepts '0x10' and 'Infinity', which a number input never sends; require decimal notation.
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** Spec §5 weight rules on the value in the user's unit: required, a number, ≥ 0, in steps of 0.1. */
export function validateWeight(value: string | number | null | undefined): string | undefined {
  const weight = parseWeightInput(value);
  if (weight === undefined) return VALIDATION_MESSAGES.weightRequired;
  if (!Number.isFinite(weight)) return VALIDATION_MESSAGES.weightNumber;
  if (weight < WEIGHT_MIN) return VALIDATION_MESSAGES.weightMin;
  // Tolerance for binary fractions: 72.3 * 10 is 722.9999999999999.
  const steps = weight / WEIGHT_STEP;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return VALIDATION_MESSAGES.weightStep;
  return undefined;
}

export function validateDate(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined || value.trim() === '') return VALIDATION_MESSAGES.dateRequired;
  return isValidDateString(value) ? undefined : VALIDATION_MESSAGES.dateInvalid;
}

export function validateNotes(value: string | null | undefined): string | undefined {
  return notesLength(value) > NOTES_MAX ? VALIDATION_MESSAGES.notesTooLong : undefined;
}

export interface WeightEntryForm {
  /** In the user's unit, as typed. */
  weight: string | number | null | undefined;
  date: string | null | undefined;
  notes?: string | null;
}

/** Client-side errors of the weight entry form, keyed by the API's field names. */
export function validateWeightEntryForm(form: WeightEntryForm): Partial<Record<WeightEntryField, string>> {
  const errors: Partial<Record<WeightEntryField, string>> = {};
  const weight = validateWeight(form.weight);
  const date = validateDate(form.date);
  const notes = validateNotes(form.notes);
  if (weight) errors.weightKg = weight;
  if (date) errors.date = date;
  if (notes) errors.notes = notes;
  return errors;
}

export interface WeightEntryPayload {
  weightKg: number;
  date: DateString;
  notes?: string;
}

export type WeightEntryPayloadResult =
  | { ok: true; payload: WeightEntryPayload }
  | { ok: false; errors: Partial<Record<WeightEntryField, string>> };

/**
 * Validates the form and builds the POST /weights body: weight converted to kg unrounded,
 * blank notes omitted (spec §5: empty optional values are omitted).
 */
export function buildWeightEntryPayload(form: WeightEntryForm, unit: UnitSystem): WeightEntryPayloadResult {
  const errors = validateWeightEntryForm(form);
  if (hasFieldErrors(errors)) return { ok: false, errors };
  const payload: WeightEntryPayload = {
    weightKg: fromDisplayWeight(parseWeightInput(form.weight) as number, unit),
    date: form.date as DateString,
  };
  if (form.notes && form.notes.trim() !== '') payload.notes = form.notes;
  return { ok: true, payload };
}
