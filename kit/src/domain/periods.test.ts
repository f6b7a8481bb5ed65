import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  capRangeAtToday,
  daysElapsedInPeriod,
  daysInRange,
  getPeriod,
  getPeriodRange,
  getRequestRange,
  INVALID_PERIOD_ERROR,
  isDateInRange,
  isPeriodKey,
  PERIOD_KEYS,
  PERIODS,
  periodLabel,
} from './periods';

afterEach(() => {
  vi.useRealTimers();
});

// 2025-03-12 is a Wednesday.
const TODAY = '2025-03-12';
const calendar = (today = TODAY, weekStartsOn?: 0 | 1) => ({ today, alignToCalendar: true, weekStartsOn });
const rolling = (today = TODAY) => ({ today, alignToCalendar: false });

describe('period table', () => {
  it('has the period keys, short labels and rolling days', () => {
    expect(PERIOD_KEYS).toEqual(['week', 'month', 'quarter', 'halfyear', 'year', 'all']);
    const rows = PERIOD_KEYS.map((key) => [
      key,
      PERIODS[key].calendar.shortLabel,
      PERIODS[key].rolling.shortLabel,
      PERIODS[key].rollingDays,
    ]);
    expect(rows).toEqual([
      ['week', '1W', '7d', 7],
      ['month', '1M', '30d', 30],
      ['quarter', 'Q', '90d', 90],
      ['halfyear', 'H', '180d', 180],
      ['year', '1Y', '365d', 365],
      ['all', 'All', 'All', 0],
    ]);
  });

  it('has long labels that read as headings', () => {
    expect(PERIOD_KEYS.map((key) => PERIODS[key].calendar.longLabel)).toEqual([
      'This Week',
      'This Month',
      'This Quarter',
      'This Half Year',
      'This Year',
      'All Time',
    ]);
    expect(PERIOD_KEYS.map((key) => PERIODS[key].rolling.longLabel)).toEqual([
      'Last 7 Days',
      'Last 30 Days',
      'Last 90 Days',
      'Last 180 Days',
      'Last 365 Days',
      'All Time',
    ]);
    expect(`${periodLabel('week', true)} Summary`).toBe('This Week Summary');
    expect(`${periodLabel('month', false)} Weight Graph`).toBe('Last 30 Days Weight Graph');
    expect(periodLabel('quarter', true, 'short')).toBe('Q');
    expect(periodLabel('quarter', false, 'short')).toBe('90d');
  });

  it('validates keys', () => {
    for (const key of PERIOD_KEYS) {
      expect(isPeriodKey(key)).toBe(true);
      expect(getPeriod(key).key).toBe(key);
    }
    expect(isPeriodKey('decade')).toBe(false);
    expect(isPeriodKey('Week')).toBe(false);
    expect(isPeriodKey(undefined)).toBe(false);
    expect(() => getPeriod('decade')).toThrow(new Error('Invalid period'));
    expect(() => getPeriod(null)).toThrow(INVALID_PERIOD_ERROR);
    expect(() => getPeriodRange('decade', calendar())).toThrow('Invalid period');
    expect(() => getRequestRange('', rolling())).toThrow('Invalid period');
  });
});

