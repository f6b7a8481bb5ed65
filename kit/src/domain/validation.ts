import { codePoints, type FieldError } from '@app/contract';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, AVATAR_TYPES_TEXT, WEIGHT_STEP } from './constants';
import type { DateString } from './dates';

/** One item of the API's error.details. */
export type { FieldError } from '@app/contract';

/** Messages by field name; 'general' is shown above the form. */
export type FieldErrorMap = Partial<Record<string, string>>;

export type WeightEntryField = 'weightKg' | 'date' | 'notes';

/** The form's own rules, checked before the wire's (required fields, the 0.1 step in the user's unit). */
export const VALIDATION_MESSAGES = {
  weightRequired: 'Weight is required',
  weightNumber: 'Weight must be a number',
  weightStep: `Weight must be in steps of ${WEIGHT_STEP}`,
  dateRequired: 'Date is required',
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

/** Editing a field clears its error. Returns the same map when there was nothing to clear. */
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
export const notesLength = (notes: string | null | undefined): number => (notes ? codePoints(notes) : 0);

/** Characters left from which the notes field says, as they are typed, how many remain. */
export const NOTES_ANNOUNCE_FROM = 20;

/**
 * What the notes field announces as it is typed in: nothing while there is room (the count is read with the field),
 * then the characters left, then how many are too many.
 */
export function notesCountAnnouncement(used: number, max: number): string {
  const left = max - used;
  if (left > NOTES_ANNOUNCE_FROM) return '';
  if (left < 0) return `${-left} ${-left === 1 ? 'character' : 'characters'} too many`;
  return `${left} ${left === 1 ? 'character' : 'characters'} left`;
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

/** The typed weight: required, a number, in steps of 0.1 of the user's unit. Its range is the wire's rule, below. */
export function validateWeight(value: string | number | null | undefined): string | undefined {
  const weight = parseWeightInput(value);
  if (weight === undefined) return VALIDATION_MESSAGES.weightRequired;
  if (!Number.isFinite(weight)) return VALIDATION_MESSAGES.weightNumber;
  // Tolerance for binary fractions: 72.3 * 10 is 722.9999999999999.
  const steps = weight / WEIGHT_STEP;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return VALIDATION_MESSAGES.weightStep;
  return undefined;
}

export interface WeightEntryForm {
  /** In the user's unit, as typed. */
  weight: string | number | null | undefined;
  date: string | null | undefined;
  notes?: string | null;
}

export interface WeightEntryPayload {
  weightKg: number;
  date: DateString;
  notes?: string;
}

export type WeightEntryPayloadResult =
  { ok: true; payload: WeightEntryPayload } | { ok: false; errors: Partial<Record<WeightEntryField, string>> };

/**
 * The avatar picker's check, the same the server makes, so a refused file is named before Save. A file whose type
 * the browser does not know is left to the server, which reads its bytes.
 */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.type === 'image/heic' || file.type === 'image/heif') return `HEIC photos cannot be read here. ${AVATAR_TYPES_TEXT}`;
  if (file.type !== '' && !(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_TYPES_TEXT;
  if (file.size > AVATAR_MAX_BYTES) return 'The image must be at most 2 MiB';
  return null;
}
