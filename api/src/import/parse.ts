import { codePoints, hasNul, IMPORT_MAX_ROWS, lbToKg, MIN_DATE, NOTES_MAX, WEIGHT_MAX_KG, WEIGHT_MIN_KG } from '@app/contract';
import { parseCsv, sniffDelimiter } from './csv.js';
import { detectDateFormat, parseDateCell, type DateDetection, type DateFormat } from './dates.js';
import { detectFormat, preambleUnit, type FormatId, type Unit } from './formats.js';

export const MAX_IMPORT_ROWS = IMPORT_MAX_ROWS;
const MAX_PREAMBLE = 20;

export type ImportRow = { line: number; date: string; weightKg: number; notes: string | null };
export type Rejected = { line: number; reason: string };
export type ParsedImport = {
  format: { id: FormatId; label: string };
  dateFormat: DateDetection;
  unit: Unit;
  /** The file says its unit (header or preamble); otherwise the client should let the user choose. */
  unitStated: boolean;
  rows: ImportRow[];
  rejected: Rejected[];
  duplicatesInFile: number;
};

export class ImportFormatError extends Error {}

export type ParseOptions = { dateFormat?: DateFormat; unit?: Unit; tomorrow: string };

const NUMBER = /^[-+]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;

/** Undoes our export's formula neutralisation: one leading apostrophe before = + - @ tab CR (and before more apostrophes). */
export const unneutralise = (s: string) => (/^'+[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/**
 * Reads an export of another tracker (or ours). Cells are only ever read as numbers, dates and text: a formula
 * such as `=1+1` is "not a number". Several readings of one day: the first in the file is kept.
 */
export function parseImport(text: string, opts: ParseOptions): ParsedImport {
  const records = parseCsv(text, sniffDelimiter(text));
  const headerAt = records.slice(0, MAX_PREAMBLE).findIndex((r) => detectFormat(r.fields) !== null);
  if (headerAt < 0)
    throw new ImportFormatError(
      'The file was not recognised: it needs a header row such as "date,weight,notes" (or an export of Libra, openScale, TrendWeight or The Hacker\'s Diet Online)',
    );
  const format = detectFormat(records[headerAt]!.fields)!;
  const statedUnit = format.headerUnit ?? preambleUnit(records.slice(0, headerAt).map((r) => r.fields));
  const unit = statedUnit ?? opts.unit ?? format.defaultUnit;
  const data = records.slice(headerAt + 1).filter((r) => !r.fields[0]!.trimStart().startsWith('#'));

  const detected = detectDateFormat(data.map((r) => r.fields[format.dateCol] ?? ''));
  const dateFormat: DateDetection = opts.dateFormat ? { ...detected, value: opts.dateFormat } : detected;
  // an undecided file is read day-first for the preview; the client asks which one before importing
  const use: DateFormat = dateFormat.value ?? detected.candidates[0]!;

  const rows: ImportRow[] = [];
  const rejected: Rejected[] = [];
  const seen = new Set<string>();
  let duplicatesInFile = 0;
  for (const { line, fields } of data) {
    const reject = (reason: string) => rejected.push({ line, reason });
    const d = parseDateCell(fields[format.dateCol] ?? '', use);
    if (!d.ok) {
      reject(d.reason);
      continue;
    }
    const shown = (fields[format.dateCol] ?? '').trim();
    if (d.date < MIN_DATE) {
      reject(`Date "${shown}" is before ${MIN_DATE}`);
      continue;
    }
    if (d.date > opts.tomorrow) {
      reject(`Date "${shown}" is in the future`);
      continue;
    }
    const w = (fields[format.weightCol] ?? '').trim();
    if (w === '') {
      reject('Weight is missing');
      continue;
    }
    if (!NUMBER.test(w)) {
      reject('Weight is not a number');
      continue;
    }
    const value = Number(w.replace(',', '.'));
    const weightKg = unit === 'lb' ? lbToKg(value) : value;
    if (!(Number.isFinite(weightKg) && weightKg > WEIGHT_MIN_KG && weightKg < WEIGHT_MAX_KG)) {
      reject('Weight must be between 0 and 1000 kg');
      continue;
    }
    const rawNotes = format.notesCol === null ? '' : unneutralise(fields[format.notesCol] ?? '');
    if (hasNul(rawNotes)) {
      reject('Notes contain a NUL character');
      continue;
    }
    if (codePoints(rawNotes) > NOTES_MAX) {
      reject('Notes are longer than 255 characters');
      continue;
    }
    if (seen.has(d.date)) {
      duplicatesInFile++;
      continue;
    }
    seen.add(d.date);
    rows.push({ line, date: d.date, weightKg, notes: rawNotes === '' ? null : rawNotes });
  }
  return {
    format: { id: format.id, label: format.label },
    dateFormat,
    unit,
    unitStated: statedUnit != null,
    rows,
    rejected,
    duplicatesInFile,
  };
}
