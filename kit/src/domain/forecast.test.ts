import { describe, expect, it } from 'vitest';
import type { WeightEntry } from './averages';
import {
  compareWithTargetDate,
  FORECAST_MESSAGES,
  forecastFromRate,
  forecastGoal,
  formatForecastDate,
  formatForecastRange,
  formatSchedule,
  notOnTrackWords,
  requiredDirection,
  type ForecastGoal,
} from './forecast';
import type { TrendRate } from './trend';

const LAST = '2025-03-01';
const rate = (kgPerDay: number, standardError = 0.01, residualSd = 0.05): TrendRate => ({
  kind: 'rate',
  kgPerDay,
  standardError,
  residualSd,
  count: 14,
  windowStart: '2025-02-16',
  windowEnd: LAST,
});
const LOSE: ForecastGoal = { startWeightKg: 90, targetWeightKg: 75, targetDate: '2025-04-30' };
const GAIN: ForecastGoal = { startWeightKg: 55, targetWeightKg: 65, targetDate: '2025-04-30' };
const KEEP: ForecastGoal = { startWeightKg: 80, targetWeightKg: 80 };
const entry = (date: string, weightKg: number): WeightEntry => ({ date, weightKg });

describe('forecastFromRate: on track', () => {
  // D = |75 − 80| = 5 kg; r = 0.1 kg/day → most likely ⌈5 / 0.1⌉ = 50 days → 1 Mar + 50 = 20 Apr
  // earliest: (5 − 1.96 × 0.05) / (0.1 + 1.96 × 0.01) = 4.902 / 0.1196 = 40.99 → 41 days → 11 Apr
  // latest:   (5 + 1.96 × 0.05) / (0.1 − 1.96 × 0.01) = 5.098 / 0.0804 = 63.41 → 64 days → 4 May
  it('a loss goal: the date the trend reaches the target, with its likely range', () => {
    expect(forecastFromRate(80, LAST, rate(-0.1), LOSE)).toEqual({
      kind: 'on-track',
      date: '2025-04-20',
      earliest: '2025-04-11',
      latest: '2025-05-04',
      days: 50,
      trendKg: 80,
      kgPerDay: -0.1,
      // 20 Apr is 10 days before the target date 30 Apr
      schedule: { status: 'ahead', days: 10, targetDatePassed: false },
    });
  });

  it('a gain goal works the same way upward', () => {
    // D = |65 − 60| = 5, r = 0.1: the same 50 / 41 / 64 days
    expect(forecastFromRate(60, LAST, rate(0.1), GAIN)).toMatchObject({
      kind: 'on-track',
      date: '2025-04-20',
      earliest: '2025-04-11',
      latest: '2025-05-04',
      kgPerDay: 0.1,
    });
  });

  it('a perfectly straight trend has a one-day range', () => {
    const forecast = forecastFromRate(80, LAST, rate(-0.1, 0, 0), LOSE);
    expect(forecast).toMatchObject({ date: '2025-04-20', earliest: '2025-04-20', latest: '2025-04-20' });
  });

  it('the slow end is open when the rate may be zero within its error', () => {
    // 0.1 − 1.96 × 0.06 = −0.0176 ≤ 0 → no latest date; earliest (5 − 0.098) / (0.1 + 0.1176) = 22.53 → 23 days → 24 Mar
    expect(forecastFromRate(80, LAST, rate(-0.1, 0.06), LOSE)).toMatchObject({ date: '2025-04-20', earliest: '2025-03-24', latest: null });
  });

  it('the earliest date is at least the next day', () => {
    // 1.96 × 3 = 5.88 > D = 5 → nearest distance 0 → 1 day
    expect(forecastFromRate(80, LAST, rate(-0.1, 0.01, 3), LOSE)).toMatchObject({ earliest: '2025-03-02' });
  });

  it('5 g per day is enough', () => {
    // D = |80 − 80.5| = 0.5, r = 0.005 → 100 days → 1 Mar + 100 = 9 Jun
    expect(forecastFromRate(80.5, LAST, rate(-0.005, 0, 0), KEEP)).toMatchObject({ kind: 'on-track', days: 100, date: '2025-06-09' });
  });

  it('exactly two years is shown, one day more is not', () => {
    // 0.0078125 kg/day = 2⁻⁷ (exact in binary); D = 730 × 2⁻⁷ = 5.703125 → 730 days; 1 Mar 2025 + 730 = 1 Mar 2027
    expect(forecastFromRate(80.703125, LAST, rate(-0.0078125, 0.001, 0), LOSE)).toMatchObject({
      kind: 'on-track',
      days: 730,
      date: '2027-03-01',
      latest: null, // slowest 0.0078125 − 0.00196 = 0.0058525 → 974.5 days, past two years
    });
    // D = 731 × 2⁻⁷ = 5.7109375 → 731 days
    expect(forecastFromRate(80.7109375, LAST, rate(-0.0078125), LOSE)).toEqual({
      kind: 'not-on-track',
      reason: 'too-slow',
      message: 'At this rate it would take more than two years.',
    });
  });

  it('a maintain goal forecasts the return to the target', () => {
    // D = |80 − 82| = 2, r = 0.1 → 20 days → 21 Mar; no target date → no schedule
    expect(forecastFromRate(82, LAST, rate(-0.1, 0, 0), KEEP)).toMatchObject({ kind: 'on-track', date: '2025-03-21', schedule: null });
  });
});

