import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '../domain/dates';
import { avgOf } from '../test/averages';
import { buildGraphData } from './buildGraphData';
import { describeGraph } from './describeGraph';
import type { GraphInput } from './types';

const base: GraphInput = {
  entries: [
    { date: '2025-01-06', weightKg: 80 },
    { date: '2025-01-08', weightKg: 79.5, notes: 'after holidays' },
    { date: '2025-01-10', weightKg: 81.2 },
  ],
  averaging: 'none',
  period: 'week',
  range: { start: '2025-01-05', end: '2025-01-11' },
  unit: 'METRIC',
  weekStartsOn: 0,
  themeColor: '#3ab0b9',
};

describe('describeGraph', () => {
  it('says when the target is likely reached in the Trend card’s words, with an open slow end as “not before”', () => {
    const model = buildGraphData(base);
    const band = { from: { x: 0, y: 80 }, earliest: { x: 0, y: 75 }, latest: { x: 0, y: 75 } };
    const at = (forecast: object) => describeGraph({ ...model, forecast: { ...band, forecast } as never }, 'METRIC');
    expect(at({ date: '2028-03-27', earliest: '2027-04-12', latest: null })).toMatch(
      / At this rate the target is reached most likely 27 Mar 2028, not before 12 Apr 2027\.$/,
    );
    expect(at({ date: '2027-03-27', earliest: '2027-03-01', latest: '2027-05-02' })).toMatch(
      / At this rate the target is reached most likely 27 Mar 2027, between 1 Mar 2027 and 2 May 2027\.$/,
    );
  });

  it('names the span, the count, the first, last, lowest and highest weight', () => {
    // trend: seed median(80, 79.5, 81.2) = 80; 6→8 Jan (0.19): 79.905; 8→10 Jan: 80.151. Slope over days 0, 2, 4:
    // Sxy / Sxx = 0.3021 / 8 = 0.0378 kg a day → 0.26 kg a week → 'up 0.3 kg'
    expect(describeGraph(buildGraphData(base), 'METRIC')).toBe(
      'Weight from 06/01/2025 to 10/01/2025: 3 entries. First 80.0 kg (06/01/2025), last 81.2 kg (10/01/2025); ' +
        'lowest 79.5 kg (08/01/2025), highest 81.2 kg (10/01/2025). Trend: up 0.3 kg a week over the last two weeks.',
    );
  });

  it('gives the rate of the trend as drawn, seeded by the readings before the period, as the Trend card does', () => {
    // two weeks of losing 0.2 kg a day before this week; this week's three readings climb from 80.0 to 80.8, still
    // under the trend, so the trend keeps falling
    const before = Array.from({ length: 13 }, (_, i) => ({ date: addDaysToDate('2024-12-23', i), weightKg: 83 - 0.2 * i }));
    const plotted = [
      { date: '2025-01-06', weightKg: 80 },
      { date: '2025-01-08', weightKg: 80.4 },
      { date: '2025-01-10', weightKg: 80.8 },
    ];
    const model = buildGraphData({ ...base, entries: plotted, showTrend: true, trendHistory: before });
    expect(describeGraph(model, 'METRIC', 'none', before)).toMatch(/Trend: down \d\.\d kg a week over the last two weeks\.$/);
    // the week's readings alone would say the opposite
    expect(describeGraph(model, 'METRIC')).toMatch(/Trend: up /);
  });

  it('speaks the reader’s unit', () => {
    // 79.5 kg × 2.20462 = 175.27 → 175.3 lb
    expect(describeGraph(buildGraphData({ ...base, unit: 'IMPERIAL' }), 'IMPERIAL')).toContain('lowest 175.3 lb (08/01/2025)');
  });

  it('says when the trend holds steady, and one reading alone', () => {
    const flat = Array.from({ length: 14 }, (_, i) => ({ date: addDaysToDate('2025-01-01', i), weightKg: 80 }));
    const model = buildGraphData({ ...base, period: 'month', range: { start: '2025-01-01', end: '2025-01-31' }, entries: flat });
    expect(describeGraph(model, 'METRIC')).toContain('Trend: holding steady over the last two weeks.');
    // 42 g a week is past the 35 g of steady, but rounds to 0.0 kg: steady in kilograms, 0.1 lb a week in pounds
    const slow = Array.from({ length: 28 }, (_, i) => ({ date: addDaysToDate('2025-01-01', i), weightKg: 80 - 0.006 * i }));
    const slowInput: GraphInput = { ...base, period: 'month', range: { start: '2025-01-01', end: '2025-01-31' }, entries: slow };
    expect(describeGraph(buildGraphData(slowInput), 'METRIC')).toContain('Trend: holding steady over the last two weeks.');
    expect(describeGraph(buildGraphData({ ...slowInput, unit: 'IMPERIAL' }), 'IMPERIAL')).toContain(
      'Trend: down 0.1 lb a week over the last two weeks.',
    );
    const one = buildGraphData({ ...base, entries: [{ date: '2025-01-06', weightKg: 80 }] });
    expect(describeGraph(one, 'METRIC')).toBe('Weight on 06/01/2025: 1 entry. 80.0 kg (06/01/2025).');
  });

  it('describes averages by their buckets, and the single average line', () => {
    const monthly = buildGraphData({
      ...base,
      period: 'year',
      range: { start: '2025-01-01', end: '2025-12-31' },
      averaging: 'monthly',
      averages: [avgOf({ month: '2025-01', average: 80 }), avgOf({ month: '2025-02', average: 79 })],
    });
    expect(describeGraph(monthly, 'METRIC', 'monthly')).toBe(
      'Monthly averages from January 2025 to February 2025: 2 averages. First 80.0 kg (January 2025), last 79.0 kg (February 2025); ' +
        'lowest 79.0 kg (February 2025), highest 80.0 kg (January 2025).',
    );
    const oneMonth = buildGraphData({
      ...base,
      period: 'year',
      range: { start: '2025-01-01', end: '2025-12-31' },
      averaging: 'monthly',
      averages: [avgOf({ month: '2025-03', average: 80 })],
    });
    expect(describeGraph(oneMonth, 'METRIC', 'monthly')).toBe('Monthly averages for March 2025: 1 average. 80.0 kg (March 2025).');
    const single = buildGraphData({ ...base, averaging: 'weekly', averages: [avgOf({ week: '2025-02', average: 80 }, 0)] });
    expect(describeGraph(single, 'METRIC', 'weekly')).toBe('Weight: 80.0 kg (avg) over the whole period.');
  });

  it('is the message itself when there is nothing to draw', () => {
    expect(describeGraph(buildGraphData({ ...base, entries: [] }), 'METRIC')).toBe('No data available');
  });
});
