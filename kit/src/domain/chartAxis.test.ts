import { describe, expect, it } from 'vitest';
import {
  isFirstOfMonth,
  isMonthAxisLabelTick,
  monthAxisLabelPositions,
  monthAxisTickLabel,
  shortDayMonth,
  shortMonth,
  shortWeekday,
  weekAxisTickLabel,
  xAxisUnit,
  yearAxisTickLabel,
} from './chartAxis';
import { MIN_Y_SPAN, monthAxisTicks, yAxisBounds } from './chartAxis';
import {
  ANIMATION_MS,
  FILL_OPACITY,
  MAX_Y_TICKS,
  MONTH_AXIS_TOLERANCE_MS,
  NOTES_MAX,
  POINT_RADIUS,
  TOAST_MS,
  WEIGHT_STEP,
} from './constants';
import { addDaysToDate, daysBetweenInclusive, parseDate } from './dates';

const HOUR = 60 * 60 * 1000;
const ms = (date: string) => parseDate(date).getTime();

/** The days of [start, end] whose local-midnight tick gets a month-axis label. */
function labelledDays(start: string, end: string): string[] {
  const positions = monthAxisLabelPositions(start, end);
  const days: string[] = [];
  for (let i = 0; i < daysBetweenInclusive(start, end); i++) {
    const day = addDaysToDate(start, i);
    if (isMonthAxisLabelTick(ms(day), positions)) days.push(day);
  }
  return days;
}

describe('constants', () => {
  it("are the product's chart and form constants", () => {
    expect([ANIMATION_MS, POINT_RADIUS, FILL_OPACITY, MAX_Y_TICKS, TOAST_MS, NOTES_MAX, WEIGHT_STEP]).toEqual([
      500, 4, 0.1, 4, 2000, 255, 0.1,
    ]);
    expect(MONTH_AXIS_TOLERANCE_MS).toBe(12 * HOUR);
  });
});

describe('xAxisUnit', () => {
  it('uses days for week and month, months otherwise', () => {
    expect(xAxisUnit('week')).toBe('day');
    expect(xAxisUnit('month')).toBe('day');
    expect(xAxisUnit('quarter')).toBe('month');
    expect(xAxisUnit('halfyear')).toBe('month');
    expect(xAxisUnit('year')).toBe('month');
    expect(xAxisUnit('all')).toBe('month');
  });
});

describe('month axis labels', () => {
  it('places 4 positions at start, thirds and end', () => {
    const [a, b, c, d] = monthAxisLabelPositions('2025-01-01', '2025-01-31');
    expect(a).toBe(ms('2025-01-01'));
    expect(d).toBe(ms('2025-01-31'));
    expect(b).toBe(ms('2025-01-11'));
    expect(c).toBe(ms('2025-01-21'));
    expect(monthAxisLabelPositions(new Date(2025, 0, 1), ms('2025-01-31'))).toEqual([a, b, c, d]);
  });

  it('labels exactly 4 daily ticks, also across DST', () => {
    expect(labelledDays('2025-03-01', '2025-03-31')).toEqual(['2025-03-01', '2025-03-11', '2025-03-21', '2025-03-31']);
    expect(labelledDays('2025-02-11', '2025-03-12')).toEqual(['2025-02-11', '2025-02-21', '2025-03-02', '2025-03-12']);
    expect(labelledDays('2025-03-20', '2025-04-18')).toEqual(['2025-03-20', '2025-03-30', '2025-04-08', '2025-04-18']);
    expect(labelledDays('2025-10-20', '2025-11-18')).toEqual(['2025-10-20', '2025-10-30', '2025-11-08', '2025-11-18']);
    expect(labelledDays('2024-02-01', '2024-02-29')).toEqual(['2024-02-01', '2024-02-10', '2024-02-20', '2024-02-29']);
  });

  it('uses a strict 12-hour tolerance', () => {
    const positions = [0, 100 * HOUR];
    expect(isMonthAxisLabelTick(12 * HOUR - 1, positions)).toBe(true);
    expect(isMonthAxisLabelTick(12 * HOUR, positions)).toBe(false);
    expect(isMonthAxisLabelTick(88 * HOUR + 1, positions)).toBe(true);
    expect(isMonthAxisLabelTick(50 * HOUR, positions)).toBe(false);
    expect(isMonthAxisLabelTick(0, [])).toBe(false);
  });

  it('prints the day and short month at the positions only', () => {
    const positions = monthAxisLabelPositions('2025-03-01', '2025-03-31');
    expect(monthAxisTickLabel(ms('2025-03-11'), positions)).toBe('11 Mar');
    expect(monthAxisTickLabel(ms('2025-03-12'), positions)).toBe('');
  });
});

