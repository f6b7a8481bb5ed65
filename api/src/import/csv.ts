/**
 * A small RFC 4180 reader: quoted fields may hold the delimiter, doubled quotes and line breaks; CRLF, LF and lone
 * CR end records. Cells are returned as written: nothing is trimmed, converted or evaluated. `quoted` tells a
 * quoted empty cell ("") from an empty one, which our own export uses for an empty note.
 *
 * Some apps write notes as typed (openScale 1.x, Libra), so a note may begin with a quote it never closes. A quote
 * that opens a field and is never closed, or is closed on a later line where no cell ends (`"a` … `b"c`), did not
 * quote anything: the field is read as written, quote and all, up to its separator or line end, and the rows after
 * it are read as rows rather than swallowed into one note.
 */
export type CsvRecord = { line: number; fields: string[]; quoted: boolean[] };
/** Comma; semicolon (spreadsheets where the comma is the decimal mark, Libra); tab (a spreadsheet's "text" file). */
export type Delimiter = ',' | ';' | '\t';

export function parseCsv(text: string, delimiter: Delimiter): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let quotes: boolean[] = [];
  let field = '';
  let wasQuoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endField = () => {
    fields.push(field);
    quotes.push(wasQuoted);
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    // a record that is one empty cell is a blank line
    if (!(fields.length === 1 && fields[0] === '' && !quotes[0])) records.push({ line: recordLine, fields, quoted: quotes });
    fields = [];
    quotes = [];
  };
  /**
   * The quoted field opened at `start`, or null when that quote quotes nothing. Stays linear: a quote that opens a
   * field inside the span of one that failed begins a run of doubled quotes there, so it closes at once.
   */
  const readQuoted = (start: number): { value: string; next: number; breaks: number } | null => {
    let value = '';
    let breaks = 0;
    let j = start + 1;
    while (j < text.length) {
      const c = text[j]!;
      if (c === '"') {
        if (text[j + 1] === '"') {
          value += '"';
          j += 2;
          continue;
        }
        const after = text[j + 1];
        const ends = after === undefined || after === delimiter || after === '\n' || after === '\r';
        // on its own line a stray character after the closing quote is kept, as spreadsheets read it
        if (!ends && breaks > 0) return null;
        return { value, next: j + 1, breaks };
      }
      if (c === '\n' || (c === '\r' && text[j + 1] !== '\n')) breaks++;
      value += c;
      j++;
    }
    return null;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && field === '') {
      const q = readQuoted(i);
      if (q) {
        field = q.value;
        wasQuoted = true;
        line += q.breaks;
        i = q.next;
      } else {
        field = '"';
        i++;
      }
    } else if (ch === delimiter) {
      endField();
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || wasQuoted || fields.length > 0) endRecord();
  return records;
}

/**
 * The delimiter of a file. A first line (not a '#key:value' comment) that holds only one of them outside quotes, as
 * a header row does, settles it: notes below it may hold many semicolons or tabs unquoted. Otherwise the one found most
 * often outside quotes on the first such lines: ';' over ',', and a tab over both (a tie keeps the comma, then the
 * semicolon).
 */
export function sniffDelimiter(text: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let tabs = 0;
  let seen = 0;
  for (const raw of text.split(/\r\n|\n|\r/)) {
    if (seen >= 5) break;
    if (raw.trim() === '' || /^#[^;,\t]*$/.test(raw)) continue;
    const outside = raw.replace(/"(?:[^"]|"")*"/g, '');
    const counts = [(outside.match(/,/g) ?? []).length, (outside.match(/;/g) ?? []).length, (outside.match(/\t/g) ?? []).length];
    if (seen === 0 && counts.filter((n) => n > 0).length === 1) return ([',', ';', '\t'] as const)[counts.findIndex((n) => n > 0)]!;
    commas += counts[0]!;
    semicolons += counts[1]!;
    tabs += counts[2]!;
    seen++;
  }
  if (tabs > commas && tabs > semicolons) return '\t';
  return semicolons > commas ? ';' : ',';
}

/**
 * UTF-8 (BOM dropped); UTF-16 when it starts with its byte-order mark (a spreadsheet's "Unicode text", tab-separated);
 * other bytes that are not UTF-8 are read as Windows-1252, which older spreadsheet exports use.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
