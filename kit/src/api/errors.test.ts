import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE, parseApiError, UNKNOWN_ERROR_MESSAGE } from './errors';

const body = (message: string, details: unknown[] = []) => ({ error: { message, details } });

describe('parseApiError', () => {
  it('maps details to field errors and keeps the message and status', () => {
    const parsed = parseApiError({
      status: 422,
      data: body('Validation failed', [
        { field: 'weightKg', issue: 'Must be greater than 0' },
        { field: 'date', issue: 'Must not be in the future' },
      ]),
    });
    expect(parsed).toEqual({
      message: 'Validation failed',
      status: 422,
      fieldErrors: { weightKg: 'Must be greater than 0', date: 'Must not be in the future' },
    });
  });

  it("puts the 'general' detail in general, not in fieldErrors", () => {
    const parsed = parseApiError({
      status: 401,
      data: body('Unauthorized', [{ field: 'general', issue: 'Email or password is incorrect' }]),
    });
    expect(parsed).toEqual({ message: 'Unauthorized', status: 401, fieldErrors: {}, general: 'Email or password is incorrect' });
  });

  it('keeps the first issue of a field', () => {
    const parsed = parseApiError({
      status: 422,
      data: body('Invalid', [
        { field: 'email', issue: 'Email has already been taken' },
        { field: 'email', issue: 'Second' },
        { field: 'general', issue: 'A' },
        { field: 'general', issue: 'B' },
      ]),
    });
    expect(parsed.fieldErrors).toEqual({ email: 'Email has already been taken' });
    expect(parsed.general).toBe('A');
  });

  it('a body without details shows its message as general (e.g. 429, 413)', () => {
    expect(parseApiError({ status: 429, data: body('Too many attempts. Try again later.') })).toEqual({
      message: 'Too many attempts. Try again later.',
      status: 429,
      fieldErrors: {},
      general: 'Too many attempts. Try again later.',
    });
    expect(parseApiError({ status: 413, data: { error: { message: 'Avatar too large' } } }).general).toBe('Avatar too large');
  });

  it('ignores malformed detail items', () => {
    const parsed = parseApiError({
      status: 422,
      data: body('Invalid', [null, 'x', { field: 1, issue: 'y' }, { field: 'notes', issue: 'Too long' }]),
    });
    expect(parsed.fieldErrors).toEqual({ notes: 'Too long' });
    expect(parsed.general).toBeUndefined();
  });

  it.each(['FETCH_ERROR', 'TIMEOUT_ERROR'])('%s → the network message in general', (status) => {
    expect(parseApiError({ status, error: 'TypeError: Failed to fetch' })).toEqual({
      message: NETWORK_ERROR_MESSAGE,
      fieldErrors: {},
      general: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('a non-JSON answer (PARSING_ERROR) keeps the original status', () => {
    expect(parseApiError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' })).toEqual({
      message: UNKNOWN_ERROR_MESSAGE,
      fieldErrors: {},
      general: UNKNOWN_ERROR_MESSAGE,
      status: 502,
    });
  });

  it('a status with a body of another shape', () => {
    expect(parseApiError({ status: 404, data: 'Not Found' })).toEqual({
      message: UNKNOWN_ERROR_MESSAGE,
      fieldErrors: {},
      general: UNKNOWN_ERROR_MESSAGE,
      status: 404,
    });
  });

  it('a SerializedError or Error uses its message', () => {
    expect(parseApiError({ name: 'Error', message: 'Boom' })).toEqual({ message: 'Boom', fieldErrors: {}, general: 'Boom' });
    expect(parseApiError(new Error('Broken'))).toMatchObject({ message: 'Broken', general: 'Broken' });
  });

  it.each([undefined, null, 'text', 42])('%j → the generic message', (value) => {
    expect(parseApiError(value)).toEqual({ message: UNKNOWN_ERROR_MESSAGE, fieldErrors: {}, general: UNKNOWN_ERROR_MESSAGE });
  });
});