describe('week and year axis labels', () => {
  it('shows the short weekday on week axes', () => {
    expect(weekAxisTickLabel(ms('2025-03-09'))).toBe('Sun');
    expect(weekAxisTickLabel(ms('2025-03-10'))).toBe('Mon');
    expect(shortWeekday('2025-03-30')).toBe('Sun');
    expect(shortWeekday(new Date(2025, 3, 6, 23))).toBe('Sun');
  });

  it('labels the first of each month with the short month', () => {
    expect(isFirstOfMonth(ms('2025-03-01'))).toBe(true);
    expect(isFirstOfMonth(ms('2025-11-01'))).toBe(true);
    expect(isFirstOfMonth(ms('2025-03-02'))).toBe(false);
    expect(isFirstOfMonth(ms('2025-02-28'))).toBe(false);
    expect(isFirstOfMonth('2025-04-01')).toBe(true);
    expect(yearAxisTickLabel(ms('2025-09-01'))).toBe('Sep');
    expect(yearAxisTickLabel(ms('2025-09-02'))).toBe('');
    expect(shortMonth('2025-01-31')).toBe('Jan');
    expect(shortDayMonth('2024-12-30')).toBe('30 Dec');
  });
});

describe('yAxisBounds', () => {
  it('widens a narrow span around its centre to the minimum', () => {
    expect(yAxisBounds([81.59, 81.605], MIN_Y_SPAN.kg)).toEqual({ min: 81.5975 - 1, max: 81.5975 + 1 });
    expect(yAxisBounds([180], MIN_Y_SPAN.lb)).toEqual({ min: 178, max: 182 });
  });
  it('keeps a span that is already wide enough, and ignores non-numbers', () => {
    expect(yAxisBounds([78, 84, Number.NaN], 2)).toEqual({ min: 78, max: 84 });
    expect(yAxisBounds([], 2)).toBeNull();
  });
});

describe('monthAxisTicks', () => {
  const at = (y: number, m: number, d = 1) => new Date(y, m - 1, d).getTime();
  const labels = (ticks: { label: string }[]) => ticks.map((t) => t.label);

  it('labels every month of a calendar year with its short month', () => {
    expect(labels(monthAxisTicks(at(2025, 1), at(2025, 12, 31), 12))).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });

  it('puts the year on January and the first tick once the range crosses a year', () => {
    expect(labels(monthAxisTicks(at(2025, 11, 23), at(2026, 11, 22), 12))).toEqual([
      'Dec 2025',
      'Jan 2026',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
    ]);
  });

  it('thins two years to a label every few months, still with years, aligned on January', () => {
    const ticks = monthAxisTicks(at(2024, 12, 29), at(2026, 11, 22), 6);
    expect(labels(ticks)).toEqual(['Jan 2025', 'Jul', 'Jan 2026', 'Jul']);
    expect(ticks[0]!.value).toBe(at(2025, 1));
  });

  it('names years alone over long spans', () => {
    expect(labels(monthAxisTicks(at(2016, 3, 4), at(2026, 11, 22), 6))).toEqual(['2018', '2020', '2022', '2024', '2026']);
  });
});
