import { describe, expect, it } from 'vitest';
import type { WeightEntry } from './averages';
import * as domain from './index';
import {
  computeTrend,
  dailyReadings,
  isThinAverage,
  latestTrendKg,
  median,
  ratePerWeek,
  residualSd,
  THIN_AVERAGE_MIN_DAYS,
  trendChange,
  trendOn,
  trendRate,
  trendStep,
  type TrendPoint,
} from './trend';

const entry = (date: string, weightKg: number): WeightEntry => ({ date, weightKg });
/** [date, weight, trend] triples with the trend rounded to 6 decimals (float noise). */
const rows = (points: TrendPoint[]) => points.map((p) => [p.date, p.weightKg, Math.round(p.trendKg * 1e6) / 1e6]);
const point = (date: string, trendKg: number, weightKg = trendKg): TrendPoint => ({ date, weightKg, trendKg });

describe('median', () => {
  it('is the middle value, or the mean of the middle two', () => {
    expect(median([5])).toBe(5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([95, 80, 80.4])).toBe(80.4);
    expect(median([80, 82])).toBe(81);
    expect(() => median([])).toThrow();
  });
});

describe('trendStep', () => {
  it('is 1 − 0.9^Δ', () => {
    expect(trendStep(1)).toBeCloseTo(0.1, 12);
    expect(trendStep(2)).toBeCloseTo(0.19, 12); // 1 − 0.81
    expect(trendStep(7)).toBeCloseTo(0.5217031, 12); // 0.9^7 = 0.4782969
    expect(trendStep(30)).toBeCloseTo(0.9576088417, 9); // 0.9^30 = 0.0423911583
    expect(trendStep(0)).toBe(0);
    expect(trendStep(-1)).toBe(0);
  });
});

