import { describe, expect, it } from 'vitest';
import type { WeightEntry } from './averages';
import { addDaysToDate } from './dates';
import {
  changeTone,
  changeTowardGoal,
  currentWeightCard,
  EMPTY_STATE,
  entriesCountCard,
  goalDirection,
  goalProgress,
  latestWeightKg,
  NO_GOAL_STATE,
  overviewSummary,
  perPeriodTargetChange,
  periodGoalCard,
  remainingPeriods,
  sortEntries,
  trendOf,
  type Goal,
} from './overview';
import { getPeriodRange } from './periods';

const TODAY = '2025-03-12'; // Wednesday
const WEEK = { start: '2025-03-10', end: '2025-03-16' }; // Monday-start calendar week
const MARCH = { start: '2025-03-01', end: '2025-03-31' };
// 110 days from TODAY to 2025-06-30: 19 (rest of March) + 30 + 31 + 30.
const LOSE: Goal = { startWeightKg: 90, targetWeightKg: 80, startDate: '2025-01-01', targetDate: '2025-06-30' };
const GAIN: Goal = { startWeightKg: 60, targetWeightKg: 70, startDate: '2025-01-01', targetDate: '2025-06-30' };
const KEEP: Goal = { startWeightKg: 80, targetWeightKg: 80, startDate: '2025-01-01', targetDate: '2025-06-30' };

const entry = (date: string, weightKg: number, notes?: string): WeightEntry => ({ date, weightKg, notes });
const losing = [entry('2025-03-10', 85), entry('2025-03-11', 84.6), entry('2025-03-12', 84.2)];

describe('empty states', () => {
  it("use the product's messages", () => {
    expect(EMPTY_STATE).toEqual({ state: 'empty', message: 'No data available' });
    expect(NO_GOAL_STATE).toEqual({ state: 'no-goal', message: 'No goal set' });
  });
});

describe('helpers', () => {
  it('sorts valid entries by date', () => {
    const sorted = sortEntries([entry('2025-03-12', 1), entry('bad', 2), entry('2025-03-10', 3), entry('2025-03-11', Number.NaN)]);
    expect(sorted.map((e) => e.date)).toEqual(['2025-03-10', '2025-03-12']);
    expect(sortEntries(null)).toEqual([]);
    expect(latestWeightKg([entry('2025-03-12', 84.2), entry('2025-03-10', 85)])).toBe(84.2);
    expect(latestWeightKg([])).toBeUndefined();
  });

  it('reads the goal direction', () => {
    expect(goalDirection(LOSE)).toBe('lose');
    expect(goalDirection(GAIN)).toBe('gain');
    expect(goalDirection(KEEP)).toBe('maintain');
    expect(goalDirection({ ...KEEP, targetWeightKg: 80.04 })).toBe('maintain');
  });

  it('reads trends at 0.1 kg', () => {
    expect(trendOf(0.5)).toBe('up');
    expect(trendOf(-0.5)).toBe('down');
    expect(trendOf(0.04)).toBe('flat');
    expect(trendOf(-0.04)).toBe('flat');
    expect(trendOf(0.05)).toBe('up');
  });

  it("reads trends and colours at 0.1 in the reader's unit: 0.1 lb is a change, though it is 0.0 kg", () => {
    const tenthOfPound = 0.1 / 2.20462;
    expect(trendOf(tenthOfPound)).toBe('flat');
    expect(trendOf(tenthOfPound, 'IMPERIAL')).toBe('up');
    expect(trendOf(-tenthOfPound, 'IMPERIAL')).toBe('down');
    expect(trendOf(0.04 / 2.20462, 'IMPERIAL')).toBe('flat');
    expect(changeTone(LOSE, 85, 85 + tenthOfPound)).toBe('neutral');
    expect(changeTone(LOSE, 85, 85 + tenthOfPound, 'IMPERIAL')).toBe('bad');
    expect(changeTone(LOSE, 85, 85 - tenthOfPound, 'IMPERIAL')).toBe('good');
  });

  it('measures change in the goal direction', () => {
    expect(changeTowardGoal(LOSE, 85, 84)).toBe(1);
    expect(changeTowardGoal(LOSE, 85, 86)).toBe(-1);
    expect(changeTowardGoal(GAIN, 65, 66)).toBe(1);
    expect(changeTowardGoal(GAIN, 65, 64)).toBe(-1);
    expect(changeTowardGoal(KEEP, 81, 80.5)).toBeCloseTo(0.5, 10);
    expect(changeTowardGoal(KEEP, 80.5, 81)).toBeCloseTo(-0.5, 10);
    expect(changeTowardGoal(KEEP, 81, 79)).toBe(0);
  });

  it('colours changes relative to the goal', () => {
    expect(changeTone(LOSE, 85, 84)).toBe('good');
    expect(changeTone(LOSE, 85, 86)).toBe('bad');
    expect(changeTone(GAIN, 65, 66)).toBe('good');
    expect(changeTone(GAIN, 65, 64)).toBe('bad');
    expect(changeTone(KEEP, 81, 80.5)).toBe('good');
    expect(changeTone(KEEP, 80.5, 81)).toBe('bad');
    expect(changeTone(null, 85, 84)).toBe('neutral');
    expect(changeTone(undefined, 85, 86)).toBe('neutral');
    expect(changeTone(LOSE, 85, 85.04)).toBe('neutral');
  });
});

