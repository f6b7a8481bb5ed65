import { describe, expect, it } from 'vitest';
import type { AveragedItem, WeightEntry } from '../domain/averages';
import { localDate } from '../domain/dates';
import { buildGraphData, dateToX, graphColor } from './buildGraphData';
import type { GraphInput, GraphPoint } from './types';

const entries: WeightEntry[] = [
  { id: 2, date: '2025-01-08', weightKg: 79.5, notes: 'after holidays' },
  { id: 1, date: '2025-01-06', weightKg: 80, notes: null },
  { id: 3, date: '2025-01-10', weightKg: 79 },
];

const base: GraphInput = {
  entries,
  averages: undefined,
  averaging: 'none',
  period: 'week',
  range: { start: '2025-01-05', end: '2025-01-11' },
  unit: 'METRIC',
  weekStartsOn: 0,
  themeColor: '#3ab0b9',
};

const pointsOf = (input: GraphInput) => buildGraphData(input).data.datasets[0]?.data as GraphPoint[];

describe('dateToX', () => {
  it('is local midnight of the calendar date, never UTC', () => {
    expect(dateToX('2025-01-06')).toBe(localDate(2025, 1, 6).getTime());
    const d = new Date(dateToX('2025-03-30'));
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2025, 2, 30, 0]);
  });
});

describe('raw entries', () => {
  it('become points sorted by date with raw labels, kg values and notes', () => {
    const model = buildGraphData(base);
    expect(model.status).toBe('ok');
    expect(model.averaged).toBe(false);
    expect(model.averageLine).toBeNull();
    expect(model.points.map((p) => [p.date, p.y, p.label, p.notes, p.averaged])).toEqual([
      ['2025-01-06', 80, 'Mon 6 Jan', '', false],
      ['2025-01-08', 79.5, 'Wed 8 Jan', 'after holidays', false],
      ['2025-01-10', 79, 'Fri 10 Jan', '', false],
    ]);
    expect(model.points.map((p) => p.x)).toEqual(['2025-01-06', '2025-01-08', '2025-01-10'].map(dateToX));
    expect(pointsOf(base)).toEqual(model.points);
  });

  it('are converted to pounds for an imperial user (valueKg kept for labels)', () => {
    const [first] = buildGraphData({ ...base, unit: 'IMPERIAL' }).points;
    expect(first.y).toBeCloseTo(80 * 2.20462, 10);
    expect(first.valueKg).toBe(80);
  });

  it.each(['weekly', 'monthly', 'yearly'] as const)('are used when %s is chosen but the averages lack its fields', (averaging) => {
    const model = buildGraphData({ ...base, averaging, averages: [{ month: '2025-01', average: 80 }] as AveragedItem[] });
    const expectAveraged = averaging === 'monthly';
    expect(model.averaged).toBe(expectAveraged);
    if (!expectAveraged) expect(model.points).toHaveLength(3);
  });

  it('are used when averaging is chosen but the averages are not loaded', () => {
    const model = buildGraphData({ ...base, averaging: 'weekly', averages: undefined });
    expect(model.averaged).toBe(false);
    expect(model.points).toHaveLength(3);
  });

  it('mode none ignores averages', () => {
    const model = buildGraphData({ ...base, averages: [{ week: '2025-02', average: 70 }] as AveragedItem[] });
    expect(model.averaged).toBe(false);
    expect(model.points).toHaveLength(3);
  });
});