describe('computeTrend', () => {
  it('nothing → nothing', () => {
    expect(computeTrend([])).toEqual([]);
    expect(computeTrend(null)).toEqual([]);
    expect(computeTrend(undefined)).toEqual([]);
  });

  it('a single reading is its own trend', () => {
    expect(computeTrend([entry('2025-03-01', 72.4)])).toEqual([{ date: '2025-03-01', weightKg: 72.4, trendKg: 72.4 }]);
  });

  it('a flat series stays flat', () => {
    const flat = ['2025-03-01', '2025-03-02', '2025-03-04', '2025-03-09'].map((d) => entry(d, 80));
    expect(computeTrend(flat).map((p) => p.trendKg)).toEqual([80, 80, 80, 80]);
  });

  it('moves 10 % a day and 1 − 0.9^Δ after a gap, seeded with the median of the first three', () => {
    // seed = median(80, 81, 79) = 80
    // 01-02: 80 + 0.1 × (81 − 80) = 80.1
    // 01-03: 80.1 + 0.1 × (79 − 80.1) = 79.99
    // 01-05 (Δ 2, step 0.19): 79.99 + 0.19 × (78 − 79.99) = 79.99 − 0.3781 = 79.6119
    const points = computeTrend([entry('2025-01-01', 80), entry('2025-01-02', 81), entry('2025-01-03', 79), entry('2025-01-05', 78)]);
    expect(rows(points)).toEqual([
      ['2025-01-01', 80, 80],
      ['2025-01-02', 81, 80.1],
      ['2025-01-03', 79, 79.99],
      ['2025-01-05', 78, 79.6119],
    ]);
    expect(latestTrendKg(points)).toBeCloseTo(79.6119, 10);
  });

  it('an outlier first reading does not bias the trend (median seed)', () => {
    // seed = median(95, 80, 80.4) = 80.4; 80.4 + 0.1 × (80 − 80.4) = 80.36; 80.36 + 0.1 × (80.4 − 80.36) = 80.364
    expect(rows(computeTrend([entry('2025-01-01', 95), entry('2025-01-02', 80), entry('2025-01-03', 80.4)]))).toEqual([
      ['2025-01-01', 95, 80.4],
      ['2025-01-02', 80, 80.36],
      ['2025-01-03', 80.4, 80.364],
    ]);
  });

  it('two readings seed with their mean', () => {
    // seed = (80 + 82) / 2 = 81; 81 + 0.1 × (82 − 81) = 81.1
    expect(rows(computeTrend([entry('2025-01-01', 80), entry('2025-01-02', 82)]))).toEqual([
      ['2025-01-01', 80, 81],
      ['2025-01-02', 82, 81.1],
    ]);
  });

  it('after a 30-day gap the trend almost catches up, with no invented readings', () => {
    // two readings: seed = (80 + 70) / 2 = 75; 75 + 0.9576088417 × (70 − 75) = 70.2119557915
    const points = computeTrend([entry('2025-01-01', 80), entry('2025-01-31', 70)]);
    expect(points).toHaveLength(2);
    expect(points[1].trendKg).toBeCloseTo(70.2119557915, 9);
    // three readings of 80 first: seed 80; 80 + 0.9576088417 × (70 − 80) = 70.423911583
    const three = computeTrend([entry('2024-12-30', 80), entry('2024-12-31', 80), entry('2025-01-01', 80), entry('2025-01-31', 70)]);
    expect(three[3].trendKg).toBeCloseTo(70.423911583, 9);
  });

  it.each([
    ['Los Angeles springs forward on 9 March', '2025-03-08', '2025-03-10'],
    ['Europe springs forward on 30 March', '2025-03-29', '2025-03-31'],
    ['Auckland falls back on 6 April', '2025-04-05', '2025-04-07'],
    ['Los Angeles falls back on 2 November', '2025-11-01', '2025-11-03'],
  ])('counts calendar days across DST (%s)', (_name, before, after) => {
    // seed = (80 + 82) / 2 = 81; Δ = 2 → 81 + 0.19 × (82 − 81) = 81.19
    expect(computeTrend([entry(before, 80), entry(after, 82)])[1].trendKg).toBeCloseTo(81.19, 12);
  });

  it('sorts unsorted input', () => {
    const points = computeTrend([entry('2025-01-05', 78), entry('2025-01-01', 80), entry('2025-01-03', 79), entry('2025-01-02', 81)]);
    expect(rows(points).map((r) => r[2])).toEqual([80, 80.1, 79.99, 79.6119]);
  });

  it('merges two readings of one date into their mean (one point per date)', () => {
    // 01-01 → (80 + 82) / 2 = 81; seed = median(81, 81) = 81
    expect(dailyReadings([entry('2025-01-01', 80), entry('2025-01-02', 81), entry('2025-01-01', 82)])).toEqual([
      { date: '2025-01-01', weightKg: 81 },
      { date: '2025-01-02', weightKg: 81 },
    ]);
    expect(dailyReadings([entry('2025-01-01', 80), entry('2025-01-01', 81), entry('2025-01-01', 85)])).toEqual([
      { date: '2025-01-01', weightKg: 82 },
    ]);
    expect(computeTrend([entry('2025-01-01', 80), entry('2025-01-01', 82)])).toEqual([{ date: '2025-01-01', weightKg: 81, trendKg: 81 }]);
  });

  it('drops entries with a broken date or weight', () => {
    const points = computeTrend([entry('2025-01-01', 80), entry('2025-02-30', 1), entry('2025-01-02', Number.NaN), entry('bad', 3)]);
    expect(points).toEqual([{ date: '2025-01-01', weightKg: 80, trendKg: 80 }]);
    expect(latestTrendKg([])).toBeUndefined();
  });
});

describe('residualSd', () => {
  it('is the root mean square of weight − trend', () => {
    // residuals 3, −3, 3, −3 → √(36 / 4) = 3
    const points = [point('2025-01-01', 80, 83), point('2025-01-02', 80, 77), point('2025-01-03', 80, 83), point('2025-01-04', 80, 77)];
    expect(residualSd(points)).toBe(3);
    expect(residualSd([])).toBe(0);
    expect(residualSd([point('2025-01-01', 80)])).toBe(0);
  });
});