describe('calendar-aligned ranges', () => {
  it('covers the whole calendar period containing today', () => {
    expect(getPeriodRange('week', calendar())).toEqual({ start: '2025-03-10', end: '2025-03-16' });
    expect(getPeriodRange('week', calendar(TODAY, 1))).toEqual({ start: '2025-03-10', end: '2025-03-16' });
    expect(getPeriodRange('week', calendar(TODAY, 0))).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    expect(getPeriodRange('month', calendar())).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(getPeriodRange('quarter', calendar())).toEqual({ start: '2025-01-01', end: '2025-03-31' });
    expect(getPeriodRange('halfyear', calendar())).toEqual({ start: '2025-01-01', end: '2025-06-30' });
    expect(getPeriodRange('year', calendar())).toEqual({ start: '2025-01-01', end: '2025-12-31' });
  });

  it('splits quarters and half years at their boundaries', () => {
    expect(getPeriodRange('quarter', calendar('2025-08-15'))).toEqual({ start: '2025-07-01', end: '2025-09-30' });
    expect(getPeriodRange('quarter', calendar('2025-12-31'))).toEqual({ start: '2025-10-01', end: '2025-12-31' });
    expect(getPeriodRange('halfyear', calendar('2025-06-30'))).toEqual({ start: '2025-01-01', end: '2025-06-30' });
    expect(getPeriodRange('halfyear', calendar('2025-07-01'))).toEqual({ start: '2025-07-01', end: '2025-12-31' });
    expect(getPeriodRange('year', calendar('2024-02-29'))).toEqual({ start: '2024-01-01', end: '2024-12-31' });
  });

  it('knows February in leap and common years', () => {
    expect(getPeriodRange('month', calendar('2024-02-10'))).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(getPeriodRange('month', calendar('2025-02-10'))).toEqual({ start: '2025-02-01', end: '2025-02-28' });
  });

  it('crosses the year inside a week', () => {
    // 2024-12-31 is a Tuesday.
    expect(getPeriodRange('week', calendar('2024-12-31', 1))).toEqual({ start: '2024-12-30', end: '2025-01-05' });
    expect(getPeriodRange('week', calendar('2024-12-31', 0))).toEqual({ start: '2024-12-29', end: '2025-01-04' });
  });

  it('places DST Sundays in the right week', () => {
    // Los Angeles springs forward on Sunday 2025-03-09, Europe on 2025-03-30, Auckland falls back on 2025-04-06.
    expect(getPeriodRange('week', calendar('2025-03-09', 1))).toEqual({ start: '2025-03-03', end: '2025-03-09' });
    expect(getPeriodRange('week', calendar('2025-03-09', 0))).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    expect(getPeriodRange('week', calendar('2025-03-10', 0))).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    expect(getPeriodRange('week', calendar('2025-03-30', 1))).toEqual({ start: '2025-03-24', end: '2025-03-30' });
    expect(getPeriodRange('week', calendar('2025-04-06', 0))).toEqual({ start: '2025-04-06', end: '2025-04-12' });
    expect(getPeriodRange('week', calendar('2025-11-02', 1))).toEqual({ start: '2025-10-27', end: '2025-11-02' });
    expect(getPeriodRange('week', calendar('2025-09-28', 0))).toEqual({ start: '2025-09-28', end: '2025-10-04' });
  });

  it('accepts today as a Date read in the local calendar', () => {
    expect(getPeriodRange('week', { today: new Date(2025, 2, 12, 23, 30), alignToCalendar: true })).toEqual({
      start: '2025-03-10',
      end: '2025-03-16',
    });
  });
});

describe('rolling ranges', () => {
  it('ends today and spans N days inclusive', () => {
    expect(getPeriodRange('week', rolling())).toEqual({ start: '2025-03-06', end: TODAY });
    expect(getPeriodRange('month', rolling())).toEqual({ start: '2025-02-11', end: TODAY });
    expect(getPeriodRange('quarter', rolling())).toEqual({ start: '2024-12-13', end: TODAY });
    expect(getPeriodRange('halfyear', rolling())).toEqual({ start: '2024-09-14', end: TODAY });
    expect(getPeriodRange('year', rolling())).toEqual({ start: '2024-03-13', end: TODAY });
    for (const key of PERIOD_KEYS.filter((k) => k !== 'all')) {
      expect(daysInRange(getPeriodRange(key, rolling())!)).toBe(PERIODS[key].rollingDays);
    }
  });

  it('never gains or loses a day across DST or leap days', () => {
    const cases: Array<[string, string]> = [
      ['2025-03-12', '2025-03-06'], // Los Angeles, spring
      ['2025-11-05', '2025-10-30'], // Los Angeles, autumn
      ['2025-04-01', '2025-03-26'], // Europe, spring
      ['2025-04-08', '2025-04-02'], // Auckland, autumn
      ['2025-09-30', '2025-09-24'], // Auckland, spring
      ['2024-03-01', '2024-02-24'], // leap day
    ];
    for (const [today, start] of cases) {
      const range = getPeriodRange('week', rolling(today))!;
      expect(range).toEqual({ start, end: today });
      expect(daysInRange(range)).toBe(7);
    }
  });

  it('ignores the week start', () => {
    expect(getPeriodRange('week', { ...rolling(), weekStartsOn: 0 })).toEqual({ start: '2025-03-06', end: TODAY });
  });
});