describe('forecastFromRate: not on track', () => {
  const reason = (...args: Parameters<typeof forecastFromRate>) => {
    const forecast = forecastFromRate(...args);
    return forecast.kind === 'not-on-track' ? [forecast.reason, forecast.message] : forecast.kind;
  };

  it('has the plain words of every reason', () => {
    expect(FORECAST_MESSAGES).toEqual({
      insufficient: 'Log at least 3 weights in 14 days to see a forecast.',
      reached: "You've reached your target.",
      steady: 'Your weight is holding steady, so there is no date to forecast yet.',
      away: 'Your trend is moving away from your target.',
      'too-slow': 'At this rate it would take more than two years.',
    });
  });

  it('without enough readings', () => {
    expect(reason(80, LAST, { kind: 'insufficient', count: 2 }, LOSE)).toEqual(['insufficient', FORECAST_MESSAGES.insufficient]);
    expect(reason(undefined, undefined, { kind: 'insufficient', count: 0 }, LOSE)).toEqual([
      'insufficient',
      FORECAST_MESSAGES.insufficient,
    ]);
  });

  it('the target already reached or passed, whatever the rate', () => {
    expect(reason(75, LAST, rate(-0.1), LOSE)[0]).toBe('reached');
    expect(reason(74.2, LAST, rate(0.1), LOSE)[0]).toBe('reached'); // passed the loss target, even if now gaining
    expect(reason(75.04, LAST, rate(-0.1), LOSE)[0]).toBe('reached'); // within 0.05 kg shows as the target
    expect(reason(66, LAST, rate(-0.1), GAIN)[0]).toBe('reached');
    expect(reason(74.2, LAST, { kind: 'insufficient', count: 1 }, LOSE)).toEqual(['reached', "You've reached your target."]);
    expect(reason(80, LAST, rate(0.1), KEEP)[0]).toBe('reached');
  });

  it('holding steady below 5 g per day, either way', () => {
    expect(reason(80, LAST, rate(-0.0049), LOSE)).toEqual(['steady', FORECAST_MESSAGES.steady]);
    expect(reason(80, LAST, rate(0.0049), LOSE)[0]).toBe('steady');
    expect(reason(80, LAST, rate(0), LOSE)[0]).toBe('steady');
  });

  it('moving away from the target', () => {
    expect(reason(80, LAST, rate(0.05), LOSE)).toEqual(['away', FORECAST_MESSAGES.away]);
    expect(reason(60, LAST, rate(-0.05), GAIN)[0]).toBe('away');
    expect(reason(82, LAST, rate(0.05), KEEP)[0]).toBe('away');
  });

  it('moving away, beside a rate the reader sees as 0.0, is put as holding steady; other reasons keep their words', () => {
    const away = forecastFromRate(80, LAST, rate(0.006), LOSE);
    const slow = forecastFromRate(80, LAST, rate(-0.006), LOSE);
    if (away.kind !== 'not-on-track' || slow.kind !== 'not-on-track') throw new Error('expected not on track');
    expect(notOnTrackWords(away, true)).toBe(FORECAST_MESSAGES.steady);
    expect(notOnTrackWords(away, false)).toBe(FORECAST_MESSAGES.away);
    expect(notOnTrackWords(slow, true)).toBe(FORECAST_MESSAGES['too-slow']);
  });

  it('more than two years away', () => {
    // D = 5, r = 0.006 → 833.3 → 834 days
    expect(reason(80, LAST, rate(-0.006), LOSE)[0]).toBe('too-slow');
  });
});