describe('trendRate', () => {
  it('a straight trend: slope exact, no error', () => {
    // 14 daily points on 80 − 0.1 x
    const points = Array.from({ length: 14 }, (_, i) => point(`2025-01-${String(i + 1).padStart(2, '0')}`, 80 - 0.1 * i));
    const rate = trendRate(points);
    expect(rate.kind).toBe('rate');
    if (rate.kind !== 'rate') return;
    expect(rate.kgPerDay).toBeCloseTo(-0.1, 12);
    expect(rate.standardError).toBeCloseTo(0, 10);
    expect(rate.residualSd).toBeCloseTo(0, 10);
    expect([rate.count, rate.windowStart, rate.windowEnd]).toEqual([14, '2025-01-01', '2025-01-14']);
  });

  it('three points: slope, residual SD and standard error by hand', () => {
    // x = 0, 1, 2; y = 80, 79.8, 79.9; x̄ = 1, ȳ = 79.9; Sxx = 2; Sxy = (−1)(0.1) + 0 + (1)(0) = −0.1
    // b = −0.05; a = 79.95; fitted 79.95, 79.9, 79.85; residuals 0.05, −0.1, 0.05; SSE = 0.015
    // s = √(0.015 / 1) = 0.1224745; SE = s / √2 = 0.0866025
    const rate = trendRate([point('2025-01-01', 80), point('2025-01-02', 79.8), point('2025-01-03', 79.9)]);
    expect(rate).toMatchObject({ kind: 'rate', count: 3, windowStart: '2024-12-21', windowEnd: '2025-01-03' });
    if (rate.kind !== 'rate') return;
    expect(rate.kgPerDay).toBeCloseTo(-0.05, 12);
    expect(rate.residualSd).toBeCloseTo(0.1224745, 6);
    expect(rate.standardError).toBeCloseTo(0.0866025, 6);
  });

  it('uses calendar days as x, so gaps weigh correctly', () => {
    // days 0, 1, 4 on 80 − 0.1 x: slope −0.1 exactly, although the readings are unevenly spaced
    const rate = trendRate([point('2025-01-01', 80), point('2025-01-02', 79.9), point('2025-01-05', 79.6)]);
    expect(rate.kind === 'rate' && rate.kgPerDay).toBeCloseTo(-0.1, 12);
  });

  it('fits only the last 14 calendar days ending at the last reading', () => {
    // window 01-07..01-20 (20 − 13 = 7): 01-06 and 01-01 are left out; 80, 79.3, 78.7 lie on 80 − 0.1 x
    const points = [
      point('2025-01-01', 90),
      point('2025-01-06', 95),
      point('2025-01-07', 80),
      point('2025-01-14', 79.3),
      point('2025-01-20', 78.7),
    ];
    const rate = trendRate(points);
    expect(rate).toMatchObject({ kind: 'rate', count: 3, windowStart: '2025-01-07', windowEnd: '2025-01-20' });
    expect(rate.kind === 'rate' && rate.kgPerDay).toBeCloseTo(-0.1, 12);
    expect(trendRate(points, { windowDays: 7 })).toEqual({ kind: 'insufficient', count: 2 }); // 01-14..01-20
  });

  it('a shorter selected period narrows the window', () => {
    const points = [point('2025-01-07', 80), point('2025-01-14', 79.3), point('2025-01-20', 78.7)];
    expect(trendRate(points, { since: '2025-01-10' })).toEqual({ kind: 'insufficient', count: 2 });
    expect(trendRate(points, { since: '2024-12-01' })).toMatchObject({ kind: 'rate', windowStart: '2025-01-07' });
    expect(trendRate(points, { since: null })).toMatchObject({ kind: 'rate', count: 3 });
  });

  it('needs at least 3 readings in the window', () => {
    expect(trendRate([])).toEqual({ kind: 'insufficient', count: 0 });
    expect(trendRate([point('2025-01-01', 80)])).toEqual({ kind: 'insufficient', count: 1 });
    expect(trendRate([point('2025-01-01', 80), point('2025-01-02', 79)])).toEqual({ kind: 'insufficient', count: 2 });
    // 3 readings, but the first is 14 days before the last (outside 01-02..01-15)
    expect(trendRate([point('2025-01-01', 80), point('2025-01-14', 79), point('2025-01-15', 79)])).toEqual({
      kind: 'insufficient',
      count: 2,
    });
  });

  it('a flat trend has rate 0', () => {
    const rate = trendRate(computeTrend(['2025-01-01', '2025-01-02', '2025-01-03'].map((d) => entry(d, 80))));
    expect(rate).toMatchObject({ kind: 'rate', kgPerDay: 0, standardError: 0, residualSd: 0 });
  });

  it('fits the trend of real entries (hand-computed)', () => {
    // trend 80, 80.1, 79.99, 79.6119 on x = 0, 1, 2, 4 (see computeTrend above)
    // x̄ = 1.75; Sxx = 3.0625 + 0.5625 + 0.0625 + 5.0625 = 8.75
    // Sxy = Σ(x − x̄)·y = −140 − 60.075 + 19.9975 + 179.126775 = −0.950725; b = −0.1086543
    // a = ȳ − b·x̄ = 79.925475 + 0.1901450 = 80.1156200; residuals −0.1156200, 0.0930343, 0.0916886, −0.0691028
    // SSE = 0.0352052; s = √(SSE / 2) = 0.1326747; SE = s / √8.75 = 0.0448526
    const rate = trendRate(
      computeTrend([entry('2025-01-01', 80), entry('2025-01-02', 81), entry('2025-01-03', 79), entry('2025-01-05', 78)]),
    );
    if (rate.kind !== 'rate') throw new Error('expected a rate');
    expect(rate.kgPerDay).toBeCloseTo(-0.1086543, 6);
    expect(rate.residualSd).toBeCloseTo(0.1326747, 5);
    expect(rate.standardError).toBeCloseTo(0.0448526, 5);
  });
});