describe("'all'", () => {
  it('runs from the earliest entry to today', () => {
    expect(getPeriodRange('all', { ...calendar(), earliestDate: '2023-05-01' })).toEqual({ start: '2023-05-01', end: TODAY });
    expect(getPeriodRange('all', { ...rolling(), earliestDate: '2023-05-01' })).toEqual({ start: '2023-05-01', end: TODAY });
  });

  it('is null without an entry', () => {
    expect(getPeriodRange('all', calendar())).toBeNull();
    expect(getPeriodRange('all', { ...rolling(), earliestDate: null })).toBeNull();
    expect(getRequestRange('all', calendar())).toBeNull();
  });

  it('never inverts when the earliest entry is after today', () => {
    expect(getPeriodRange('all', { ...calendar(), earliestDate: '2025-03-13' })).toEqual({ start: TODAY, end: TODAY });
  });
});

describe('request ranges and day counts', () => {
  it('caps the end at today', () => {
    expect(getRequestRange('month', calendar())).toEqual({ start: '2025-03-01', end: TODAY });
    expect(getRequestRange('week', calendar(TODAY, 0))).toEqual({ start: '2025-03-09', end: TODAY });
    expect(getRequestRange('month', rolling())).toEqual({ start: '2025-02-11', end: TODAY });
    expect(getRequestRange('all', { ...calendar(), earliestDate: '2023-05-01' })).toEqual({ start: '2023-05-01', end: TODAY });
    expect(capRangeAtToday({ start: '2025-03-01', end: '2025-03-10' }, TODAY)).toEqual({ start: '2025-03-01', end: '2025-03-10' });
    expect(capRangeAtToday({ start: '2025-03-14', end: '2025-03-20' }, TODAY)).toEqual({ start: '2025-03-14', end: '2025-03-14' });
  });

  it('counts the days of a range', () => {
    expect(daysInRange(getPeriodRange('month', calendar())!)).toBe(31);
    expect(daysInRange(getPeriodRange('month', calendar('2024-02-10'))!)).toBe(29);
    expect(daysInRange(getPeriodRange('quarter', calendar('2025-02-01'))!)).toBe(90);
    expect(daysInRange(getPeriodRange('quarter', calendar('2024-02-01'))!)).toBe(91);
    expect(daysInRange(getPeriodRange('halfyear', calendar('2025-02-01'))!)).toBe(181);
    expect(daysInRange(getPeriodRange('halfyear', calendar('2025-08-01'))!)).toBe(184);
    expect(daysInRange(getPeriodRange('year', calendar('2024-08-01'))!)).toBe(366);
    expect(daysInRange(getPeriodRange('week', calendar('2025-03-09', 0))!)).toBe(7);
    expect(daysInRange(getPeriodRange('week', calendar('2025-11-02', 0))!)).toBe(7);
    expect(daysInRange(getPeriodRange('week', calendar('2025-04-06', 0))!)).toBe(7);
  });

  it('counts the days of the period that have begun, today included', () => {
    const march = { start: '2025-03-01', end: '2025-03-31' };
    expect(daysElapsedInPeriod(march, '2025-03-01')).toBe(1);
    expect(daysElapsedInPeriod(march, TODAY)).toBe(12);
    expect(daysElapsedInPeriod(march, '2025-03-31')).toBe(31);
    expect(daysElapsedInPeriod(march, '2025-04-15')).toBe(31);
    expect(daysElapsedInPeriod(march, '2025-02-28')).toBe(0);
    expect(daysElapsedInPeriod({ start: '2025-03-24', end: '2025-03-30' }, '2025-03-30')).toBe(7);
    expect(daysElapsedInPeriod({ start: '2025-11-01', end: '2025-11-07' }, new Date(2025, 10, 3, 12))).toBe(3);
  });

  it('tests membership', () => {
    const range = { start: '2025-03-10', end: '2025-03-16' };
    expect(isDateInRange('2025-03-10', range)).toBe(true);
    expect(isDateInRange('2025-03-16', range)).toBe(true);
    expect(isDateInRange('2025-03-09', range)).toBe(false);
    expect(isDateInRange('2025-03-17', range)).toBe(false);
  });

  it('never reads the system clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2030, 0, 1));
    expect(getPeriodRange('week', rolling())).toEqual({ start: '2025-03-06', end: TODAY });
    expect(getRequestRange('year', calendar())).toEqual({ start: '2025-01-01', end: TODAY });
  });
});
