import { describe, expect, it } from 'vitest';
import { addDaysToDate, todayString } from '@app/kit';
import { buildWeightEntryPayload } from './weightEntryPayload';

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
    // the person's today, wherever they are: tomorrow is refused though the API would still take it
    const today = todayString(now);
    expect(build({ weight: '80', date: today }).ok).toBe(true);
    expect(build({ weight: '80', date: addDaysToDate(today, 1) })).toEqual({ ok: false, errors: { date: 'Date cannot be in the future' } });
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