describe('currentWeightCard', () => {
  it('shows first, current, target and the difference', () => {
    const card = currentWeightCard(losing, LOSE);
    expect(card).toMatchObject({
      state: 'data',
      firstKg: 85,
      firstDate: '2025-03-10',
      currentKg: 84.2,
      currentDate: '2025-03-12',
      targetKg: 80,
      trend: 'down',
      tone: 'good',
    });
    expect(card.state === 'data' && card.differenceKg).toBeCloseTo(-0.8, 10);
  });

  it('accepts entries in any order', () => {
    expect(currentWeightCard([...losing].reverse(), LOSE)).toEqual(currentWeightCard(losing, LOSE));
  });

  it('colours a gain goal and moving away', () => {
    expect(currentWeightCard([entry('2025-03-10', 65), entry('2025-03-12', 65.5)], GAIN)).toMatchObject({ trend: 'up', tone: 'good' });
    expect(currentWeightCard([entry('2025-03-10', 65), entry('2025-03-12', 64.5)], GAIN)).toMatchObject({ trend: 'down', tone: 'bad' });
    expect(currentWeightCard([entry('2025-03-10', 85), entry('2025-03-12', 85.6)], LOSE)).toMatchObject({ trend: 'up', tone: 'bad' });
  });

  it('is neutral without a goal or without a change', () => {
    expect(currentWeightCard(losing, null)).toMatchObject({ targetKg: undefined, trend: 'down', tone: 'neutral' });
    expect(currentWeightCard(losing)).toMatchObject({ targetKg: undefined, tone: 'neutral' });
    expect(currentWeightCard([entry('2025-03-12', 84.2)], LOSE)).toMatchObject({
      firstKg: 84.2,
      currentKg: 84.2,
      differenceKg: 0,
      trend: 'flat',
      tone: 'neutral',
    });
  });

  it('is empty without entries', () => {
    expect(currentWeightCard([], LOSE)).toEqual({ state: 'empty', message: 'No data available' });
    expect(currentWeightCard(null, LOSE)).toEqual(EMPTY_STATE);
    expect(currentWeightCard(undefined)).toEqual(EMPTY_STATE);
  });
});

describe('remainingPeriods and perPeriodTargetChange', () => {
  it('rounds remaining periods up', () => {
    expect(remainingPeriods('2025-06-30', TODAY, 7)).toBe(16); // 110 / 7 = 15.7
    expect(remainingPeriods('2025-06-30', TODAY, 31)).toBe(4); // 110 / 31 = 3.5
    expect(remainingPeriods('2025-06-30', TODAY, 110)).toBe(1);
    expect(remainingPeriods('2025-03-19', TODAY, 7)).toBe(1); // exactly 7 days
    expect(remainingPeriods('2025-03-20', TODAY, 7)).toBe(2); // 8 days
    expect(remainingPeriods('2025-03-13', TODAY, 7)).toBe(1);
  });

  it('has none left on the target day nor after it', () => {
    expect(remainingPeriods(TODAY, TODAY, 7)).toBeUndefined();
    expect(remainingPeriods('2025-03-11', TODAY, 7)).toBeUndefined();
    expect(remainingPeriods('2025-06-30', TODAY, 0)).toBeUndefined();
  });

  it('counts calendar days across DST changes', () => {
    expect(remainingPeriods('2025-11-08', '2025-11-01', 7)).toBe(1); // Los Angeles falls back
    expect(remainingPeriods('2025-03-16', '2025-03-09', 7)).toBe(1); // Los Angeles springs forward
    expect(remainingPeriods('2025-04-13', '2025-03-30', 7)).toBe(2); // Europe forward, Auckland back
    expect(remainingPeriods('2025-10-05', '2025-09-28', 7)).toBe(1); // Auckland springs forward
  });

  it('divides the whole goal by the remaining periods', () => {
    expect(perPeriodTargetChange(LOSE, 7, TODAY)).toBe(0.625);
    expect(perPeriodTargetChange(GAIN, 31, TODAY)).toBe(2.5);
    expect(perPeriodTargetChange(LOSE, 7, '2025-07-01')).toBeUndefined();
    expect(perPeriodTargetChange(null, 7, TODAY)).toBeUndefined();
    expect(perPeriodTargetChange(KEEP, 7, TODAY)).toBe(0);
  });
});

