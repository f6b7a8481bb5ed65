import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, mergePreferences } from './preferences';

describe('DEFAULT_PREFERENCES', () => {
  it("has the product's defaults", () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      unit: 'METRIC',
      defaultSelectedPeriod: 'week',
      alignToCalendar: true,
      weekStartsOn: 0,
      themeColor: '#3ab0b9',
      showTrend: true,
      colorScheme: 'SYSTEM',
    });
    expect(Object.isFrozen(DEFAULT_PREFERENCES)).toBe(true);
  });
});

describe('mergePreferences', () => {
  it('returns the defaults for nothing or garbage', () => {
    for (const stored of [undefined, null, 42, 'garbage', '{broken', '[]', [], true, () => 1]) {
      expect(mergePreferences(stored)).toEqual(DEFAULT_PREFERENCES);
    }
  });

  it('returns a fresh object', () => {
    const merged = mergePreferences(undefined);
    expect(merged).not.toBe(DEFAULT_PREFERENCES);
    merged.unit = 'IMPERIAL';
    expect(DEFAULT_PREFERENCES.unit).toBe('METRIC');
  });

  it('takes every valid stored value', () => {
    const stored = {
      unit: 'IMPERIAL',
      defaultSelectedPeriod: 'month',
      alignToCalendar: false,
      weekStartsOn: 1,
      themeColor: '#ABC',
      showTrend: false,
      colorScheme: 'DARK',
    };
    expect(mergePreferences(stored)).toEqual({
      unit: 'IMPERIAL',
      defaultSelectedPeriod: 'month',
      alignToCalendar: false,
      weekStartsOn: 1,
      themeColor: '#aabbcc',
      showTrend: false,
      colorScheme: 'DARK',
    });
    expect(mergePreferences(JSON.stringify(stored))).toMatchObject({ unit: 'IMPERIAL', themeColor: '#aabbcc' });
  });

  it('ignores invalid values field by field', () => {
    expect(
      mergePreferences({
        unit: 'metric',
        defaultSelectedPeriod: 'decade',
        alignToCalendar: 'false',
        weekStartsOn: 2,
        themeColor: 'red',
        showTrend: 'no',
      }),
    ).toEqual(DEFAULT_PREFERENCES);
    expect(mergePreferences({ weekStartsOn: '1', unit: 'IMPERIAL' })).toEqual({ ...DEFAULT_PREFERENCES, unit: 'IMPERIAL' });
    expect(mergePreferences({ themeColor: '#22c55e', extra: 1 })).toEqual({ ...DEFAULT_PREFERENCES, themeColor: '#22c55e' });
  });

  it('keeps showTrend (default true) only as a boolean', () => {
    expect(mergePreferences({}).showTrend).toBe(true);
    expect(mergePreferences({ showTrend: false }).showTrend).toBe(false);
    expect(mergePreferences(JSON.stringify({ showTrend: false }))).toEqual({ ...DEFAULT_PREFERENCES, showTrend: false });
    for (const showTrend of [0, 1, 'false', null]) expect(mergePreferences({ showTrend }).showTrend).toBe(true);
  });

  it('survives hostile objects', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(mergePreferences(hostile)).toEqual(DEFAULT_PREFERENCES);
  });
});
