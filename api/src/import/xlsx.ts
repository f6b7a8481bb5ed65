/**
 * Spreadsheets saved as .xlsx (Excel, Numbers, Google Sheets, LibreOffice; MacroFactor's and other apps' exports): a
 * zip of XML parts. The first sheet that holds a table the CSV formats recognise is read, its cells as the workbook
 * saved them: shared and inline strings as text, numbers as written, a formula's saved result (never computed here),
 * and numbers in a date or time format as the date or time they show. Each row keeps its sheet row number, which
 * rejections name as the line. XML is read as it streams, through a SAX parser; no entity is ever expanded.
 */
import type { CsvRecord } from './csv.js';
import { ImportFormatError } from './errors.js';
import { MAX_READINGS } from './readings.js';
import { local, readXml, TOO_MANY_ROWS, type PartReader } from './xmlPart.js';
import { isTimeValue, wallClockOf } from './zone.js';

/** The workbook's own part, at its path in the archive: an archive holding it is a spreadsheet. */
export const WORKBOOK_PART = 'xl/workbook.xml';

type Workbook = { sheets: { name: string; path: string }[]; date1904: boolean };

/** The sheets in the workbook's order, each at its part's path, and whether dates count from 1904 (old Mac Excel). */
async function readWorkbook(open: PartReader): Promise<Workbook> {
  const sheets: { name: string; rel: string }[] = [];
  let date1904 = false;
  const book = await open(WORKBOOK_PART);
  if (!book) throw new ImportFormatError('The spreadsheet is damaged: it has no workbook');
  await readXml(book, {
    open: (tag) => {
      const a = tag.attributes as Record<string, string>;
      if (local(tag.name) === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (local(tag.name) === 'sheet') sheets.push({ name: a.name ?? '', rel: a['r:id'] ?? a.id ?? '' });
    },
  });
  const targets = new Map<string, string>();
  const rels = await open('xl/_rels/workbook.xml.rels');
  if (rels)
    await readXml(rels, {
      open: (tag) => {
        const a = tag.attributes as Record<string, string>;
        if (local(tag.name) === 'Relationship' && a.Id && a.Target) targets.set(a.Id, a.Target);
      },
    });
  return {
    date1904,
    sheets: sheets.map((s, i) => {
      const target = targets.get(s.rel) ?? `worksheets/sheet${i + 1}.xml`;
      return { name: s.name, path: target.startsWith('/') ? target.slice(1) : `xl/${target}` };
    }),
  };
}

/** The workbook's shared strings: each `<si>` as one text, its rich-text runs joined, phonetic guides left out. */
async function readSharedStrings(open: PartReader): Promise<string[]> {
  const strings: string[] = [];
  const part = await open('xl/sharedStrings.xml');
  if (!part) return strings;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await readXml(part, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = true;
    },
    close: (raw) => {
      const name = local(raw);
      if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText && phonetic === 0 && current !== null) current += text;
    },
  });
  return strings;
}

/** Excel's built-in number formats that show a date or a time (the ids its format table fixes, East Asian ones too). */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);
/** Built-in formats that show a time of day only. */
const BUILT_IN_TIMES = new Set([18, 19, 20, 21, 45, 46, 47]);

type CellStyle = 'date' | 'time' | null;

/** What a format code shows: a date (with or without a time), a time alone, or a number. */
export function formatShows(code: string): CellStyle {
  // quoted text, escaped characters, colours and conditions say nothing about dates; [h] and [mm] are elapsed times
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
    .split(';')[0]!
    .toLowerCase();
  const date = /[dy]/.test(bare) || (/m/.test(bare) && !/[hs]/.test(bare) && !/\[m+\]/.test(bare));
  if (date) return 'date';
  return /[hs]/.test(bare) ? 'time' : null;
}