describe('periodGoalCard', () => {
  it("measures the period against |target − the goal's start weight| per remaining period", () => {
    // 10 kg from the goal's start (90) to its target (80) over ceil(110 days / 7) = 16 weeks → 0.625 kg a week;
    // the period brought 0.8 kg (85 → 84.2) → 128 %.
    const card = periodGoalCard(losing, LOSE, WEEK, TODAY);
    expect(card).toMatchObject({
      state: 'data',
      firstKg: 85,
      currentKg: 84.2,
      targetChangeKg: 0.625,
      remainingPeriods: 16,
      percent: 128,
      barPercent: 100,
      tone: 'good',
    });
    expect(card.state === 'data' && card.achievedKg).toBeCloseTo(0.8, 10);
    expect(card.state === 'data' && card.changeKg).toBeCloseTo(-0.8, 10);
  });

  it("the target does not depend on where the period started: the goal's start weight sets it", () => {
    const onTarget = [entry('2025-03-10', 80), entry('2025-03-12', 79.8)];
    expect(periodGoalCard(onTarget, LOSE, WEEK, TODAY)).toMatchObject({ targetChangeKg: 0.625, percent: 32 });
  });

  it('uses the days of the period: calendar month and rolling window', () => {
    // 110 days / 31 → 4 periods → 2.5 kg; 0.8 / 2.5 = 32 %.
    expect(periodGoalCard(losing, LOSE, MARCH, TODAY)).toMatchObject({
      targetChangeKg: 2.5,
      remainingPeriods: 4,
      percent: 32,
      barPercent: 32,
    });
    const rolling30 = getPeriodRange('month', { today: TODAY, alignToCalendar: false })!;
    expect(periodGoalCard(losing, LOSE, rolling30, TODAY)).toMatchObject({ targetChangeKg: 2.5, remainingPeriods: 4, percent: 32 });
  });

  it('shows moving away as negative and bad', () => {
    const card = periodGoalCard([entry('2025-03-10', 85), entry('2025-03-12', 85.5)], LOSE, WEEK, TODAY);
    expect(card).toMatchObject({ percent: -80, barPercent: 0, tone: 'bad', achievedKg: -0.5 });
  });

  it('works for a gain goal', () => {
    expect(periodGoalCard([entry('2025-03-10', 65), entry('2025-03-12', 65.5)], GAIN, WEEK, TODAY)).toMatchObject({
      targetChangeKg: 0.625,
      achievedKg: 0.5,
      percent: 80,
      barPercent: 80,
      tone: 'good',
    });
    const away = periodGoalCard([entry('2025-03-10', 65), entry('2025-03-12', 64.7)], GAIN, WEEK, TODAY);
    expect(away).toMatchObject({ percent: -48, barPercent: 0, tone: 'bad' });
  });

  it('has no target on the target date nor after it, and says which', () => {
    for (const targetDate of ['2025-03-11', TODAY]) {
      const card = periodGoalCard(losing, { ...LOSE, targetDate }, WEEK, TODAY);
      expect(card, targetDate).toMatchObject({
        state: 'data',
        targetChangeKg: undefined,
        remainingPeriods: undefined,
        percent: undefined,
        barPercent: undefined,
        tone: 'good',
        targetDateToday: targetDate === TODAY,
      });
    }
  });

  it('puts the whole change into the last period, up to the day before the target', () => {
    expect(periodGoalCard(losing, { ...LOSE, targetDate: '2025-03-13' }, WEEK, TODAY)).toMatchObject({ targetChangeKg: 10, percent: 8 });
  });

  it('a goal that starts on its target asks for no change: 100 % while the weight holds', () => {
    const stayed = [entry('2025-03-10', 80)];
    expect(periodGoalCard(stayed, KEEP, WEEK, TODAY)).toMatchObject({ targetChangeKg: 0, percent: 100, tone: 'neutral' });
  });

  it('measures a small goal against its own size, though it shows as 0.0: 2 kg over a year is 0.04 kg a week', () => {
    const slow: Goal = { startWeightKg: 80, targetWeightKg: 78, startDate: '2025-01-01', targetDate: '2026-01-07' };
    const held = periodGoalCard([entry('2025-03-10', 80), entry('2025-03-12', 80)], slow, WEEK, TODAY);
    expect(held).toMatchObject({ percent: 0, tone: 'neutral' });
    const gained = periodGoalCard([entry('2025-03-10', 80), entry('2025-03-12', 80.1)], slow, WEEK, TODAY);
    expect(gained).toMatchObject({ tone: 'bad' });
    expect((gained as { percent: number }).percent).toBeLessThan(0);
    const lost = periodGoalCard([entry('2025-03-10', 80), entry('2025-03-12', 79.9)], slow, WEEK, TODAY);
    expect((lost as { percent: number }).percent).toBeGreaterThan(100);
  });

  it('has empty states', () => {
    expect(periodGoalCard([], LOSE, WEEK, TODAY)).toEqual(EMPTY_STATE);
    expect(periodGoalCard([], null, WEEK, TODAY)).toEqual(EMPTY_STATE);
    expect(periodGoalCard(losing, LOSE, null, TODAY)).toEqual(EMPTY_STATE);
    expect(periodGoalCard(losing, null, WEEK, TODAY)).toEqual({ state: 'no-goal', message: 'No goal set' });
    expect(periodGoalCard(losing, undefined, WEEK, TODAY)).toEqual(NO_GOAL_STATE);
  });
});

