import { describe, expect, it } from 'vitest';
import {
  buildWeightEntryPayload,
  clearFieldError,
  fieldErrorsFromBody,
  hasFieldErrors,
  notesLength,
  parseWeightInput,
  toFieldErrorMap,
  validateDate,
  validateNotes,
  validateWeight,
  validateWeightEntryForm,
  VALIDATION_MESSAGES,
} from './validation';

describe('field error maps', () => {
  it('maps API details by field, first issue wins', () => {
    const details = [
      { field: 'weightKg', issue: 'Must be positive' },
      { field: 'weightKg', issue: 'second' },
      { field: 'general', issue: 'Something went wrong' },
      { field: 'date', issue: 42 },
      null,
      'x',
    ];
    expect(toFieldErrorMap(details)).toEqual({ weightKg: 'Must be positive', general: 'Something went wrong' });
    expect(toFieldErrorMap(undefined)).toEqual({});
    expect(toFieldErrorMap({ field: 'a', issue: 'b' })).toEqual({});
  });

  it('reads an API error body', () => {
    expect(fieldErrorsFromBody({ error: { message: 'x', details: [{ field: 'email', issue: 'Email has already been taken' }] } })).toEqual({
      email: 'Email has already been taken',
    });
    expect(fieldErrorsFromBody({ error: 'x' })).toEqual({});
    expect(fieldErrorsFromBody(null)).toEqual({});
    expect(fieldErrorsFromBody('oops')).toEqual({});
  });

  it('clears the edited field only', () => {
    const map = { weightKg: 'a', date: 'b' };
    expect(clearFieldError(map, 'weightKg')).toEqual({ date: 'b' });
    expect(map).toEqual({ weightKg: 'a', date: 'b' });
    expect(clearFieldError(map, 'notes')).toBe(map);
    expect(hasFieldErrors({})).toBe(false);
    expect(hasFieldErrors({ notes: undefined })).toBe(false);
    expect(hasFieldErrors({ notes: 'x' })).toBe(true);
  });
});

describe('weight', () => {
  it('parses typed values', () => {
    expect(parseWeightInput('72.3')).toBe(72.3);
    expect(parseWeightInput(' 72 ')).toBe(72);
    expect(parseWeightInput('.5')).toBe(0.5);
    expect(parseWeightInput('1e2')).toBe(100);
    expect(parseWeightInput('')).toBeUndefined();
    expect(parseWeightInput(null)).toBeUndefined();
    expect(parseWeightInput('0x10')).toBeNaN();
    expect(parseWeightInput('Infinity')).toBeNaN();
    expect(parseWeightInput('72,3')).toBeNaN();
  });

  it('is required, a number, at least 0, in steps of 0.1', () => {
    expect(validateWeight('')).toBe(VALIDATION_MESSAGES.weightRequired);
    expect(validateWeight(undefined)).toBe('Weight is required');
    expect(validateWeight('abc')).toBe('Weight must be a number');
    expect(validateWeight(Number.NaN)).toBe(VALIDATION_MESSAGES.weightNumber);
    expect(validateWeight(Number.POSITIVE_INFINITY)).toBe(VALIDATION_MESSAGES.weightNumber);
    expect(validateWeight('-0.1')).toBe('Weight must be at least 0');
    expect(validateWeight('72.35')).toBe('Weight must be in steps of 0.1');
    expect(validateWeight('72.3')).toBeUndefined();
    expect(validateWeight(72.3)).toBeUndefined();
    expect(validateWeight(0.3)).toBeUndefined();
    expect(validateWeight('0')).toBeUndefined();
    expect(validateWeight('176.4')).toBeUndefined();
  });
});

describe('date and notes', () => {
  it('requires a real date', () => {
    expect(validateDate('')).toBe('Date is required');
    expect(validateDate(null)).toBe(VALIDATION_MESSAGES.dateRequired);
    expect(validateDate('2025-02-30')).toBe('Date is invalid');
    expect(validateDate('2024-02-29')).toBeUndefined();
  });

  it('limits notes to 255 characters counted as code points', () => {
    expect(notesLength('😀')).toBe(1);
    expect(notesLength(null)).toBe(0);
    expect(validateNotes('a'.repeat(255))).toBeUndefined();
    expect(validateNotes('😀'.repeat(255))).toBeUndefined();
    expect(validateNotes('a'.repeat(256))).toBe('Notes must be at most 255 characters');
    expect(validateNotes(undefined)).toBeUndefined();
  });
});

describe('weight entry form', () => {
  it('keys errors by API field names', () => {
    expect(validateWeightEntryForm({ weight: '', date: '', notes: 'x'.repeat(256) })).toEqual({
      weightKg: 'Weight is required',
      date: 'Date is required',
      notes: 'Notes must be at most 255 characters',
    });
    expect(validateWeightEntryForm({ weight: '80', date: '2025-03-12' })).toEqual({});
  });

  it('builds the payload in unrounded kg, omitting blank notes', () => {
    expect(buildWeightEntryPayload({ weight: '72.3', date: '2025-03-12', notes: '' }, 'METRIC')).toEqual({
      ok: true,
      payload: { weightKg: 72.3, date: '2025-03-12' },
    });
    const imperial = buildWeightEntryPayload({ weight: '176.4', date: '2025-03-12', notes: ' after run ' }, 'IMPERIAL');
    expect(imperial.ok).toBe(true);
    if (imperial.ok) {
      expect(imperial.payload.weightKg).toBeCloseTo(80.0138, 4);
      expect(imperial.payload.notes).toBe(' after run ');
    }
    expect(buildWeightEntryPayload({ weight: '80', date: '2025-03-12', notes: '   ' }, 'METRIC')).toEqual({
      ok: true,
      payload: { weightKg: 80, date: '2025-03-12' },
    });
    expect(buildWeightEntryPayload({ weight: 'x', date: '2025-03-12' }, 'METRIC')).toEqual({
      ok: false,
      errors: { weightKg: 'Weight must be a number' },
    });
  });
});
