import { z } from '@hono/zod-openapi';
import { isCalendarDate, MIN_DATE } from '../lib/dates.js';
import { codePoints, hasNul } from '../lib/text.js';

export const ErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      details: z.array(z.object({ field: z.string(), issue: z.string() })),
      requestId: z.string(),
    }),
  })
  .openapi('Error');

const errorResponse = (description: string) => ({
  content: { 'application/json': { schema: ErrorSchema } },
  description,
});

export const errors = {
  400: errorResponse('Malformed JSON or malformed path parameter'),
  401: errorResponse('No bearer token'),
  403: errorResponse('Invalid or expired bearer token'),
  404: errorResponse('Not found'),
  413: errorResponse('Body too large'),
  415: errorResponse('Unsupported content type'),
  422: errorResponse('Validation failed; details name each field'),
  429: errorResponse('Too many attempts; see Retry-After'),
  503: errorResponse('Database unavailable'),
} as const;

/** yyyy-MM-dd, a real calendar date, not before 1900-01-01 (the upper bound is checked per request). */
export const calendarDate = (what = 'Date') =>
  z
    .string({ error: `${what} must be a date string (yyyy-MM-dd)` })
    .refine((s) => isCalendarDate(s), { message: `${what} must be a real calendar date (yyyy-MM-dd)` })
    .refine((s) => !isCalendarDate(s) || s >= MIN_DATE, { message: `${what} must not be before ${MIN_DATE}` })
    .openapi({ type: 'string', format: 'date', example: '2025-01-31' });

export const weightKg = (what = 'Weight') =>
  z
    .number({ error: `${what} must be a number` })
    .refine((n) => Number.isFinite(n) && n > 0 && n < 1000, {
      message: `${what} must be greater than 0 and less than 1000 kg`,
    })
    .openapi({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1000, example: 80.5 });

/** A text field measured in code points, NUL refused. */
export const text = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} must be a string` })
    .refine((s) => !hasNul(s), { message: `${what} must not contain NUL characters` })
    .refine((s) => codePoints(s) >= min, {
      message: min === 1 ? `${what} is required` : `${what} must be at least ${min} characters`,
    })
    .refine((s) => codePoints(s) <= max, { message: `${what} must be at most ${max} characters` })
    .openapi({ type: 'string', minLength: min, maxLength: max });

export const name = (what: string) =>
  text(what, 1, 100).refine((s) => s.trim() !== '', { message: `${what} is required` });

export const email = z
  .string({ error: 'Email must be a string' })
  .max(254, { message: 'Email must be at most 254 characters' })
  .refine((s) => /^[^\s@\u0000]+@[^\s@\u0000]+\.[^\s@\u0000]+$/.test(s.trim()), { message: 'Email is not valid' })
  .openapi({ type: 'string', format: 'email', example: 'ada@example.com' });

export const password = text('Password', 8, 128).openapi({ type: 'string', minLength: 8, maxLength: 128, format: 'password' });

export const normalizeEmail = (s: string) => s.trim().toLowerCase();