describe('entriesCountCard', () => {
  it('compares the days with an entry with the days in the period', () => {
    expect(entriesCountCard(losing, WEEK, TODAY)).toEqual({ state: 'data', count: 3, days: 7, periodDays: 7, percent: 42.9 });
    expect(entriesCountCard([losing[0], losing[2]], WEEK, TODAY)).toEqual({
      state: 'data',
      count: 2,
      days: 7,
      periodDays: 7,
      percent: 28.6,
    });
    expect(entriesCountCard([entry('2025-03-12', 84)], MARCH, TODAY)).toEqual({
      state: 'data',
      count: 1,
      days: 31,
      periodDays: 31,
      percent: 3.2,
    });
  });

  it('counts each day once and only inside the period, up to today', () => {
    const entries = [...losing, entry('2025-03-12', 84.1), entry('2025-03-09', 86), entry('2025-03-13', 84)];
    expect(entriesCountCard(entries, WEEK, TODAY)).toMatchObject({ count: 3, days: 7, percent: 42.9 });
  });

  it('gives 100 % for daily logging across DST weeks', () => {
    const daily = (start: string, days: number) => Array.from({ length: days }, (_, i) => entry(addDaysToDate(start, i), 80));
    for (const today of ['2025-03-12', '2025-04-01', '2025-04-08', '2025-09-30', '2025-11-05']) {
      const range = getPeriodRange('week', { today, alignToCalendar: false })!;
      expect(entriesCountCard(daily(range.start, 7), range, today)).toMatchObject({ count: 7, days: 7, percent: 100 });
    }
  });

  it('is empty without entries or range', () => {
    expect(entriesCountCard([], WEEK, TODAY)).toEqual(EMPTY_STATE);
    expect(entriesCountCard(null, WEEK, TODAY)).toEqual(EMPTY_STATE);
    expect(entriesCountCard(losing, null, TODAY)).toEqual(EMPTY_STATE);
    expect(entriesCountCard([entry('2025-03-09', 80)], WEEK, TODAY)).toEqual(EMPTY_STATE);
  });
});

