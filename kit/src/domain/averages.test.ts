import { describe, expect, it } from 'vitest';
import {
  AVERAGING_MODE_LABELS,
  averagesToChartPoints,
  buildChartPoints,
  entriesToChartPoints,
  isAveragedData,
  isAveragingMode,
  isoWeekStart,
  parseWeekKey,
  rawPointLabel,
  type AveragedItem,
} from './averages';
import { avgOf } from '../test/averages';

describe('isoWeekStart', () => {
  it('finds the Monday of ISO weeks across week-year boundaries', () => {
    expect(isoWeekStart(2024, 1)).toBe('2024-01-01');
    expect(isoWeekStart(2024, 52)).toBe('2024-12-23');
    expect(isoWeekStart(2025, 1)).toBe('2024-12-30');
    expect(isoWeekStart(2025, 52)).toBe('2025-12-22');
    expect(isoWeekStart(2026, 1)).toBe('2025-12-29');
    expect(isoWeekStart(2026, 10)).toBe('2026-03-02');
    expect(isoWeekStart(2026, 53)).toBe('2026-12-28');
    expect(isoWeekStart(2027, 1)).toBe('2027-01-04');
    expect(isoWeekStart(2020, 53)).toBe('2020-12-28');
    expect(isoWeekStart(2021, 1)).toBe('2021-01-04');
    expect(isoWeekStart(2015, 53)).toBe('2015-12-28');
  });

  it('is exact around DST weeks', () => {
    expect(isoWeekStart(2025, 11)).toBe('2025-03-10'); // after Los Angeles springs forward
    expect(isoWeekStart(2025, 13)).toBe('2025-03-24');
    expect(isoWeekStart(2025, 14)).toBe('2025-03-31'); // after Europe springs forward
    expect(isoWeekStart(2025, 15)).toBe('2025-04-07'); // after Auckland falls back
    expect(isoWeekStart(2025, 40)).toBe('2025-09-29'); // after Auckland springs forward
    expect(isoWeekStart(2025, 45)).toBe('2025-11-03'); // after Los Angeles falls back
  });

  it('names the week that does not exist', () => {
    expect(() => isoWeekStart(2025, 53)).toThrow(new Error('2025 has no ISO week 53'));
    expect(() => isoWeekStart(2024, 53)).toThrow('2024 has no ISO week 53');
    expect(() => isoWeekStart(2027, 53)).toThrow('2027 has no ISO week 53');
    expect(() => isoWeekStart(2025, 0)).toThrow('2025 has no ISO week 0');
    expect(() => isoWeekStart(2026, 54)).toThrow('2026 has no ISO week 54');
    expect(() => isoWeekStart(2025, 1.5)).toThrow('2025 has no ISO week 1.5');
  });
});

describe('parseWeekKey', () => {
  it('reads YYYY-WW', () => {
    expect(parseWeekKey('2025-01')).toEqual({ year: 2025, week: 1 });
    expect(parseWeekKey('2026-53')).toEqual({ year: 2026, week: 53 });
    expect(parseWeekKey('2025-W07')).toEqual({ year: 2025, week: 7 });
  });

  it('rejects malformed keys and missing weeks', () => {
    expect(() => parseWeekKey('abc')).toThrow('Invalid week: abc');
    expect(() => parseWeekKey('2025')).toThrow('Invalid week: 2025');
    expect(() => parseWeekKey('2025-53')).toThrow('2025 has no ISO week 53');
    expect(() => parseWeekKey('2025-00')).toThrow('2025 has no ISO week 0');
  });
});