describe('requiredDirection', () => {
  it('is −1 to lose, +1 to gain, 0 once reached', () => {
    expect(requiredDirection(80, LOSE)).toBe(-1);
    expect(requiredDirection(70, LOSE)).toBe(0);
    expect(requiredDirection(60, GAIN)).toBe(1);
    expect(requiredDirection(70, GAIN)).toBe(0);
    // a loss goal whose trend has climbed above the start still has to come down
    expect(requiredDirection(95, LOSE)).toBe(-1);
    // no start weight: toward the target
    expect(requiredDirection(70, { targetWeightKg: 75 })).toBe(1);
    expect(requiredDirection(75.04, { targetWeightKg: 75 })).toBe(0);
  });

  it("is reached when the trend is shown as the target in the reader's unit", () => {
    // 176.4 lb and 176.5 lb: 0.045 kg apart, the same at 0.1 kg, not in pounds
    const keep = { startWeightKg: 80.0136, targetWeightKg: 80.0136 };
    expect(requiredDirection(80.059, keep)).toBe(-1);
    expect(requiredDirection(80.059, keep, 'IMPERIAL')).toBe(-1);
    expect(requiredDirection(80.02, keep, 'IMPERIAL')).toBe(0);
    const lose = { startWeightKg: 81.65, targetWeightKg: 80.0136 };
    expect(requiredDirection(80.059, lose, 'IMPERIAL')).toBe(-1);
    expect(forecastFromRate(80.059, LAST, rate(-0.05), lose, 'IMPERIAL')).toMatchObject({ kind: 'on-track' });
    expect(forecastFromRate(80.02, LAST, rate(-0.05), lose, 'IMPERIAL')).toMatchObject({ reason: 'reached' });
  });
});

describe('compareWithTargetDate', () => {
  it('ahead, behind, or on schedule within ±3 days', () => {
    expect(compareWithTargetDate('2025-04-20', '2025-04-30', LAST)).toEqual({ status: 'ahead', days: 10, targetDatePassed: false });
    expect(compareWithTargetDate('2025-04-20', '2025-04-10', LAST)).toEqual({ status: 'behind', days: 10, targetDatePassed: false });
    expect(compareWithTargetDate('2025-04-20', '2025-04-23', LAST)).toEqual({ status: 'on-schedule', days: 0, targetDatePassed: false });
    expect(compareWithTargetDate('2025-04-20', '2025-04-17', LAST)).toEqual({ status: 'on-schedule', days: 0, targetDatePassed: false });
    expect(compareWithTargetDate('2025-04-20', '2025-04-24', LAST)).toEqual({ status: 'ahead', days: 4, targetDatePassed: false });
    expect(compareWithTargetDate('2025-04-20', '2025-04-16', LAST)).toEqual({ status: 'behind', days: 4, targetDatePassed: false });
  });

  it('a target date already passed: behind, and said so', () => {
    // 1 Feb → 1 Mar = 28 days, 1 Mar → 20 Apr = 50 days: 78 days behind
    expect(compareWithTargetDate('2025-04-20', '2025-02-01', LAST)).toEqual({ status: 'behind', days: 78, targetDatePassed: true });
    expect(forecastFromRate(80, LAST, rate(-0.1), { ...LOSE, targetDate: '2025-02-01' })).toMatchObject({
      schedule: { status: 'behind', days: 78, targetDatePassed: true },
    });
  });

  it('counts calendar days across DST', () => {
    // 1 Mar → 1 Apr 2025 = 31 days in every zone (LA, Europe and Auckland all change clocks in between)
    expect(compareWithTargetDate('2025-03-01', '2025-04-01', '2025-01-01')).toMatchObject({ status: 'ahead', days: 31 });
  });
});

