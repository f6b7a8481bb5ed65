/**
 * Spreadsheets saved as OpenDocument (.ods: LibreOffice's and OpenOffice's own format, and a download of Google
 * Sheets): a zip whose `content.xml` holds every sheet as a `table:table`. Each cell states its type and value beside
 * the text it shows: a date as `office:date-value="2024-01-31"` (with `T07:12:00` for a time), a number as
 * `office:value`, a time as `office:time-value="PT07H12M00S"`, a boolean; text in its paragraphs. Rows and cells that
 * repeat (`number-rows-repeated`, `number-columns-repeated`, how the format writes a sheet's empty expanse) count
 * for their place; empty ones are never spelt out.
 */
import type { CsvRecord } from './csv.js';
import { ImportFormatError } from './errors.js';
import { MAX_READINGS } from './readings.js';
import { local, readXml, TOO_MANY_ROWS, type PartReader } from './xmlPart.js';

/** The part that holds the sheets. */
export const CONTENT_PART = 'content.xml';

/** Columns a row may reach (as many as a spreadsheet shows): a cell beyond is ignored. */
const MAX_COLUMNS = 16_384;
/** A row with content repeated more often than this is not a table of readings; it is read this many times at most. */
const MAX_REPEATED_ROWS = 10_000;

type Attrs = Record<string, string>;

/** Attributes by their names without prefix (`office:value-type` → `value-type`). */
function attrs(raw: Record<string, string>): Attrs {
  const out: Attrs = {};
  for (const [k, v] of Object.entries(raw)) out[local(k)] = v;
  return out;
}

/** `PT07H12M05S` (or `PT7H12M`) → `07:12:05`; null when it is not such a duration. */
function timeOf(value: string): string | null {
  const m = /^-?P(?:\d+D)?T(\d+)H(\d+)M(\d+(?:\.\d+)?)S$/i.exec(value.trim()) ?? /^-?PT(\d+)H(\d+)M()$/i.exec(value.trim());
  if (!m) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Number(m[1]) % 24)}:${pad(Number(m[2]))}:${pad(Math.floor(Number(m[3] || 0)))}`;
}

/** A cell's text as the sheet holds it for its type. */
function cellText(a: Attrs, shown: string): string {
  switch (a['value-type']) {
    case 'float':
    case 'percentage':
    case 'currency':
      return a.value ?? shown;
    case 'date': {
      const d = a['date-value'] ?? '';
      // midnight is a date alone; a time of day stays
      return d.replace(/T00:00(:00(\.0+)?)?$/, '').replace('T', ' ') || shown;
    }
    case 'time':
      return timeOf(a['time-value'] ?? '') ?? shown;
    case 'boolean':
      return a['boolean-value'] === 'true' ? 'TRUE' : 'FALSE';
    default:
      return shown;
  }
}

/** Every sheet in order: all are in the one content part, so all are read before the first is handed over. */
export async function* odsSheets(open: PartReader): AsyncGenerator<{ name: string; records: CsvRecord[] }> {
  const content = await open(CONTENT_PART);
  if (!content) throw new ImportFormatError('The spreadsheet is damaged: it has no content');
  const sheets: { name: string; records: CsvRecord[] }[] = [];
  let sheet: { name: string; records: CsvRecord[] } | null = null;
  let rowNumber = 0;
  let row: { fields: string[]; quoted: boolean[]; repeat: number } | null = null;
  let col = 0;
  let cell: { a: Attrs; repeat: number; text: string; paragraphs: number } | null = null;
  let inParagraph = 0;

  await readXml(content, {
    open: (tag) => {
      const name = local(tag.name);
      const a = attrs(tag.attributes as Record<string, string>);
      if (name === 'table') sheet = { name: a.name ?? '', records: [] };
      else if (name === 'table-row' && sheet) {
        row = { fields: [], quoted: [], repeat: Math.max(1, Number(a['number-rows-repeated'] ?? 1) || 1) };
        col = 0;
      } else if ((name === 'table-cell' || name === 'covered-table-cell') && row) {
        cell = { a, repeat: Math.max(1, Number(a['number-columns-repeated'] ?? 1) || 1), text: '', paragraphs: 0 };
      } else if (cell && name === 'p') {
        if (cell.paragraphs++ > 0) cell.text += '\n';
        inParagraph++;
      } else if (cell && inParagraph) {
        // spaces, tabs and line breaks as the paragraph writes them
        if (name === 's') cell.text += ' '.repeat(Math.min(1000, Number(a.c ?? 1) || 1));
        else if (name === 'tab') cell.text += '\t';
        else if (name === 'line-break') cell.text += '\n';
      }
    },
    text: (text) => {
      if (cell && inParagraph) cell.text += text;
    },
    close: (raw) => {
      const name = local(raw);
      if (name === 'p' && inParagraph) inParagraph--;
      else if ((name === 'table-cell' || name === 'covered-table-cell') && cell && row) {
        const text = cellText(cell.a, cell.text);
        if (text !== '')
          for (let i = 0; i < cell.repeat && col + i < MAX_COLUMNS; i++) {
            while (row.fields.length < col + i) {
              row.fields.push('');
              row.quoted.push(false);
            }
            row.fields[col + i] = text;
            row.quoted[col + i] = (cell.a['value-type'] ?? 'string') === 'string';
          }
        col += cell.repeat;
        cell = null;
      } else if (name === 'table-row' && row && sheet) {
        const filled = row.fields.some((f) => f.trim() !== '');
        const times = filled ? Math.min(row.repeat, MAX_REPEATED_ROWS) : 0;
        if (sheet.records.length + times > MAX_READINGS) throw new ImportFormatError(TOO_MANY_ROWS);
        for (let i = 0; i < times; i++) sheet.records.push({ line: rowNumber + i + 1, fields: [...row.fields], quoted: [...row.quoted] });
        rowNumber += row.repeat;
        row = null;
      } else if (name === 'table' && sheet) {
        sheets.push(sheet);
        sheet = null;
        rowNumber = 0;
      }
    },
  });
  if (sheets.length === 0) throw new ImportFormatError('The spreadsheet has no sheets');
  yield* sheets;
}