describe('isAveragedData', () => {
  it('needs a mode, an average and the matching key on the first item', () => {
    const weekly = [{ week: '2025-01', average: 80 }];
    expect(isAveragedData(weekly, 'weekly')).toBe(true);
    expect(isAveragedData(weekly, 'none')).toBe(false);
    expect(isAveragedData(weekly, 'monthly')).toBe(false);
    expect(isAveragedData([{ month: '2025-01', average: 80 }], 'monthly')).toBe(true);
    expect(isAveragedData([{ year: '2025', average: 80 }], 'yearly')).toBe(true);
    expect(isAveragedData([{ year: 2025, average: 80 }], 'yearly')).toBe(true);
  });

  it('treats raw or odd data as not averaged', () => {
    expect(isAveragedData([{ date: '2025-01-01', weightKg: 80 }], 'weekly')).toBe(false);
    expect(isAveragedData([{ week: '2025-01', average: '80' }], 'weekly')).toBe(false);
    expect(isAveragedData([{ week: '2025-01' }], 'weekly')).toBe(false);
    expect(isAveragedData([null], 'weekly')).toBe(false);
    expect(isAveragedData([], 'weekly')).toBe(false);
    expect(isAveragedData(null, 'weekly')).toBe(false);
    expect(isAveragedData(undefined, 'yearly')).toBe(false);
  });

  it('looks at the first item only', () => {
    expect(isAveragedData([{ week: '2025-01', average: 80 }, { date: '2025-01-01' }], 'weekly')).toBe(true);
    expect(isAveragedData([{ date: '2025-01-01' }, { week: '2025-01', average: 80 }], 'weekly')).toBe(false);
  });
});

describe('averagesToChartPoints', () => {
  it('labels weekly points and dates them at the week start', () => {
    const items: AveragedItem[] = [avgOf({ week: '2025-01', average: 80.25, count: 3 })];
    expect(averagesToChartPoints(items, 'weekly')).toEqual([
      { value: 80.25, date: '2024-12-30', end: '2025-01-05', label: '2025 Week 1 (30 Dec)', notes: '', count: 3 },
    ]);
    // a Sunday-start week begins where the API says: the Sunday before
    expect(averagesToChartPoints([avgOf({ week: '2025-01', average: 80.25, count: 3 }, 0)], 'weekly')).toEqual([
      { value: 80.25, date: '2024-12-29', end: '2025-01-04', label: '2025 Week 1 (29 Dec)', notes: '', count: 3 },
    ]);
  });

  it('handles 53-week years and the following week 1', () => {
    const items = [
      avgOf({ week: '2026-53', average: 70 }),
      avgOf({ week: '2027-01', average: 69.5 }),
      avgOf({ week: '2020-53', average: 90 }),
    ];
    expect(averagesToChartPoints(items, 'weekly').map((p) => [p.date, p.label])).toEqual([
      ['2020-12-28', '2020 Week 53 (28 Dec)'],
      ['2026-12-28', '2026 Week 53 (28 Dec)'],
      ['2027-01-04', '2027 Week 1 (4 Jan)'],
    ]);
    expect(
      averagesToChartPoints(
        items.map((i) => avgOf({ week: i.week!, average: i.average }, 0)),
        'weekly',
      ).map((p) => p.date),
    ).toEqual(['2020-12-27', '2026-12-27', '2027-01-03']);
  });

  it('names a week that does not exist', () => {
    expect(() => averagesToChartPoints([avgOf({ week: '2025-53', average: 1 })], 'weekly')).toThrow('2025 has no ISO week 53');
  });

  it('labels monthly points with the long month and year', () => {
    expect(averagesToChartPoints([avgOf({ month: '2025-01', average: 80, count: 20 })], 'monthly')).toEqual([
      { value: 80, date: '2025-01-01', end: '2025-01-31', label: 'January 2025', notes: '', count: 20 },
    ]);
    expect(averagesToChartPoints([avgOf({ month: '2024-02', average: 81 })], 'monthly')).toEqual([
      { value: 81, date: '2024-02-01', end: '2024-02-29', label: 'February 2024', notes: '', count: 1 },
    ]);
    expect(averagesToChartPoints([avgOf({ month: '2025-09', average: 81 })], 'monthly')[0].label).toBe('September 2025');
    expect(() => averagesToChartPoints([avgOf({ month: '2025-13', average: 1 })], 'monthly')).toThrow('Invalid month: 2025-13');
  });

  it('labels yearly points with the year', () => {
    expect(averagesToChartPoints([avgOf({ year: '2025', average: 79.9, count: 200 })], 'yearly')).toEqual([
      { value: 79.9, date: '2025-01-01', end: '2025-12-31', label: '2025', notes: '', count: 200 },
    ]);
    const numeric = [avgOf({ year: 2024, average: 80 })] as unknown as AveragedItem[];
    expect(averagesToChartPoints(numeric, 'yearly')[0].date).toBe('2024-01-01');
    expect(() => averagesToChartPoints([avgOf({ year: '25', average: 1 })], 'yearly')).toThrow('Invalid year: 25');
  });

  it('sorts by date and rejects bad averages', () => {
    const items = [avgOf({ month: '2025-03', average: 79 }), avgOf({ month: '2025-01', average: 81 })];
    expect(averagesToChartPoints(items, 'monthly').map((p) => p.date)).toEqual(['2025-01-01', '2025-03-01']);
    const bad = [avgOf({ month: '2025-01', average: Number.NaN })];
    expect(() => averagesToChartPoints(bad, 'monthly')).toThrow('Invalid average: NaN');
    expect(() => averagesToChartPoints(items, 'none' as never)).toThrow('Invalid averaging mode: none');
    expect(averagesToChartPoints([], 'weekly')).toEqual([]);
  });
});

