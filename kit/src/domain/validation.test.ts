import { describe, expect, it } from 'vitest';
import {
  avatarFileError,
  buildWeightEntryPayload,
  clearFieldError,
  fieldErrorsFromBody,
  hasFieldErrors,
  notesLength,
  parseWeightInput,
  toFieldErrorMap,
  validateWeight,
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

  it('is required, a number, in steps of 0.1 (as typed, in the user unit)', () => {
    expect(validateWeight('')).toBe(VALIDATION_MESSAGES.weightRequired);
    expect(validateWeight(undefined)).toBe('Weight is required');
    expect(validateWeight('abc')).toBe('Weight must be a number');
    expect(validateWeight(Number.NaN)).toBe(VALIDATION_MESSAGES.weightNumber);
    expect(validateWeight(Number.POSITIVE_INFINITY)).toBe(VALIDATION_MESSAGES.weightNumber);
    expect(validateWeight('72.35')).toBe('Weight must be in steps of 0.1');
    expect(validateWeight('72.3')).toBeUndefined();
    expect(validateWeight(72.3)).toBeUndefined();
    expect(validateWeight(0.3)).toBeUndefined();
    expect(validateWeight('0')).toBeUndefined();
    expect(validateWeight('176.4')).toBeUndefined();
  });
});

describe('notes length', () => {
  it('counts code points, so an emoji counts once', () => {
    expect(notesLength('😀')).toBe(1);
    expect(notesLength(null)).toBe(0);
  });
});

describe('weight entry form', () => {
  const now = new Date('2025-03-12T12:00:00Z');
  const build = (form: Parameters<typeof buildWeightEntryPayload>[0], unit: 'METRIC' | 'IMPERIAL' = 'METRIC') =>
    buildWeightEntryPayload(form, unit, now);

  it('keys errors by API field names: the form rules first', () => {
    expect(build({ weight: '', date: '', notes: 'x'.repeat(256) })).toEqual({
      ok: false,
      errors: { weightKg: 'Weight is required', date: 'Date is required', notes: 'Notes must be at most 255 characters' },
    });
    expect(build({ weight: 'x', date: '2025-03-12' })).toEqual({ ok: false, errors: { weightKg: 'Weight must be a number' } });
    expect(build({ weight: '72.35', date: '2025-03-12' })).toEqual({ ok: false, errors: { weightKg: 'Weight must be in steps of 0.1' } });
  });

  it('then the API rules, in the words the API would use: weight range in kg, real dates, no future, notes', () => {
    const range = 'Weight must be greater than 0 and less than 1000 kg';
    expect(build({ weight: '0', date: '2025-03-12' })).toEqual({ ok: false, errors: { weightKg: range } });
    expect(build({ weight: '1000', date: '2025-03-12' })).toEqual({ ok: false, errors: { weightKg: range } });
    // 2205 lb is 1000.2 kg: refused in pounds too
    expect(build({ weight: '2205', date: '2025-03-12' }, 'IMPERIAL')).toEqual({ ok: false, errors: { weightKg: range } });
    expect(build({ weight: '2204.6', date: '2025-03-12' }, 'IMPERIAL').ok).toBe(true);
    expect(build({ weight: '80', date: '2025-02-30' })).toEqual({
      ok: false,
      errors: { date: 'Date must be a real calendar date (yyyy-MM-dd)' },
    });
    expect(build({ weight: '80', date: '1899-12-31' })).toEqual({ ok: false, errors: { date: 'Date must not be before 1900-01-01' } });
    expect(build({ weight: '80', date: '2025-03-13' }).ok).toBe(true);
    expect(build({ weight: '80', date: '2025-03-14' })).toEqual({ ok: false, errors: { date: 'Date cannot be in the future' } });
    expect(build({ weight: '80', date: '2025-03-12', notes: '😀'.repeat(255) }).ok).toBe(true);
    expect(build({ weight: '80', date: '2025-03-12', notes: 'a\u0000b' })).toEqual({
      ok: false,
      errors: { notes: 'Notes must not contain NUL characters' },
    });
  });

  it('builds the payload in unrounded kg, omitting blank notes', () => {
    expect(build({ weight: '72.3', date: '2025-03-12', notes: '' })).toEqual({ ok: true, payload: { weightKg: 72.3, date: '2025-03-12' } });
    const imperial = build({ weight: '176.4', date: '2025-03-12', notes: ' after run ' }, 'IMPERIAL');
    expect(imperial.ok).toBe(true);
    if (imperial.ok) {
      expect(imperial.payload.weightKg).toBe(176.4 / 2.20462);
      expect(imperial.payload.notes).toBe(' after run ');
    }
    expect(build({ weight: '80', date: '2025-03-12', notes: '   ' })).toEqual({ ok: true, payload: { weightKg: 80, date: '2025-03-12' } });
  });
});

describe('avatarFileError', () => {
  it('accepts every type the server decodes, up to 2 MiB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff'])
      expect(avatarFileError({ type, size: 2 * 1024 * 1024 })).toBeNull();
    expect(avatarFileError({ type: '', size: 10 })).toBeNull();
  });
  it('names what is refused', () => {
    expect(avatarFileError({ type: 'image/svg+xml', size: 10 })).toBe('Use a JPEG, PNG, WebP, GIF, AVIF or TIFF image');
    expect(avatarFileError({ type: 'image/heic', size: 10 })).toBe(
      'HEIC photos cannot be read here. Use a JPEG, PNG, WebP, GIF, AVIF or TIFF image',
    );
    expect(avatarFileError({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('The image must be at most 2 MiB');
  });
});
