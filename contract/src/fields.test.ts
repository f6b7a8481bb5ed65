import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalTimeZone, futureDateProblem, timeZone } from './fields';
import { isTimeZone } from './dates';
import { codePoints, firstCodePoints, mendLoneSurrogates, normalizeEmail } from './text';
import { kgToLb, lbToKg, LB_PER_KG } from './units';
import {
  CompleteEmailSchema,
  CreatePushSubscriptionSchema,
  LoginSchema,
  RegisterSchema,
  UpdateUserSchema,
  WeightEntryInputSchema,
} from './index';

const issues = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => [
    i.path.join('.') || (i.code === 'unrecognized_keys' ? i.keys.join() : ''),
    i.message,
  ]);

describe('weight entries', () => {
  it('take a finite weight above 0 and below 1000 kg, a real date, and notes of at most 255 code points', () => {
    expect(WeightEntryInputSchema.safeParse({ weightKg: 80.5, date: '2024-02-29', notes: '🎉'.repeat(255) }).success).toBe(true);
    expect(WeightEntryInputSchema.safeParse({ weightKg: 999.99, date: '1900-01-01', notes: null }).success).toBe(true);
    const range = 'Weight must be greater than 0 and less than 1000 kg';
    expect(issues(WeightEntryInputSchema, { weightKg: 0, date: '2024-01-01' })).toEqual([['weightKg', range]]);
    expect(issues(WeightEntryInputSchema, { weightKg: -1, date: '2024-01-01' })).toEqual([['weightKg', range]]);
    expect(issues(WeightEntryInputSchema, { weightKg: 1000, date: '2024-01-01' })).toEqual([['weightKg', range]]);
    for (const w of ['80', null, Infinity, Number.NaN])
      expect(issues(WeightEntryInputSchema, { weightKg: w, date: '2024-01-01' })[0]![0]).toBe('weightKg');
    expect(issues(WeightEntryInputSchema, { weightKg: 80, date: '2023-02-29' })).toEqual([
      ['date', 'Date must be a real calendar date (yyyy-MM-dd)'],
    ]);
    expect(issues(WeightEntryInputSchema, { weightKg: 80, date: '1899-12-31' })).toEqual([['date', 'Date must not be before 1900-01-01']]);
    expect(issues(WeightEntryInputSchema, { weightKg: 80, date: '2024-01-01', notes: 'x'.repeat(256) })).toEqual([
      ['notes', 'Notes must be at most 255 characters'],
    ]);
    expect(issues(WeightEntryInputSchema, { weightKg: 80, date: '2024-01-01', notes: 'a\u0000b' })).toEqual([
      ['notes', 'Notes must not contain NUL characters'],
    ]);
    expect(issues(WeightEntryInputSchema, { weightKg: 80, date: '2024-01-01', userId: 'x' })).toEqual([['userId', expect.any(String)]]);
  });

  it('may not lie after tomorrow in UTC', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(futureDateProblem('2026-11-23', now)).toBeNull();
    expect(futureDateProblem('2026-11-24', now)).toBe('Date cannot be in the future');
  });
});

