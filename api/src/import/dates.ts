import { isCalendarDate, type DateFormat } from '@app/contract';

export { DATE_FORMATS, type DateFormat } from '@app/contract';

// ISO dates, optionally followed by a time and offset: only the date part as written is used (the local calendar
// date of the reading), never shifted through UTC.
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\S*)?$/;
const SLASHED = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?:[ T]\S*)?$/;

const pad = (n: string) => n.padStart(2, '0');

export type DateResult = { ok: true; date: string } | { ok: false; reason: string };

/** A date cell → yyyy-MM-dd, using `format` for day/month order when the cell is slashed. */
export function parseDateCell(raw: string, format: DateFormat): DateResult {
  const cell = raw.trim();
  if (cell === '') return { ok: false, reason: 'Date is missing' };
  let y: string, m: string, d: string;
  const iso = ISO.exec(cell);
  const slashed = SLASHED.exec(cell);
  if (iso) [, y, m, d] = iso as unknown as [string, string, string, string];
  else if (slashed && format !== 'yyyy-MM-dd') {
    const [, a, b, year] = slashed as unknown as [string, string, string, string];
    y = year;
    [d, m] = format === 'dd/MM/yyyy' ? [a, b] : [b, a];
  } else if (slashed) return { ok: false, reason: `Date "${cell}" is not in the format yyyy-MM-dd` };
  else return { ok: false, reason: `Date "${cell}" is not a date` };
  const date = `${y}-${pad(m)}-${pad(d)}`;
  if (!isCalendarDate(date)) return { ok: false, reason: `Date "${cell}" is not a real date` };
  return { ok: true, date };
}

export type DateDetection = { value: DateFormat | null; ambiguous: boolean; candidates: DateFormat[] };

/**
 * Day/month order from the data: a first number over 12 means dd/MM, a second one over 12 means MM/dd. When no
 * slashed date decides it, the file is ambiguous (unless every date is ISO).
 */
export function detectDateFormat(cells: string[]): DateDetection {
  let slashed = 0;
  let dayFirst = 0;
  let monthFirst = 0;
  for (const cell of cells) {
    const m = SLASHED.exec(cell.trim());
    if (!m) continue;
    slashed++;
    if (Number(m[1]) > 12) dayFirst++;
    if (Number(m[2]) > 12) monthFirst++;
  }
  if (slashed === 0) return { value: 'yyyy-MM-dd', ambiguous: false, candidates: ['yyyy-MM-dd'] };
  if (dayFirst > 0 && monthFirst === 0) return { value: 'dd/MM/yyyy', ambiguous: false, candidates: ['dd/MM/yyyy'] };
  if (monthFirst > 0 && dayFirst === 0) return { value: 'MM/dd/yyyy', ambiguous: false, candidates: ['MM/dd/yyyy'] };
  return { value: null, ambiguous: true, candidates: ['dd/MM/yyyy', 'MM/dd/yyyy'] };
}
