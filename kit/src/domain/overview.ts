import type { WeightEntry } from './averages';
import { NO_DATA_MESSAGE, NO_GOAL_MESSAGE } from './constants';
import { calendarDaysBetween, isValidDateString, normalizeDate, type DateInput, type DateString } from './dates';
import { daysElapsedInPeriod, daysInRange, type DateRange } from './periods';
import { roundTo1, toDisplayWeight, type UnitSystem } from './units';

export interface Goal {
  startWeightKg: number;
  targetWeightKg: number;
  startDate: DateString;
  targetDate: DateString;
}

export type GoalDirection = 'lose' | 'gain' | 'maintain';
export type Trend = 'up' | 'down' | 'flat';
/** Colour of an indicator: good = green, bad = red, neutral = grey. */
export type Tone = 'good' | 'bad' | 'neutral';

export interface EmptyState {
  state: 'empty';
  message: typeof NO_DATA_MESSAGE;
}

export interface NoGoalState {
  state: 'no-goal';
  message: typeof NO_GOAL_MESSAGE;
}

export const EMPTY_STATE: EmptyState = Object.freeze({ state: 'empty', message: NO_DATA_MESSAGE });
export const NO_GOAL_STATE: NoGoalState = Object.freeze({ state: 'no-goal', message: NO_GOAL_MESSAGE });

/**
 * Whether a change shows as none: at the precision it is shown with, 1 decimal in the reader's unit (0.1 lb is a
 * change, though it rounds to 0.0 kg). Goals themselves are judged in kg, where they are kept.
 */
const isZeroAtDisplayPrecision = (kg: number, unit: UnitSystem = 'METRIC'): boolean => roundTo1(toDisplayWeight(kg, unit)) === 0;

function clampPercent(percent: number): number {
  return Math.min(100, Math.max(0, percent));
}