describe('accounts', () => {
  it('passwords are 8 to 128 code points, names 1 to 100 and not blank, emails plausible', () => {
    const base = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    expect(RegisterSchema.safeParse({ ...base, password: '12345678' }).success).toBe(true);
    expect(RegisterSchema.safeParse({ ...base, password: '🔑'.repeat(128) }).success).toBe(true);
    expect(issues(RegisterSchema, { ...base, password: '1234567' })).toEqual([['password', 'Password must be at least 8 characters']]);
    expect(issues(RegisterSchema, { ...base, password: 'x'.repeat(129) })).toEqual([
      ['password', 'Password must be at most 128 characters'],
    ]);
    expect(issues(RegisterSchema, { ...base, firstName: '   ', password: '12345678' })).toEqual([['firstName', 'First name is required']]);
    expect(issues(RegisterSchema, { ...base, email: 'ada@', password: '12345678' })).toEqual([['email', 'Email is not valid']]);
  });
  it('emails: a domain of dot-separated labels; an address too long is refused for its length alone', () => {
    const ok = (email: string) => RegisterSchema.safeParse({ firstName: 'A', lastName: 'B', email, password: 'long-enough-1' }).success;
    for (const good of ['ada@example.com', 'a.b+tag@mail.example.co.uk', ' ada@example.com ']) expect(ok(good)).toBe(true);
    for (const bad of ['ada@example', 'ada@example..com', 'ada@.example.com', 'ada@example.com.', 'a@b@c.com', 'ada @example.com'])
      expect(ok(bad)).toBe(false);
    // a run of dots long enough to hold a server on a backtracking pattern: only the length is said
    const hostile = `a@${'.'.repeat(60_000)}@`;
    expect(issues(RegisterSchema, { firstName: 'A', lastName: 'B', email: hostile, password: 'long-enough-1' })).toEqual([
      ['email', 'Email must be at most 254 characters'],
    ]);
  });
  it('emails are judged as they are stored: one address that fits its column', () => {
    const base = { firstName: 'A', lastName: 'B', password: 'long-enough-1' };
    // 23 characters sent, 329 once normalised (each ﷺ is a phrase)
    expect(issues(RegisterSchema, { ...base, email: `${'\ufdfa'.repeat(18)}@x.io` })).toEqual([
      ['email', 'Email must be at most 254 characters'],
    ]);
    // a fullwidth comma and at sign normalise to a second address
    for (const email of [
      'victim@x.com\uff0cattacker\uff20evil.com',
      'victim@x.com,evil.com',
      'victim,attacker@evil.com',
      '<a@b.co>',
      'a@b.co;c',
    ])
      expect(issues(RegisterSchema, { ...base, email }), email).toEqual([['email', 'Email is not valid']]);
    expect(issues(RegisterSchema, { ...base, email: 'ａda@exａmple.com' })).toEqual([]);
  });
  it('a password is long enough as it is hashed, whatever its accents were typed as', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'ada@example.com' };
    // four letters, each an "e" and a combining accent: 8 code points typed, 4 characters
    expect(issues(RegisterSchema, { ...base, password: 'e\u0301'.repeat(4) })).toEqual([
      ['password', 'Password must be at least 8 characters'],
    ]);
    expect(issues(RegisterSchema, { ...base, password: 'e\u0301'.repeat(8) })).toEqual([]);
  });
  it('a profile change refuses role and id, and implausible heights', () => {
    expect(issues(UpdateUserSchema, { role: 'ADMIN' })).toEqual([['role', expect.any(String)]]);
    expect(issues(UpdateUserSchema, { heightCm: 300 })).toEqual([['heightCm', 'Height must be greater than 0 and less than 300 cm']]);
    expect(UpdateUserSchema.safeParse({ heightCm: null, dateOfBirth: null, gender: null, weekStartsOn: 0 }).success).toBe(true);
  });
});

describe('units and text', () => {
  it('one pound factor, there and back', () => {
    expect(LB_PER_KG).toBe(2.20462);
    expect(kgToLb(80)).toBeCloseTo(176.3696, 10);
    expect(lbToKg(kgToLb(73.123))).toBeCloseTo(73.123, 12);
  });
  it('counts code points and compares emails without case', () => {
    expect(codePoints('a🎉b')).toBe(3);
    expect(firstCodePoints('ab🎉🎉', 3)).toBe('ab🎉');
    expect(mendLoneSurrogates('a\ud800b\udc00🎉')).toBe('a\ufffdb\ufffd🎉');
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    // fullwidth letters, in the name or the domain, are the letters they look like
    expect(normalizeEmail('ａda@exａmple.com')).toBe('ada@example.com');
    expect(normalizeEmail('ＡＤＡ@ＥＸＡＭＰＬＥ.ＣＯＭ')).toBe('ada@example.com');
  });
  it('refuses an address holding a character no one sees', () => {
    const base = { firstName: 'Ada', lastName: 'Lovelace', password: 'long-enough-1' };
    for (const email of [
      'ada\u200b@example.com',
      'ada@exa\u200dmple.com',
      'ada\u0000@example.com',
      'a\u00adda@example.com',
      'ada@example.com\u202e',
    ])
      expect(issues(RegisterSchema, { ...base, email }), JSON.stringify(email)).toEqual([['email', 'Email is not valid']]);
    expect(issues(RegisterSchema, { ...base, email: ' josé@exämple.com ' })).toEqual([]);
  });
  it('refuses an address holding half a surrogate pair, which would be stored as another character', () => {
    const base = { firstName: 'Ada', lastName: 'Lovelace', password: 'long-enough-1' };
    for (const email of ['ab\ud800c@x.com', 'ab\udfffc@x.com', 'ada@exa\udbffmple.com', '\ud800@x.com']) {
      expect(issues(RegisterSchema, { ...base, email }), JSON.stringify(email)).toEqual([['email', 'Email is not valid']]);
      expect(issues(UpdateUserSchema, { email }), JSON.stringify(email)).toEqual([['email', 'Email is not valid']]);
      expect(issues(CompleteEmailSchema, { email }), JSON.stringify(email)).toEqual([['email', 'Email is not valid']]);
      expect(issues(LoginSchema, { email, password: 'x' }), JSON.stringify(email)).toEqual([['email', 'Email is not valid']]);
    }
    // a whole pair (an emoji) is a character like any other
    expect(issues(RegisterSchema, { ...base, email: 'ada\ud83c\udf89@example.com' })).toEqual([]);
  });
});

