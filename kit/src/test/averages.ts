import type { AverageItem } from '@app/contract';
import { isoWeekStart, parseWeekKey } from '../domain/averages';
import { addDaysToDate, daysInMonth } from '../domain/dates';

/**
 * An averaged bucket as the API sends it, from its key and mean: count 1 unless given, and the bucket's first and
 * last day (a week starts on Monday, or on the Sunday before with weekStartsOn 0, as the API's SQL decides).
 */
export function avgOf(
  item: { week?: string; month?: string; year?: string | number; average: number; count?: number },
  weekStartsOn: 0 | 1 = 1,
): AverageItem {
  const count = item.count ?? 1;
  if (item.week !== undefined) {
    let start: string;
    try {
      const { year, week } = parseWeekKey(item.week);
      start = addDaysToDate(isoWeekStart(year, week), weekStartsOn === 0 ? -1 : 0);
    } catch {
      start = '2000-01-03'; // a week that does not exist: the reader must refuse it by its key
    }
    return { week: item.week, average: item.average, count, start, end: addDaysToDate(start, 6) };
  }
  if (item.month !== undefined) {
    const [y, m] = item.month.split('-').map(Number);
    const ok = y! > 0 && m! >= 1 && m! <= 12;
    const start = ok ? `${item.month}-01` : '2000-01-01';
    return { month: item.month, average: item.average, count, start, end: ok ? `${item.month}-${daysInMonth(y!, m!)}` : '2000-01-31' };
  }
  const year = String(item.year);
  const ok = /^\d{4}$/.test(year);
  return {
    year: item.year as string,
    average: item.average,
    count,
    start: ok ? `${year}-01-01` : '2000-01-01',
    end: ok ? `${year}-12-31` : '2000-12-31',
  };
}
