import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dayNumber,
  fromDayNumber,
  shortDayLabel,
  addDaysToDate,
  calendarDaysBetween,
  compareDateStrings,
  daysBetweenInclusive,
  daysInMonth,
  formatDateEnGb,
  isValidDateString,
  isWeekStartsOn,
  localDate,
  maxDate,
  minDate,
  normalizeDate,
  parseDate,
  toDateString,
  toLocalDate,
  todayString,
} from './dates';

// Days on which clocks change in Europe, Los Angeles and Auckland (2025).
const DST_DAYS = ['2025-03-30', '2025-10-26', '2025-03-09', '2025-11-02', '2025-04-06', '2025-09-28'];

afterEach(() => {
  vi.useRealTimers();
});

describe('isValidDateString', () => {
  it('accepts real calendar dates only', () => {
    expect(isValidDateString('2024-02-29')).toBe(true);
    expect(isValidDateString('2000-02-29')).toBe(true);
    expect(isValidDateString('2025-02-29')).toBe(false);
    expect(isValidDateString('2100-02-29')).toBe(false);
    expect(isValidDateString('2025-04-31')).toBe(false);
    expect(isValidDateString('2025-12-31')).toBe(true);
    expect(isValidDateString('2025-13-01')).toBe(false);
    expect(isValidDateString('2025-00-10')).toBe(false);
    expect(isValidDateString('2025-01-00')).toBe(false);
  });

  it('rejects other shapes', () => {
    expect(isValidDateString('2025-1-05')).toBe(false);
    expect(isValidDateString('2025-01-01T00:00')).toBe(false);
    expect(isValidDateString(' 2025-01-01')).toBe(false);
    expect(isValidDateString('')).toBe(false);
    expect(isValidDateString(20250101)).toBe(false);
    expect(isValidDateString(null)).toBe(false);
  });

  it('knows month lengths', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });
});

describe('parseDate / toDateString', () => {
  it('parses to local midnight of the same calendar day', () => {
    const date = parseDate('2024-03-10');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2024, 2, 10, 0, 0]);
  });

  it('round-trips every DST day and leap day in this zone', () => {
    for (const day of [...DST_DAYS, '2024-02-29', '2024-12-31', '2025-01-01']) {
      expect(toDateString(parseDate(day))).toBe(day);
    }
  });

  it('keeps years below 100', () => {
    expect(parseDate('0099-01-01').getFullYear()).toBe(99);
    expect(localDate(99, 1, 1).getFullYear()).toBe(99);
  });

  it('throws for invalid dates', () => {
    expect(() => parseDate('2025-02-30')).toThrow('Invalid date: 2025-02-30');
    expect(() => toDateString(new Date(Number.NaN))).toThrow('Invalid date');
  });

  it('reads a Date in the local calendar', () => {
    expect(toDateString(new Date(2024, 2, 10, 23, 59, 59))).toBe('2024-03-10');
    expect(toDateString(new Date(2024, 2, 10, 0, 0, 0))).toBe('2024-03-10');
    expect(toDateString(new Date(2025, 2, 30, 12))).toBe('2025-03-30');
  });

  it('normalises either input', () => {
    expect(normalizeDate('2025-03-12')).toBe('2025-03-12');
    expect(normalizeDate(new Date(2025, 2, 12, 18))).toBe('2025-03-12');
    expect(() => normalizeDate('12/03/2025')).toThrow('Invalid date: 12/03/2025');
    expect(toLocalDate(new Date(2025, 2, 12, 18)).getHours()).toBe(0);
  });
});

describe('todayString', () => {
  it('uses the given clock', () => {
    expect(todayString(new Date(2025, 2, 30, 0, 30))).toBe('2025-03-30');
    expect(todayString(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
  });

  it('defaults to the current local day', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 5, 15, 10));
    expect(todayString()).toBe('2025-06-15');
  });
});