describe('forecastGoal', () => {
  it('runs trend → rate → forecast from entries (hand-computed)', () => {
    // trend 80, 80.1, 79.99, 79.6119; rate b = −0.1086543, SE = 0.0448526, s = 0.1326747 (see trend.test.ts)
    // D = 79.6119 − 75 = 4.6119 → 4.6119 / 0.1086543 = 42.45 → 43 days → 5 Jan + 43 = 17 Feb
    // earliest: (4.6119 − 0.2600424) / (0.1086543 + 0.0879111) = 22.14 → 23 days → 28 Jan
    // latest:   (4.6119 + 0.2600424) / (0.1086543 − 0.0879111) = 234.87 → 235 days → 28 Aug
    const entries = [entry('2025-01-01', 80), entry('2025-01-02', 81), entry('2025-01-03', 79), entry('2025-01-05', 78)];
    const forecast = forecastGoal(entries, { startWeightKg: 90, targetWeightKg: 75, targetDate: '2025-02-28' });
    expect(forecast).toMatchObject({
      kind: 'on-track',
      date: '2025-02-17',
      earliest: '2025-01-28',
      latest: '2025-08-28',
      days: 43,
      schedule: { status: 'ahead', days: 11, targetDatePassed: false },
    });
  });

  it('a flat history holds steady; too little history is insufficient; none at all too', () => {
    const flat = ['2025-03-01', '2025-03-02', '2025-03-03'].map((d) => entry(d, 80));
    expect(forecastGoal(flat, LOSE)).toMatchObject({ reason: 'steady' });
    expect(forecastGoal(flat.slice(0, 2), LOSE)).toMatchObject({ reason: 'insufficient' });
    expect(forecastGoal([], LOSE)).toMatchObject({ reason: 'insufficient' });
    expect(forecastGoal(null, LOSE)).toMatchObject({ reason: 'insufficient' });
    expect(forecastGoal(flat, { ...LOSE, targetWeightKg: 82 })).toMatchObject({ reason: 'reached' });
  });

  it('passes the selected period on to the rate', () => {
    const flat = ['2025-03-01', '2025-03-02', '2025-03-03'].map((d) => entry(d, 80));
    expect(forecastGoal(flat, LOSE, { since: '2025-03-02' })).toMatchObject({ reason: 'insufficient' });
  });

  it("rests on the reader's last 14 days: logging that stopped months ago forecasts no date already past", () => {
    // 20 days of 0.15 kg a day down, to 20 Jan
    const losing = Array.from({ length: 20 }, (_, i) => entry(`2024-01-${String(i + 1).padStart(2, '0')}`, 90 - 0.15 * i));
    const goal = { startWeightKg: 90, targetWeightKg: 85, targetDate: '2024-06-01' };
    expect(forecastGoal(losing, goal)).toMatchObject({ kind: 'on-track' });
    expect(forecastGoal(losing, goal, { today: '2024-01-25' })).toMatchObject({ kind: 'on-track' });
    expect(forecastGoal(losing, goal, { today: '2024-04-25' })).toMatchObject({ reason: 'insufficient' });
    // three readings within the last 14 days are enough again
    expect(forecastGoal(losing, goal, { today: '2024-01-31' })).toMatchObject({ kind: 'on-track' });
    expect(forecastGoal(losing, goal, { today: '2024-02-01' })).toMatchObject({ reason: 'insufficient' });
  });
});

describe('formatting', () => {
  it("'d MMM' in the current year, with the year otherwise", () => {
    expect(formatForecastDate('2025-03-24', '2025-01-10')).toBe('24 Mar');
    expect(formatForecastDate('2025-09-03', '2025-01-10')).toBe('3 Sep');
    expect(formatForecastDate('2026-01-02', '2025-12-20')).toBe('2 Jan 2026');
  });

  it("'most likely 24 Mar, between 3 Mar and 20 Apr'", () => {
    const range = { date: '2025-03-24', earliest: '2025-03-03', latest: '2025-04-20' };
    expect(formatForecastRange(range, '2025-02-01')).toBe('most likely 24 Mar, between 3 Mar and 20 Apr');
    expect(formatForecastRange(range, '2024-12-01')).toBe('most likely 24 Mar 2025, between 3 Mar 2025 and 20 Apr 2025');
    expect(formatForecastRange({ date: '2025-12-24', earliest: '2025-12-03', latest: '2026-01-20' }, '2025-06-01')).toBe(
      'most likely 24 Dec, between 3 Dec and 20 Jan 2026',
    );
    expect(formatForecastRange({ ...range, latest: null }, '2025-02-01')).toBe('most likely 24 Mar, not before 3 Mar');
    expect(formatForecastRange({ date: '2025-03-24', earliest: '2025-03-24', latest: '2025-03-24' }, '2025-02-01')).toBe('on 24 Mar');
  });

  it('schedule wording', () => {
    expect(formatSchedule({ status: 'on-schedule', days: 0, targetDatePassed: false })).toBe('on schedule');
    expect(formatSchedule({ status: 'ahead', days: 10, targetDatePassed: false })).toBe('10 days ahead of your target date');
    expect(formatSchedule({ status: 'behind', days: 1, targetDatePassed: true })).toBe('1 day behind your target date');
  });
});