describe('averaged data', () => {
  const quarter = { start: '2025-01-01', end: '2025-03-31' };

  it('weekly: points at the week start with "{year} Week {n} ({d MMM})" (Sunday-start weeks)', () => {
    const model = buildGraphData({
      ...base,
      period: 'quarter',
      range: quarter,
      averaging: 'weekly',
      averages: [
        { week: '2025-02', average: 79.84, count: 3 },
        { week: '2025-01', average: 80.2, count: 4 },
      ],
    });
    expect(model.averaged).toBe(true);
    expect(model.points.map((p) => [p.date, p.label, p.averaged, p.count])).toEqual([
      ['2024-12-29', '2025 Week 1 (29 Dec)', true, 4],
      ['2025-01-05', '2025 Week 2 (5 Jan)', true, 3],
    ]);
    // A bucket starting before the range widens the axis instead of being clipped.
    expect(model.bounds).toEqual({ min: dateToX('2024-12-29'), max: dateToX('2025-03-31') });
  });

  it('weekly with Monday-start weeks', () => {
    const model = buildGraphData({ ...base, period: 'quarter', range: quarter, weekStartsOn: 1, averaging: 'weekly', averages: [{ week: '2025-01', average: 80 }, { week: '2025-02', average: 79 }] });
    expect(model.points.map((p) => p.label)).toEqual(['2025 Week 1 (30 Dec)', '2025 Week 2 (6 Jan)']);
  });

  it('monthly: long month and year', () => {
    const model = buildGraphData({ ...base, period: 'year', range: { start: '2025-01-01', end: '2025-12-31' }, averaging: 'monthly', averages: [{ month: '2025-01', average: 80 }, { month: '2025-02', average: 79 }] });
    expect(model.points.map((p) => [p.date, p.label])).toEqual([
      ['2025-01-01', 'January 2025'],
      ['2025-02-01', 'February 2025'],
    ]);
  });

  it('yearly: the year', () => {
    const model = buildGraphData({ ...base, period: 'all', range: { start: '2023-05-01', end: '2025-06-01' }, averaging: 'yearly', averages: [{ year: '2023', average: 85 }, { year: '2024', average: 82 }, { year: '2025', average: 80 }] });
    expect(model.points.map((p) => p.label)).toEqual(['2023', '2024', '2025']);
    expect(model.points.map((p) => p.y)).toEqual([85, 82, 80]);
  });

  it.each([
    ['week', 'weekly', { week: '2025-02', average: 80.04 }, { start: '2025-01-05', end: '2025-01-11' }],
    ['month', 'monthly', { month: '2025-01', average: 80.04 }, { start: '2025-01-01', end: '2025-01-31' }],
    ['year', 'yearly', { year: '2025', average: 80.04 }, { start: '2025-01-01', end: '2025-12-31' }],
  ] as const)('one item with period %s and mode %s: a flat labelled line across the range, no points', (period, averaging, item, range) => {
    const model = buildGraphData({ ...base, period, averaging, range, averages: [item as AveragedItem] });
    expect(model.status).toBe('ok');
    expect(model.points).toEqual([]);
    expect(model.averageLine).toEqual({ label: 'Weight: 80.0 kg (avg)', valueKg: 80.04 });
    const [dataset] = model.data.datasets;
    expect(dataset.label).toBe('Weight: 80.0 kg (avg)');
    expect(dataset.pointRadius).toBe(0);
    expect(dataset.pointHitRadius).toBe(0);
    expect(dataset.data.map((p) => [p.x, p.y])).toEqual([
      [dateToX(range.start), 80.04],
      [dateToX(range.end), 80.04],
    ]);
    expect(model.bounds).toEqual({ min: dateToX(range.start), max: dateToX(range.end) });
  });

  it('the flat line is labelled in pounds for an imperial user', () => {
    const model = buildGraphData({ ...base, unit: 'IMPERIAL', period: 'month', averaging: 'monthly', range: { start: '2025-01-01', end: '2025-01-31' }, averages: [{ month: '2025-01', average: 80 }] });
    expect(model.averageLine?.label).toBe('Weight: 176.4 lb (avg)');
    expect(model.data.datasets[0].data[0].y).toBeCloseTo(176.3696, 4);
  });

  it('without a range the flat line spans its bucket', () => {
    const model = buildGraphData({ ...base, period: 'month', averaging: 'monthly', range: null, averages: [{ month: '2024-02', average: 80 }] });
    expect(model.bounds).toEqual({ min: dateToX('2024-02-01'), max: dateToX('2024-02-29') });
    const week = buildGraphData({ ...base, period: 'week', averaging: 'weekly', range: null, averages: [{ week: '2025-02', average: 80 }] });
    expect(week.bounds).toEqual({ min: dateToX('2025-01-05'), max: dateToX('2025-01-11') });
    const year = buildGraphData({ ...base, period: 'year', averaging: 'yearly', range: null, averages: [{ year: '2024', average: 80 }] });
    expect(year.bounds).toEqual({ min: dateToX('2024-01-01'), max: dateToX('2024-12-31') });
  });

  it.each([
    ['month', 'weekly', { week: '2025-02', average: 80 }],
    ['quarter', 'monthly', { month: '2025-01', average: 80 }],
    ['all', 'yearly', { year: '2025', average: 80 }],
    ['week', 'monthly', { month: '2025-01', average: 80 }],
  ] as const)('one item with period %s and mode %s (not matching): a normal point', (period, averaging, item) => {
    const model = buildGraphData({ ...base, period, averaging, averages: [item as AveragedItem] });
    expect(model.averageLine).toBeNull();
    expect(model.points).toHaveLength(1);
    expect(model.data.datasets[0].pointRadius).toBe(4);
  });

  it('two items with a matching period are still points', () => {
    const model = buildGraphData({ ...base, period: 'month', averaging: 'weekly', averages: [{ week: '2025-02', average: 80 }, { week: '2025-03', average: 79 }] });
    expect(model.averageLine).toBeNull();
    expect(model.points).toHaveLength(2);
  });
});

describe('empty and broken data', () => {
  it.each([
    ['no entries', { entries: [] }],
    ['undefined entries', { entries: undefined }],
    ['null entries', { entries: null }],
    ['averaging with no averages and no entries', { entries: [], averaging: 'weekly' as const, averages: [] }],
  ])('%s → No data available', (_name, patch) => {
    const model = buildGraphData({ ...base, ...patch });
    expect(model).toMatchObject({ status: 'empty', message: 'No data available', points: [], bounds: null });
    expect(model.data.datasets).toEqual([]);
  });

  it('a week that does not exist → its message, no crash', () => {
    const model = buildGraphData({ ...base, period: 'year', averaging: 'weekly', averages: [{ week: '2025-01', average: 80 }, { week: '2025-53', average: 79 }] });
    expect(model).toMatchObject({ status: 'error', message: '2025 has no ISO week 53', points: [] });
  });
});

describe('look', () => {
  it('theme colour line and points, fill at 0.1 opacity, no smoothing, radius 4', () => {
    const [dataset] = buildGraphData({ ...base, themeColor: '#ef4444' }).data.datasets;
    expect(dataset).toMatchObject({
      borderColor: '#ef4444',
      pointBackgroundColor: '#ef4444',
      backgroundColor: 'rgba(239, 68, 68, 0.1)',
      fill: 'start',
      tension: 0,
      pointRadius: 4,
    });
  });

  it('an invalid theme colour falls back to the default instead of throwing', () => {
    expect(graphColor('nope')).toBe('#3ab0b9');
    expect(graphColor('#ABC')).toBe('#aabbcc');
    expect(buildGraphData({ ...base, themeColor: 'nope' }).data.datasets[0].borderColor).toBe('#3ab0b9');
  });
});