describe('ratePerWeek', () => {
  it('is 7 days of the rate in the user unit', () => {
    expect(ratePerWeek(-0.1, 'METRIC')).toBeCloseTo(-0.7, 12);
    expect(ratePerWeek(-0.1, 'IMPERIAL')).toBeCloseTo(-1.543234, 12); // 0.7 × 2.20462
    expect(ratePerWeek(0.05, 'METRIC')).toBeCloseTo(0.35, 12);
    expect(ratePerWeek(0, 'IMPERIAL')).toBe(0);
  });
});

describe('isThinAverage', () => {
  it('weekly < 3 days, monthly < 8, yearly < 60', () => {
    expect(THIN_AVERAGE_MIN_DAYS).toEqual({ weekly: 3, monthly: 8, yearly: 60 });
    expect([isThinAverage(2, 'weekly'), isThinAverage(3, 'weekly'), isThinAverage(7, 'weekly')]).toEqual([true, false, false]);
    expect([isThinAverage(7, 'monthly'), isThinAverage(8, 'monthly')]).toEqual([true, false]);
    expect([isThinAverage(59, 'yearly'), isThinAverage(60, 'yearly')]).toEqual([true, false]);
    expect(isThinAverage(0, 'weekly')).toBe(true);
  });

  it('is false for raw data and unknown counts', () => {
    expect(isThinAverage(1, 'none')).toBe(false);
    expect(isThinAverage(undefined, 'weekly')).toBe(false);
    expect(isThinAverage(null, 'monthly')).toBe(false);
    expect(isThinAverage(Number.NaN, 'yearly')).toBe(false);
  });
});

describe('domain barrel', () => {
  it('re-exports the trend, forecast and plausibility modules', () => {
    for (const name of [
      'computeTrend',
      'trendRate',
      'ratePerWeek',
      'isThinAverage',
      'forecastGoal',
      'formatForecastRange',
      'checkPlausibility',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });
});

describe('trendOn and trendChange', () => {
  const points = [point('2025-01-01', 90), point('2025-01-10', 89.5), point('2025-01-20', 89), point('2025-01-31', 88.2)];

  it('the trend holds between readings', () => {
    expect(trendOn(points, '2024-12-31')).toBeUndefined();
    expect(trendOn(points, '2025-01-01')).toBe(90);
    expect(trendOn(points, '2025-01-15')).toBe(89.5);
    expect(trendOn(points, '2025-03-01')).toBe(88.2);
  });

  it('is the latest trend minus the trend as it stood the given days before today', () => {
    // 7 days before 31 Jan is 24 Jan: the trend then was 20 Jan's 89
    expect(trendChange(points, '2025-01-31', 7)).toBeCloseTo(-0.8, 10);
    expect(trendChange(points, '2025-01-31', 30)).toBeCloseTo(-1.8, 10);
    // a day later, the same readings: 7 days back is 25 Jan, still 89
    expect(trendChange(points, '2025-02-01', 7)).toBeCloseTo(-0.8, 10);
  });

  it('says nothing when the readings do not reach back that far or nothing was logged in the span', () => {
    expect(trendChange(points, '2025-01-31', 90)).toBeNull();
    expect(trendChange(points, '2025-02-10', 7)).toBeNull();
    expect(trendChange([], '2025-01-31', 7)).toBeNull();
  });
});
