import { describe, expect, it } from 'vitest';
import { daysInMonth, isCalendarDate, latestEntryDate, todayUtc } from './dates';

describe('calendar dates', () => {
  it('accepts real yyyy-MM-dd dates only', () => {
    for (const ok of ['2024-02-29', '2000-02-29', '1900-01-01', '2023-12-31', '0001-01-01']) expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2023-13-01',
      '2023-00-10',
      '2023-04-31',
      '20230101',
      '2023-1-01',
      ' 2023-01-01',
      '2023-01-01\n',
      '2023/01/01',
      '2023-01-0a',
      '2023-01-00',
      '0000-01-01',
      '２０２３-01-01',
      '-023-01-01',
      '',
      5,
      null,
    ])
      expect(isCalendarDate(bad), String(bad)).toBe(false);
  });
  it('knows the length of every month, leap years included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2023, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect([daysInMonth(2024, 2), daysInMonth(1900, 2), daysInMonth(2000, 2)]).toEqual([29, 28, 29]);
  });
  it('an entry may be dated up to tomorrow in UTC, computed from the given instant', () => {
    expect(latestEntryDate(new Date('2026-12-31T23:59:00Z'))).toBe('2027-01-01');
    expect(latestEntryDate(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-23');
    expect(todayUtc(new Date('2026-11-22T23:30:00-05:00'))).toBe('2026-11-23');
  });
});