describe('raw points', () => {
  it('labels with short weekday, day and short month, and keeps notes', () => {
    const points = entriesToChartPoints([
      { id: 2, date: '2024-12-30', weightKg: 80, notes: 'after holidays' },
      { id: 1, date: '2024-12-29', weightKg: 81 },
      { date: '2024-12-31', weightKg: 79.5, notes: null },
    ]);
    expect(points).toEqual([
      { value: 81, date: '2024-12-29', label: 'Sun 29 Dec', notes: '' },
      { value: 80, date: '2024-12-30', label: 'Mon 30 Dec', notes: 'after holidays' },
      { value: 79.5, date: '2024-12-31', label: 'Tue 31 Dec', notes: '' },
    ]);
  });

  it('labels DST days and leap days on their own calendar day', () => {
    expect(rawPointLabel('2025-03-30')).toBe('Sun 30 Mar');
    expect(rawPointLabel('2025-03-09')).toBe('Sun 9 Mar');
    expect(rawPointLabel('2025-11-02')).toBe('Sun 2 Nov');
    expect(rawPointLabel('2025-04-06')).toBe('Sun 6 Apr');
    expect(rawPointLabel('2025-09-28')).toBe('Sun 28 Sep');
    expect(rawPointLabel('2024-02-29')).toBe('Thu 29 Feb');
  });
});

describe('buildChartPoints (never throws)', () => {
  it('draws averages when the data carries them', () => {
    expect(buildChartPoints([avgOf({ week: '2025-02', average: 80 })], 'weekly')).toEqual({
      points: [{ value: 80, date: '2025-01-06', end: '2025-01-12', label: '2025 Week 2 (6 Jan)', notes: '', count: 1 }],
      averaged: true,
      error: null,
    });
  });

  it('falls back to raw points when the mode is none or the data lacks averages', () => {
    const raw = [{ date: '2025-01-06', weightKg: 80, notes: 'x' }];
    const expected = { points: [{ value: 80, date: '2025-01-06', label: 'Mon 6 Jan', notes: 'x' }], averaged: false, error: null };
    expect(buildChartPoints(raw, 'none')).toEqual(expected);
    expect(buildChartPoints(raw, 'monthly')).toEqual(expected);
  });

  it('reports errors instead of throwing', () => {
    expect(buildChartPoints([avgOf({ week: '2025-53', average: 80 })], 'weekly')).toEqual({
      points: [],
      averaged: true,
      error: '2025 has no ISO week 53',
    });
    expect(buildChartPoints([avgOf({ week: '2025-01', average: 80 })], 'none')).toEqual({
      points: [],
      averaged: false,
      error: 'Invalid date: undefined',
    });
  });

  it('gives no points for no data', () => {
    expect(buildChartPoints([], 'weekly')).toEqual({ points: [], averaged: false, error: null });
    expect(buildChartPoints(null, 'none')).toEqual({ points: [], averaged: false, error: null });
  });
});

describe('averaging modes', () => {
  it('has the dropdown wording', () => {
    expect(AVERAGING_MODE_LABELS).toEqual({
      none: 'Show All Data',
      weekly: 'Weekly Average',
      monthly: 'Monthly Average',
      yearly: 'Yearly Average',
    });
    expect(isAveragingMode('weekly')).toBe(true);
    expect(isAveragingMode('daily')).toBe(false);
  });
});