describe('push subscriptions', () => {
  const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } };
  it('an endpoint is a URL as a browser gives it: no NUL, control, space or half surrogate pair', () => {
    expect(issues(CreatePushSubscriptionSchema, sub)).toEqual([]);
    for (const endpoint of [
      `${sub.endpoint}\u0000`,
      `${sub.endpoint}\ud800`,
      `${sub.endpoint}\t`,
      `${sub.endpoint} x`,
      `${sub.endpoint}\u007f`,
    ])
      expect(issues(CreatePushSubscriptionSchema, { ...sub, endpoint }), JSON.stringify(endpoint)).toEqual([
        ['endpoint', 'Endpoint must be an https URL'],
      ]);
    expect(issues(CreatePushSubscriptionSchema, { ...sub, device: 'Phone \udc00' })).toEqual([
      ['device', 'Device holds a broken character (half of a surrogate pair)'],
    ]);
  });
});

describe('time zones', () => {
  it("are kept in the database's spelling, not as typed, on a profile change and at sign-up; links as they are", () => {
    expect(UpdateUserSchema.parse({ timeZone: 'europe/london' })).toEqual({ timeZone: 'Europe/London' });
    expect(UpdateUserSchema.parse({ timeZone: 'utc' })).toEqual({ timeZone: 'UTC' });
    expect(UpdateUserSchema.parse({ timeZone: 'Europe/Berlin' })).toEqual({ timeZone: 'Europe/Berlin' });
    // what a browser names, whichever name of the two this runtime prefers
    expect(UpdateUserSchema.parse({ timeZone: 'Asia/Kolkata' })).toEqual({ timeZone: 'Asia/Kolkata' });
    expect(UpdateUserSchema.parse({ timeZone: 'Etc/UTC' })).toEqual({ timeZone: 'Etc/UTC' });
    const signUp = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'long-enough-1' };
    expect(RegisterSchema.parse({ ...signUp, timeZone: 'europe/london' }).timeZone).toBe('Europe/London');
  });

  it('the name kept is one the same field accepts again, and stays as it is', () => {
    for (const typed of ['utc', 'Asia/Calcutta', 'Asia/Kolkata', 'europe/london', 'US/Pacific', 'GMT']) {
      const kept = timeZone.parse(typed);
      expect(kept, typed).toBe(canonicalTimeZone(typed));
      expect(isTimeZone(kept), typed).toBe(true);
      expect(timeZone.parse(kept), typed).toBe(kept);
    }
  });

  it('an unknown zone is refused with its message, not thrown', () => {
    expect(issues(UpdateUserSchema, { timeZone: 'Mars/Olympus' })).toEqual([
      ['timeZone', 'Time zone is not a known time zone (e.g. Europe/London)'],
    ]);
    expect(canonicalTimeZone('Mars/Olympus')).toBe('Mars/Olympus');
  });
});
