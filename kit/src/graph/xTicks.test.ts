import { describe, expect, it } from 'vitest';
import { localDate } from '../domain/dates';
import { dateToX } from './buildGraphData';
import { xAxisUnit, xTickCallback } from './xTicks';

const HOUR = 3_600_000;
const bounds = (start: string, end: string) => ({ min: dateToX(start), max: dateToX(end) });
const days = (start: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(dateToX(start));
    d.setDate(d.getDate() + i);
    return d.getTime();
  });

describe('xAxisUnit', () => {
  it.each([
    ['week', 'day'],
    ['month', 'day'],
    ['quarter', 'month'],
    ['halfyear', 'month'],
    ['year', 'month'],
    ['all', 'month'],
  ] as const)('%s → %s', (period, unit) => expect(xAxisUnit(period)).toBe(unit));
});

describe('week axis', () => {
  it('labels every day with its short weekday', () => {
    const cb = xTickCallback('week', bounds('2025-01-05', '2025-01-11'));
    expect(days('2025-01-05', 7).map(cb)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('accepts string tick values', () => {
    expect(xTickCallback('week', null)(String(dateToX('2025-01-06')))).toBe('Mon');
  });
});

describe('month axis', () => {
  it.each([
    ['2025-01-01', 31, ['1 Jan', '11 Jan', '21 Jan', '31 Jan']],
    ['2025-02-01', 28, ['1 Feb', '10 Feb', '19 Feb', '28 Feb']],
    ['2024-02-01', 29, ['1 Feb', '10 Feb', '20 Feb', '29 Feb']],
    ['2025-04-01', 30, ['1 Apr', '11 Apr', '20 Apr', '30 Apr']],
    // a rolling 30-day window across a month end
    ['2025-03-14', 30, ['14 Mar', '24 Mar', '2 Apr', '12 Apr']],
  ])('from %s, %i days: exactly 4 labels at start, 1/3, 2/3 and end', (start, count, labels) => {
    const ticks = days(start, count);
    const cb = xTickCallback('month', { min: ticks[0], max: ticks[ticks.length - 1] });
    const shown = ticks.map(cb).filter((label) => label !== '');
    expect(shown).toEqual(labels);
  });

  it('each labelled tick lies within 12 hours of its position', () => {
    const ticks = days('2025-04-01', 30);
    const min = ticks[0];
    const max = ticks[29];
    const cb = xTickCallback('month', { min, max });
    const labelled = ticks.filter((t) => cb(t) !== '');
    const positions = [0, 1, 2, 3].map((k) => min + ((max - min) * k) / 3);
    labelled.forEach((tick, k) => expect(Math.abs(tick - positions[k])).toBeLessThan(12 * HOUR));
  });

  it('without bounds nothing is labelled', () => {
    expect(xTickCallback('month', null)(dateToX('2025-01-01'))).toBe('');
  });
});

describe('year, quarter and half-year axes', () => {
  it.each(['year', 'quarter', 'halfyear'] as const)('%s: the short month on the 1st of each month, nothing else', (period) => {
    const cb = xTickCallback(period, bounds('2025-01-01', '2025-12-31'));
    const firsts = Array.from({ length: 12 }, (_, m) => localDate(2025, m + 1, 1).getTime());
    expect(firsts.map(cb)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(cb(dateToX('2025-03-15'))).toBe('');
  });
});

describe('all axis', () => {
  it('months on the 1st, as many as fit, aligned on January, with the year on January', () => {
    const cb = xTickCallback('all', bounds('2023-06-01', '2025-06-01'));
    expect(cb(dateToX('2023-06-01'))).toBe('');
    expect(cb(dateToX('2023-07-01'))).toBe('Jul 2023');
    expect(cb(dateToX('2024-01-01'))).toBe('Jan 2024');
    expect(cb(dateToX('2024-03-01'))).toBe('Mar');
    expect(cb(dateToX('2024-02-01'))).toBe('');
    expect(cb(dateToX('2024-03-02'))).toBe('');
  });

  it('a decade shows only years', () => {
    const cb = xTickCallback('all', bounds('2015-03-10', '2025-06-01'), 600);
    expect(cb(dateToX('2016-01-01'))).toBe('2016');
    expect(cb(dateToX('2016-07-01'))).toBe('');
  });
});