describe('goalProgress', () => {
  it('computes a loss goal', () => {
    expect(goalProgress(LOSE, 85)).toEqual({ state: 'data', startKg: 90, currentKg: 85, targetKg: 80, percent: 50, barPercent: 50 });
    expect(goalProgress(LOSE, 84.2)).toMatchObject({ percent: 58, barPercent: 58 });
    expect(goalProgress(LOSE, 86.66)).toMatchObject({ percent: 33.4 });
    expect(goalProgress(LOSE, 86.666)).toMatchObject({ percent: 33.3 });
    expect(goalProgress(LOSE, 90)).toMatchObject({ percent: 0, barPercent: 0 });
    expect(goalProgress(LOSE, 80)).toMatchObject({ percent: 100, barPercent: 100 });
  });

  it('clamps the bar but not the percentage', () => {
    expect(goalProgress(LOSE, 78)).toMatchObject({ percent: 120, barPercent: 100 });
    expect(goalProgress(LOSE, 92)).toMatchObject({ percent: -20, barPercent: 0 });
  });

  it('computes a gain goal', () => {
    expect(goalProgress(GAIN, 65.55)).toMatchObject({ percent: 55.5, barPercent: 55.5 });
    expect(goalProgress(GAIN, 72)).toMatchObject({ percent: 120, barPercent: 100 });
    expect(goalProgress(GAIN, 58)).toMatchObject({ percent: -20, barPercent: 0 });
  });

  it("a maintain goal is reached when the weight is shown as the target, in the reader's unit", () => {
    // target 176.4 lb (80.0136 kg); 176.5 lb (80.059 kg) is 0.0 kg off at 0.1 kg but shown otherwise in both units
    const keep = { ...LOSE, startWeightKg: 80.0136, targetWeightKg: 80.0136 };
    expect(goalProgress(keep, 80.059, 'IMPERIAL')).toMatchObject({ percent: 0 });
    expect(goalProgress(keep, 80.059)).toMatchObject({ percent: 0 });
    expect(goalProgress(keep, 80.02, 'IMPERIAL')).toMatchObject({ percent: 100 });
    expect(goalProgress(keep, 80.04)).toMatchObject({ percent: 100 });
  });

  it('handles start = target', () => {
    expect(goalProgress(KEEP, 80)).toMatchObject({ percent: 100, barPercent: 100 });
    expect(goalProgress(KEEP, 80.04)).toMatchObject({ percent: 100 });
    expect(goalProgress(KEEP, 81)).toMatchObject({ percent: 0, barPercent: 0 });
    expect(goalProgress(KEEP, 79)).toMatchObject({ percent: 0, barPercent: 0 });
  });

  it('has empty states', () => {
    expect(goalProgress(null, 80)).toEqual({ state: 'no-goal', message: 'No goal set' });
    expect(goalProgress(undefined, undefined)).toEqual(NO_GOAL_STATE);
    expect(goalProgress(LOSE, undefined)).toEqual(EMPTY_STATE);
    expect(goalProgress(LOSE, null)).toEqual(EMPTY_STATE);
    expect(goalProgress(LOSE, Number.NaN)).toEqual(EMPTY_STATE);
  });
});

describe('overviewSummary', () => {
  it('computes every card at once', () => {
    const summary = overviewSummary({ entries: losing, goal: LOSE, range: WEEK, today: TODAY });
    expect(summary.currentWeight).toEqual(currentWeightCard(losing, LOSE));
    expect(summary.periodGoal).toEqual(periodGoalCard(losing, LOSE, WEEK, TODAY));
    expect(summary.entriesCount).toEqual(entriesCountCard(losing, WEEK, TODAY));
    expect(summary.goalProgress).toMatchObject({ currentKg: 84.2, percent: 58 });
  });

  it('prefers the latest weight overall for goal progress', () => {
    const summary = overviewSummary({ entries: losing, goal: LOSE, range: WEEK, today: TODAY, latestKg: 85 });
    expect(summary.goalProgress).toMatchObject({ currentKg: 85, percent: 50 });
  });

  it('is all empty states for a new user', () => {
    expect(overviewSummary({ entries: [], goal: null, range: null, today: TODAY })).toEqual({
      currentWeight: EMPTY_STATE,
      periodGoal: EMPTY_STATE,
      entriesCount: EMPTY_STATE,
      goalProgress: NO_GOAL_STATE,
    });
  });
});