describe('formatDateEnGb', () => {
  it('shows dd/MM/yyyy', () => {
    expect(formatDateEnGb('2024-03-10')).toBe('10/03/2024');
    expect(formatDateEnGb('2025-12-31')).toBe('31/12/2025');
    expect(formatDateEnGb(new Date(2025, 0, 5, 23, 30))).toBe('05/01/2025');
    for (const day of DST_DAYS) expect(formatDateEnGb(day)).toBe(`${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);
  });
});

describe('calendar arithmetic', () => {
  it('moves by whole days across DST, month, leap and year ends', () => {
    expect(addDaysToDate('2025-03-09', 1)).toBe('2025-03-10');
    expect(addDaysToDate('2025-03-29', 2)).toBe('2025-03-31');
    expect(addDaysToDate('2025-11-02', -1)).toBe('2025-11-01');
    expect(addDaysToDate('2025-04-06', 1)).toBe('2025-04-07');
    expect(addDaysToDate('2025-09-28', -1)).toBe('2025-09-27');
    expect(addDaysToDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToDate('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDaysToDate('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysToDate('2025-03-31', -7)).toBe('2025-03-24');
  });

  it('counts inclusive calendar days, never adding or losing one at DST', () => {
    expect(daysBetweenInclusive('2025-03-12', '2025-03-12')).toBe(1);
    expect(daysBetweenInclusive('2025-03-29', '2025-03-31')).toBe(3);
    expect(daysBetweenInclusive('2025-03-08', '2025-03-10')).toBe(3);
    expect(daysBetweenInclusive('2025-11-01', '2025-11-03')).toBe(3);
    expect(daysBetweenInclusive('2025-04-05', '2025-04-07')).toBe(3);
    expect(daysBetweenInclusive('2025-09-27', '2025-09-29')).toBe(3);
    expect(daysBetweenInclusive('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysBetweenInclusive('2025-02-28', '2025-03-01')).toBe(2);
    expect(daysBetweenInclusive('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysBetweenInclusive('2025-01-01', '2025-12-31')).toBe(365);
    expect(daysBetweenInclusive('2025-03-31', '2025-03-30')).toBe(0);
  });

  it('gives signed differences', () => {
    expect(calendarDaysBetween('2025-01-01', '2025-01-31')).toBe(30);
    expect(calendarDaysBetween('2025-01-31', '2025-01-01')).toBe(-30);
    expect(calendarDaysBetween('2025-11-01', '2025-11-08')).toBe(7);
    expect(calendarDaysBetween('2025-03-30', '2025-04-13')).toBe(14);
  });

  it('orders date strings', () => {
    expect(compareDateStrings('2025-01-02', '2025-01-10')).toBe(-1);
    expect(compareDateStrings('2025-01-10', '2025-01-02')).toBe(1);
    expect(compareDateStrings('2025-01-10', '2025-01-10')).toBe(0);
    expect(minDate('2025-01-02', '2024-12-31')).toBe('2024-12-31');
    expect(maxDate('2025-01-02', '2024-12-31')).toBe('2025-01-02');
  });

  it('knows the two week starts', () => {
    expect(isWeekStartsOn(0)).toBe(true);
    expect(isWeekStartsOn(1)).toBe(true);
    expect(isWeekStartsOn(2)).toBe(false);
    expect(isWeekStartsOn('1')).toBe(false);
  });
});

describe('time zone of the run', () => {
  it('honours TZ so the zone matrix really tests each zone', () => {
    if (process.env.TZ) expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(process.env.TZ);
  });
});

describe('day numbers and short day labels', () => {
  it('count days on the calendar, across leap days, DST changes and centuries', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2);
    expect(dayNumber('2025-03-31') - dayNumber('2025-03-29')).toBe(2);
    expect(dayNumber('2025-10-27') - dayNumber('2025-10-25')).toBe(2);
    expect(dayNumber('1900-03-01') - dayNumber('1900-02-28')).toBe(1);
    expect(dayNumber('0099-12-31') + 1).toBe(dayNumber('0100-01-01'));
    for (const d of ['1900-01-01', '1969-12-31', '2000-02-29', '2024-12-31', '2025-03-30', '2026-11-01']) {
      expect(fromDayNumber(dayNumber(d))).toBe(d);
    }
    expect(addDaysToDate('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDaysToDate('2024-02-28', 366)).toBe('2025-02-28');
  });

  it('names the weekday, day and short month of any date', () => {
    expect(shortDayLabel('2024-12-30')).toBe('Mon 30 Dec');
    expect(shortDayLabel('1970-01-01')).toBe('Thu 1 Jan');
    expect(shortDayLabel('1969-12-31')).toBe('Wed 31 Dec');
    expect(shortDayLabel('2024-02-29')).toBe('Thu 29 Feb');
    expect(shortDayLabel('2025-03-30')).toBe('Sun 30 Mar');
    expect(formatDateEnGb('0099-05-07')).toBe('07/05/0099');
  });
});
