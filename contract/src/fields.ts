// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { isCalendarDate, isTimeZone, latestEntryDate, MIN_DATE, type DateString } from './dates';
import { EMAIL_MAX, HEIGHT_MAX_CM, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, WEIGHT_MAX_KG, WEIGHT_MIN_KG } from './limits';
import { codePoints, hasInvisible, hasLoneSurrogate, hasNul, isBlank, normalizeEmail } from './text';

// Field rules with the messages people read under a field, the same from the form and from the API.

/** yyyy-MM-dd, a real calendar date, not before 1900-01-01. */
export const calendarDate = (what = 'Date') =>
  z
    .string({ error: `${what} must be a date string (yyyy-MM-dd)` })
    .refine((s) => isCalendarDate(s), { message: `${what} must be a real calendar date (yyyy-MM-dd)` })
    .refine((s) => !isCalendarDate(s) || s >= MIN_DATE, { message: `${what} must not be before ${MIN_DATE}` })
    .meta({ format: 'date', example: '2025-01-31' });

/** An entry may not lie after tomorrow (UTC); null when the date is fine. Checked against the clock of the caller. */
export function futureDateProblem(date: DateString, now: Date): string | null {
  return date > latestEntryDate(now) ? 'Date cannot be in the future' : null;
}

/** A weight in kilograms: a finite number above 0 and below 1000. */
export const weightKg = (what = 'Weight') =>
  z
    .number({ error: `${what} must be a number` })
    .gt(WEIGHT_MIN_KG, { message: `${what} must be greater than ${WEIGHT_MIN_KG} and less than ${WEIGHT_MAX_KG} kg` })
    .lt(WEIGHT_MAX_KG, { message: `${what} must be greater than ${WEIGHT_MIN_KG} and less than ${WEIGHT_MAX_KG} kg` })
    .meta({ example: 80.5 });

/** Text measured in code points, NUL refused. */
export const text = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} must be a string` })
    .refine((s) => !hasNul(s), { message: `${what} must not contain NUL characters` })
    .refine((s) => !hasLoneSurrogate(s), { message: `${what} holds a broken character (half of a surrogate pair)` })
    .refine((s) => codePoints(s) >= min, { message: min === 1 ? `${what} is required` : `${what} must be at least ${min} characters` })
    .refine((s) => codePoints(s) <= max, { message: `${what} must be at most ${max} characters` })
    .meta({ minLength: min, maxLength: max });

export const personName = (what: string) => text(what, 1, NAME_MAX).refine((s) => !isBlank(s), { message: `${what} is required` });

/**
 * Something@domain.tld: a name, one @, and a domain of dot-separated labels; none of the characters that separate
 * addresses in a mail header (`,` `;` `<` `>` and the like), so one account's address is never read as two.
 */
const EMAIL_PATTERN = /^[^\s@,;:<>()[\]\\"]+@[^\s@.,;:<>()[\]\\"]+(?:\.[^\s@.,;:<>()[\]\\"]+)+$/;

export const email = z
  .string({ error: 'Email must be a string' })
  .max(EMAIL_MAX, { message: `Email must be at most ${EMAIL_MAX} characters` })
  // The address is judged as it will be stored (normalised: `ﬀ` is `ff`, a fullwidth `＠` an `@`), so what passes
  // here fits its column and is one address. Too long is already said above, and is not looked at again; the pattern
  // has no overlapping parts, so its time grows with the length and not with its square (a long run of dots must not
  // hold the server).
  .refine((s) => s.length > EMAIL_MAX || normalizeEmail(s).length <= EMAIL_MAX, {
    message: `Email must be at most ${EMAIL_MAX} characters`,
  })
  .refine(
    (s) => {
      if (s.length > EMAIL_MAX) return true;
      const stored = normalizeEmail(s);
      // half a surrogate pair is no character: stored it would become another address (U+FFFD)
      return stored.length > EMAIL_MAX || (!hasInvisible(stored) && !hasLoneSurrogate(stored) && EMAIL_PATTERN.test(stored));
    },
    { message: 'Email is not valid' },
  )
  .meta({ format: 'email', example: 'ada@example.com' });

export const password = text('Password', PASSWORD_MIN, PASSWORD_MAX)
  // counted as it is hashed (NFKC): an accent typed as its own character does not make a short password long
  .refine((s) => codePoints(s) < PASSWORD_MIN || codePoints(s.normalize('NFKC')) >= PASSWORD_MIN, {
    message: `Password must be at least ${PASSWORD_MIN} characters`,
  })
  .meta({
    format: 'password',
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_MAX,
  });

export const heightCm = z
  .number({ error: 'Height must be a number' })
  .gt(0, { message: `Height must be greater than 0 and less than ${HEIGHT_MAX_CM} cm` })
  .lt(HEIGHT_MAX_CM, { message: `Height must be greater than 0 and less than ${HEIGHT_MAX_CM} cm` });

let knownZones: Map<string, string> | undefined;

/**
 * A time zone as the IANA database spells it when only its letter case differs (`europe/london` is `Europe/London`,
 * `utc` is `UTC`); any other name as given. Links are kept: resolving them would store the runtime's preference,
 * which differs between runtimes (Node 20 turns the browser's `Asia/Kolkata` into `Asia/Calcutta`).
 */
export function canonicalTimeZone(name: string): string {
  if (!knownZones) {
    const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    knownZones = new Map([...names, 'UTC'].map((zone) => [zone.toLowerCase(), zone]));
  }
  return knownZones.get(name.toLowerCase()) ?? name;
}

/**
 * An IANA time zone: what turns an imported timestamp, or a reminder's hour, into the user's own day. Stored in the
 * database's own spelling, not as typed, so one zone is not stored under two spellings.
 */
export const timeZone = z
  .string({ error: 'Time zone must be a string' })
  .refine((s) => isTimeZone(s), { message: 'Time zone is not a known time zone (e.g. Europe/London)' })
  .overwrite((s) => (isTimeZone(s) ? canonicalTimeZone(s) : s))
  .meta({ example: 'Europe/London' });

export const ROLES = ['USER', 'ADMIN'] as const;
export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export const UNIT_PREFERENCES = ['METRIC', 'IMPERIAL'] as const;
export const COLOR_SCHEMES = ['LIGHT', 'DARK', 'SYSTEM'] as const;

export const role = z.enum(ROLES);
export const gender = z.enum(GENDERS, { error: 'Gender must be MALE, FEMALE or OTHER' });
export const unitPreference = z.enum(UNIT_PREFERENCES, { error: 'Unit must be METRIC or IMPERIAL' });
export const colorScheme = z.enum(COLOR_SCHEMES, { error: 'Colour scheme must be LIGHT, DARK or SYSTEM' });
export const weekStartsOn = z.union([z.literal(0), z.literal(1)], { error: 'Week start must be 0 (Sunday) or 1 (Monday)' });

/** A uuid as the API issues them; the format hint is for the OpenAPI document. */
export const uuid = () => z.string().meta({ format: 'uuid' });
export const dateTime = () => z.string().meta({ format: 'date-time' });