/** Each cell style (the `s` of a cell) → whether its number shows a date, a time or a number. */
async function readStyles(open: PartReader): Promise<CellStyle[]> {
  const part = await open('xl/styles.xml');
  if (!part) return [];
  const custom = new Map<number, string>();
  const styles: CellStyle[] = [];
  let inCellXfs = false;
  await readXml(part, {
    open: (tag) => {
      const a = tag.attributes as Record<string, string>;
      const name = local(tag.name);
      if (name === 'numFmt') custom.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0);
        const code = custom.get(id);
        styles.push(code !== undefined ? formatShows(code) : BUILT_IN_TIMES.has(id) ? 'time' : BUILT_IN_DATES.has(id) ? 'date' : null);
      }
    },
    close: (name) => {
      if (local(name) === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

const MS_PER_DAY = 86_400_000;

/**
 * A date serial as the sheet shows it: days since 1899-12-30 (1900 system; before 1 March 1900 a day later, for the
 * 29 February 1900 that Lotus counted and Excel keeps) or since 1904-01-01, the fraction the time of day.
 */
export function serialAsText(serial: number, style: 'date' | 'time', date1904: boolean): string {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : serial < 61 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  // to the second, as a sheet shows a time
  const at = epoch + Math.round((serial * MS_PER_DAY) / 1000) * 1000;
  // a serial beyond any calendar is shown as what it is, which no date reading takes (its digits alone would read as
  // epoch seconds)
  if (!isTimeValue(at)) return `serial ${serial}`;
  const { date, msOfDay } = wallClockOf(at);
  const time = new Date(msOfDay).toISOString().slice(11, 19);
  if (style === 'time' && serial < 1) return time;
  return msOfDay === 0 ? date : `${date} ${time}`;
}

/** A number as the sheet wrote it, without the binary noise of its last digits (80.499999999999986 → 80.5). */
function numberText(v: string): string {
  const n = Number(v);
  return Number.isFinite(n) ? String(Number(n.toPrecision(15))) : v;
}

/** `AB12` → 27 (zero-based column); -1 without letters. */
function columnOf(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return i === 0 ? -1 : col - 1;
}

/** Columns a row may reach (XFD is Excel's last): a cell beyond is ignored rather than allocating its row. */
const MAX_COLUMNS = 16_384;

/** One sheet's rows as records, each at its row number, its cells as text. */
async function readSheet(part: AsyncIterable<Uint8Array>, strings: string[], styles: CellStyle[], date1904: boolean): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  let row: CsvRecord | null = null;
  let cell: { col: number; type: string; style: CellStyle } | null = null;
  let value: string | null = null;
  let inline = '';
  let reading: 'v' | 't' | null = null;
  let nextRow = 1;
  let nextCol = 0;
  const put = (col: number, text: string, isText: boolean) => {
    if (!row || col < 0 || col >= MAX_COLUMNS) return;
    while (row.fields.length < col) {
      row.fields.push('');
      row.quoted.push(false);
    }
    row.fields[col] = text;
    row.quoted[col] = isText;
  };
  await readXml(part, {
    open: (tag) => {
      const a = tag.attributes as Record<string, string>;
      const name = local(tag.name);
      if (name === 'row') {
        const r = Number(a.r);
        row = { line: Number.isInteger(r) && r > 0 ? r : nextRow, fields: [], quoted: [] };
        nextRow = row.line + 1;
        nextCol = 0;
      } else if (name === 'c') {
        const col = a.r ? columnOf(a.r) : nextCol;
        cell = { col: col < 0 ? nextCol : col, type: a.t ?? 'n', style: styles[Number(a.s ?? 0)] ?? null };
        nextCol = cell.col + 1;
        value = null;
        inline = '';
      } else if (name === 'v' && cell) {
        reading = 'v';
        value = '';
      } else if (name === 't' && cell) reading = 't';
    },
    text: (text) => {
      if (reading === 'v') value += text;
      else if (reading === 't') inline += text;
    },
    close: (raw) => {
      const name = local(raw);
      if (name === 'v' || name === 't') reading = null;
      else if (name === 'c' && cell) {
        const { col, type, style } = cell;
        if (type === 'inlineStr') put(col, inline, true);
        else if (value !== null) {
          if (type === 's') put(col, strings[Number(value)] ?? '', true);
          else if (type === 'str' || type === 'd') put(col, value, true);
          else if (type === 'b') put(col, value === '1' ? 'TRUE' : 'FALSE', false);
          else if (type === 'e') put(col, '', false);
          else {
            const n = Number(value);
            put(col, style && Number.isFinite(n) && n >= 0 ? serialAsText(n, style, date1904) : numberText(value), false);
          }
        }
        cell = null;
      } else if (name === 'row' && row) {
        if (row.fields.some((f) => f.trim() !== '')) {
          if (records.length >= MAX_READINGS) throw new ImportFormatError(TOO_MANY_ROWS);
          records.push(row);
        }
        row = null;
      }
    },
  });
  return records;
}

/**
 * The workbook's sheets in order, each read into records as it is asked for: the caller stops at the first one it
 * recognises, so a workbook is read no further than its weights.
 */
export async function* workbookSheets(open: PartReader): AsyncGenerator<{ name: string; records: CsvRecord[] }> {
  const book = await readWorkbook(open);
  if (book.sheets.length === 0) throw new ImportFormatError('The spreadsheet has no sheets');
  const strings = await readSharedStrings(open);
  const styles = await readStyles(open);
  for (const sheet of book.sheets) {
    const part = await open(sheet.path);
    if (part) yield { name: sheet.name, records: await readSheet(part, strings, styles, book.date1904) };
  }
}
