import { describe, expect, it } from 'vitest';
import { chartTime } from './chartTime';

const at = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();

describe('chartTime (the time axis calendar maths)', () => {
  it('parses timestamps and dates, nothing else', () => {
    expect(chartTime.parse(at(2024, 3, 1))).toBe(at(2024, 3, 1));
    expect(chartTime.parse(new Date(at(2024, 3, 1)))).toBe(at(2024, 3, 1));
    expect(chartTime.parse(null)).toBeNull();
    expect(chartTime.parse(NaN)).toBeNull();
    expect(chartTime.parse('2024-03-01')).toBeNull();
  });

  it('adds fixed and calendar units', () => {
    expect(chartTime.add(at(2024, 1, 31), 1, 'month')).toBe(at(2024, 2, 29));
    expect(chartTime.add(at(2024, 1, 15), 1, 'quarter')).toBe(at(2024, 4, 15));
    expect(chartTime.add(at(2024, 3, 1), 2, 'week')).toBe(at(2024, 3, 15));
    expect(chartTime.add(at(2024, 3, 1), 3, 'hour')).toBe(at(2024, 3, 1, 3));
    expect(chartTime.add(at(2023, 2, 28), 1, 'year')).toBe(at(2024, 2, 28));
  });

  it('counts whole units between two times', () => {
    expect(chartTime.diff(at(2024, 3, 15), at(2024, 3, 1), 'day')).toBe(14);
    expect(chartTime.diff(at(2024, 3, 15), at(2024, 3, 1), 'week')).toBe(2);
    expect(chartTime.diff(at(2024, 12, 1), at(2024, 1, 1), 'month')).toBe(11);
    expect(chartTime.diff(at(2024, 12, 1), at(2024, 1, 1), 'quarter')).toBe(3);
    expect(chartTime.diff(at(2030, 1, 1), at(2024, 6, 1), 'year')).toBe(5);
    expect(chartTime.diff(at(2024, 3, 1, 5), at(2024, 3, 1), 'hour')).toBe(5);
  });

  it('snaps to the start and end of a unit', () => {
    // 2024-03-13 is a Wednesday
    expect(chartTime.startOf(at(2024, 3, 13, 15), 'day')).toBe(at(2024, 3, 13));
    expect(chartTime.startOf(at(2024, 3, 13), 'week')).toBe(at(2024, 3, 10));
    expect(chartTime.startOf(at(2024, 3, 13), 'isoWeek', 1)).toBe(at(2024, 3, 11));
    expect(chartTime.startOf(at(2024, 5, 13), 'quarter')).toBe(at(2024, 4, 1));
    expect(chartTime.startOf(at(2024, 5, 13), 'year')).toBe(at(2024, 1, 1));
    expect(chartTime.endOf(at(2024, 2, 10), 'month')).toBe(at(2024, 3, 1) - 1);
    expect(chartTime.endOf(at(2024, 2, 10), 'day')).toBe(at(2024, 2, 11) - 1);
  });

  it('formats with a date-fns pattern', () => {
    expect(chartTime.format(at(2024, 3, 1), chartTime.formats().month)).toBe('Mar 2024');
  });
});
