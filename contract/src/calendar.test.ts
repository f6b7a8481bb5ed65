import { expect, it } from 'vitest';
import { addCalendarDays, dateOfDayNumber, dayNumberOf, daysFromTo, weekdayOf } from './calendar';

it('day numbers round-trip across leap days and centuries', () => {
  expect(dayNumberOf('1970-01-01')).toBe(0);
  for (const d of ['1900-02-28', '1900-03-01', '2000-02-29', '2024-02-29', '2026-03-29', '2026-10-25', '9999-12-31']) {
    expect(dateOfDayNumber(dayNumberOf(d))).toBe(d);
  }
  expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
  expect(addCalendarDays('2023-12-31', 1)).toBe('2024-01-01');
  expect(daysFromTo('2026-03-28', '2026-03-30')).toBe(2);
});

it('weekday: 0 Sunday … 6 Saturday', () => {
  expect(weekdayOf('1970-01-01')).toBe(4);
  expect(weekdayOf('2026-11-22')).toBe(0);
  expect(weekdayOf('2026-11-23')).toBe(1);
  expect(weekdayOf('1969-12-31')).toBe(3);
});