/** Entries with a valid date and a finite weight, ascending by date. */
export function sortEntries(entries: readonly WeightEntry[] | null | undefined): WeightEntry[] {
  return (entries ?? [])
    .filter((entry) => isValidDateString(entry?.date) && Number.isFinite(entry.weightKg))
    .slice()
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** lose when the target is below the start weight, gain when above, maintain when equal. */
export function goalDirection(goal: Goal): GoalDirection {
  const delta = goal.targetWeightKg - goal.startWeightKg;
  if (isZeroAtDisplayPrecision(delta)) return 'maintain';
  return delta < 0 ? 'lose' : 'gain';
}

export function trendOf(differenceKg: number, unit: UnitSystem = 'METRIC'): Trend {
  if (isZeroAtDisplayPrecision(differenceKg, unit)) return 'flat';
  return differenceKg > 0 ? 'up' : 'down';
}

/**
 * Change from `firstKg` to `currentKg` measured in the goal's direction: positive is progress,
 * negative is moving away. A maintain goal counts the reduction of the distance to the target.
 */
export function changeTowardGoal(goal: Goal, firstKg: number, currentKg: number): number {
  switch (goalDirection(goal)) {
    case 'lose':
      return firstKg - currentKg;
    case 'gain':
      return currentKg - firstKg;
    case 'maintain':
      return Math.abs(firstKg - goal.targetWeightKg) - Math.abs(currentKg - goal.targetWeightKg);
  }
}

/** Colour of a change from `firstKg` to `currentKg`: neutral without a goal or without a visible change. */
export function changeTone(goal: Goal | null | undefined, firstKg: number, currentKg: number, unit: UnitSystem = 'METRIC'): Tone {
  if (!goal || isZeroAtDisplayPrecision(currentKg - firstKg, unit)) return 'neutral';
  return toneOf(changeTowardGoal(goal, firstKg, currentKg), unit);
}

function toneOf(progressKg: number, unit: UnitSystem = 'METRIC'): Tone {
  if (isZeroAtDisplayPrecision(progressKg, unit)) return 'neutral';
  return progressKg > 0 ? 'good' : 'bad';
}

export interface CurrentWeightData {
  state: 'data';
  firstKg: number;
  firstDate: DateString;
  currentKg: number;
  currentDate: DateString;
  /** Undefined without a goal. */
  targetKg: number | undefined;
  /** current − first, unrounded kg. */
  differenceKg: number;
  trend: Trend;
  tone: Tone;
}

/** Current Weight card: first and latest entry of the period, the goal's target, and the difference. */
export function currentWeightCard(
  entries: readonly WeightEntry[] | null | undefined,
  goal?: Goal | null,
  unit: UnitSystem = 'METRIC',
): CurrentWeightData | EmptyState {
  const sorted = sortEntries(entries);
  if (sorted.length === 0) return EMPTY_STATE;
  const first = sorted[0];
  const current = sorted[sorted.length - 1];
  const differenceKg = current.weightKg - first.weightKg;
  return {
    state: 'data',
    firstKg: first.weightKg,
    firstDate: first.date,
    currentKg: current.weightKg,
    currentDate: current.date,
    targetKg: goal ? goal.targetWeightKg : undefined,
    differenceKg,
    trend: trendOf(differenceKg, unit),
    tone: changeTone(goal, first.weightKg, current.weightKg, unit),
  };
}

/**
 * Periods left until the target date: ceil(remaining days ÷ period days), so one while any day remains; undefined
 * when none remain, the target day itself included (no day is left to reach it in).
 */
export function remainingPeriods(targetDate: DateInput, today: DateInput, periodDays: number): number | undefined {
  if (!(periodDays > 0)) return undefined;
  const remainingDays = calendarDaysBetween(today, targetDate);
  if (remainingDays <= 0) return undefined;
  return Math.ceil(remainingDays / periodDays);
}

/** |target − the goal's start weight| spread over `periods`; undefined once none remain. */
const changePerPeriod = (goal: Goal, periods: number | undefined) =>
  periods === undefined ? undefined : Math.abs(goal.targetWeightKg - goal.startWeightKg) / periods;

/**
 * The change a period should bring: |target − the goal's start weight| ÷ remaining periods; undefined without a goal
 * or once the target date has passed. The This Period Goal card measures the period against it.
 */
export function perPeriodTargetChange(goal: Goal | null | undefined, periodDays: number, today: DateInput): number | undefined {
  return goal ? changePerPeriod(goal, remainingPeriods(goal.targetDate, today, periodDays)) : undefined;
}

export interface PeriodGoalData {
  state: 'data';
  firstKg: number;
  currentKg: number;
  /** current − first, unrounded kg. */
  changeKg: number;
  /** Change in the goal's direction: negative when moving away. */
  achievedKg: number;
  /** |target − the goal's start weight| ÷ remaining periods (perPeriodTargetChange); undefined from the target date on. */
  targetChangeKg: number | undefined;
  /** Whether today is the target date (no period remains, but it has not passed either). */
  targetDateToday: boolean;
  remainingPeriods: number | undefined;
  /** achieved ÷ target × 100, 1 decimal, may be negative or above 100; undefined without a target. */
  percent: number | undefined;
  /** percent clamped to 0..100 for a bar. */
  barPercent: number | undefined;
  tone: Tone;
}

/**
 * This Period Goal card (docs/decisions.md, "This Period Goal"). `range` is the period's full range: its length is the
 * "days of the period" (7 for a week, 28..31 for a calendar month, N for rolling windows).
 * With a zero target (a goal that starts on its target) it shows 100 % while the weight stays on
 * or beyond the target in the goal's direction, 0 % otherwise, like the goal progress bar.
 */
export function periodGoalCard(
  entries: readonly WeightEntry[] | null | undefined,
  goal: Goal | null | undefined,
  range: DateRange | null | undefined,
  today: DateInput,
  unit: UnitSystem = 'METRIC',
): PeriodGoalData | EmptyState | NoGoalState {
  const sorted = sortEntries(entries);
  if (sorted.length === 0 || !range) return EMPTY_STATE;
  if (!goal) return NO_GOAL_STATE;
  const firstKg = sorted[0].weightKg;
  const currentKg = sorted[sorted.length - 1].weightKg;
  const achievedKg = changeTowardGoal(goal, firstKg, currentKg);
  const periods = remainingPeriods(goal.targetDate, today, daysInRange(range));
  const targetChangeKg = changePerPeriod(goal, periods);
  let percent: number | undefined;
  if (targetChangeKg !== undefined) {
    // only a goal that starts on its target has nothing to cover; a small one (2 kg over a year is 0.04 kg a week)
    // is still measured against, though it shows as 0.0
    percent =
      goalDirection(goal) === 'maintain' || targetChangeKg === 0
        ? isZeroAtDisplayPrecision(achievedKg, unit) || achievedKg > 0
          ? 100
          : 0
        : roundTo1((achievedKg / targetChangeKg) * 100);
  }
  return {
    state: 'data',
    firstKg,
    currentKg,
    changeKg: currentKg - firstKg,
    achievedKg,
    targetChangeKg,
    remainingPeriods: periods,
    percent,
    barPercent: percent === undefined ? undefined : clampPercent(percent),
    tone: toneOf(achievedKg, unit),
    targetDateToday: calendarDaysBetween(today, goal.targetDate) === 0,
  };
}

export interface EntriesCountData {
  state: 'data';
  /** Distinct days with an entry, from the period start to today. */
  count: number;
  /** The days of the period, as the card counts against them (all of them, the days to come included). */
  days: number;
  /** All days of the period (for "of N days" wording). */
  periodDays: number;
  /** count ÷ days × 100, 1 decimal. */
  percent: number;
}

/**
 * Number Of Entries card: the days with an entry versus the days in the period (7 for a week, the month's days for a
 * calendar month, N for the last N days), so a calendar period's consistency grows as its days are logged.
 */
export function entriesCountCard(
  entries: readonly WeightEntry[] | null | undefined,
  range: DateRange | null | undefined,
  today: DateInput,
): EntriesCountData | EmptyState {
  if (!range) return EMPTY_STATE;
  const day = normalizeDate(today);
  const days = daysInRange(range);
  const dates = new Set(
    sortEntries(entries)
      .map((entry) => entry.date)
      .filter((date) => date >= range.start && date <= range.end && date <= day),
  );
  if (dates.size === 0 || days === 0 || daysElapsedInPeriod(range, day) === 0) return EMPTY_STATE;
  return {
    state: 'data',
    count: dates.size,
    days,
    periodDays: daysInRange(range),
    percent: roundTo1((dates.size / days) * 100),
  };
}

export interface GoalProgressData {
  state: 'data';
  startKg: number;
  currentKg: number;
  targetKg: number;
  /** (current − start) ÷ (target − start) × 100, 1 decimal; may exceed 100 or go negative. */
  percent: number;
  /** percent clamped to 0..100. */
  barPercent: number;
}

/**
 * Goal progress. When start = target (at 0.1 kg) there is no distance to cover:
 * 100 % when the current weight is shown as the target (at 0.1 in the reader's unit), else 0 %.
 */
export function goalProgress(
  goal: Goal | null | undefined,
  currentKg: number | null | undefined,
  unit: UnitSystem = 'METRIC',
): GoalProgressData | EmptyState | NoGoalState {
  if (!goal) return NO_GOAL_STATE;
  if (typeof currentKg !== 'number' || !Number.isFinite(currentKg)) return EMPTY_STATE;
  const startKg = goal.startWeightKg;
  const targetKg = goal.targetWeightKg;
  const shown = (kg: number) => roundTo1(toDisplayWeight(kg, unit));
  const percent = isZeroAtDisplayPrecision(targetKg - startKg)
    ? shown(currentKg) === shown(targetKg)
      ? 100
      : 0
    : roundTo1(((currentKg - startKg) / (targetKg - startKg)) * 100);
  return { state: 'data', startKg, currentKg, targetKg, percent, barPercent: clampPercent(percent) };
}

/** The latest entry's weight, or undefined when there is none. */
export function latestWeightKg(entries: readonly WeightEntry[] | null | undefined): number | undefined {
  const sorted = sortEntries(entries);
  return sorted.length === 0 ? undefined : sorted[sorted.length - 1].weightKg;
}

export interface OverviewInput {
  /** Entries of the period (the request range). */
  entries: readonly WeightEntry[] | null | undefined;
  goal: Goal | null | undefined;
  /** The period's full range (getPeriodRange), null for 'all' with no entry. */
  range: DateRange | null | undefined;
  today: DateInput;
  /** Latest weight overall (GET /weights/latest) for goal progress; defaults to the period's latest entry. */
  latestKg?: number | null;
  /** The reader's unit: a change that shows as 0.0 in it is no change (METRIC by default). */
  unit?: UnitSystem;
}

export interface OverviewSummary {
  currentWeight: CurrentWeightData | EmptyState;
  periodGoal: PeriodGoalData | EmptyState | NoGoalState;
  entriesCount: EntriesCountData | EmptyState;
  goalProgress: GoalProgressData | EmptyState | NoGoalState;
}

/** Every overview computation at once. */
export function overviewSummary(input: OverviewInput): OverviewSummary {
  const latest = input.latestKg ?? latestWeightKg(input.entries);
  return {
    currentWeight: currentWeightCard(input.entries, input.goal, input.unit),
    periodGoal: periodGoalCard(input.entries, input.goal, input.range, input.today, input.unit),
    entriesCount: entriesCountCard(input.entries, input.range, input.today),
    goalProgress: goalProgress(input.goal, latest, input.unit),
  };
}
