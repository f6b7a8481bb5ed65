import { describe, expect, it } from 'vitest';
import {
  avatarFileError,
  clearFieldError,
  fieldErrorsFromBody,
  hasFieldErrors,
  notesCountAnnouncement,
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

describe('notesCountAnnouncement', () => {
  it('says nothing while more than 20 characters are left', () => {
    expect(notesCountAnnouncement(0, 255)).toBe('');
    expect(notesCountAnnouncement(234, 255)).toBe('');
  });
  it('counts down the last 20', () => {
    expect(notesCountAnnouncement(235, 255)).toBe('20 characters left');
    expect(notesCountAnnouncement(254, 255)).toBe('1 character left');
    expect(notesCountAnnouncement(255, 255)).toBe('0 characters left');
  });
  it('says how many are too many', () => {
    expect(notesCountAnnouncement(256, 255)).toBe('1 character too many');
    expect(notesCountAnnouncement(300, 255)).toBe('45 characters too many');
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
