// Builds .xlsx workbooks for tests, laid out as Excel saves them: shared strings, a styles part whose cell formats
// say which numbers are dates, one part per sheet. Only what the reader must understand is written.
import { writeZip } from './zip.js';

/** A cell: text (shared), a number, a number in a cell style, a formula's saved result, inline text, a boolean. */
export type Cell =
  string | number | null | { v: number; s: number } | { f: string; v: number } | { inline: string[] } | { b: boolean } | { raw: string };
export type Sheet = { name: string; rows: Cell[][] };

/** Cell styles of the workbook: 0 General, 1 a built-in date (m/d/yyyy), 2 a custom date and time, 3 a time, 4 0.0 "kg". */
export const STYLE = { date: 1, dateTime: 2, time: 3, kg: 4 } as const;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const colName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : colName(Math.floor(i / 26) - 1) + colName(i % 26));

export async function writeXlsx(path: string, sheets: Sheet[], opts: { date1904?: boolean; prefix?: string } = {}): Promise<number> {
  const strings: string[] = [];
  const shared = (s: string) => {
    const at = strings.indexOf(s);
    return at >= 0 ? at : strings.push(s) - 1;
  };
  const p = opts.prefix ? `${opts.prefix}:` : '';
  const ns = opts.prefix ? `xmlns:${opts.prefix}` : 'xmlns';
  const sheetXml = (rows: Cell[][]) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}worksheet ${ns}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${p}sheetData>` +
    rows
      .map((row, r) => {
        const cells = row
          .map((c, i) => {
            const ref = `${colName(i)}${r + 1}`;
            if (c === null) return '';
            if (typeof c === 'string') return `<${p}c r="${ref}" t="s"><${p}v>${shared(c)}</${p}v></${p}c>`;
            if (typeof c === 'number') return `<${p}c r="${ref}"><${p}v>${c}</${p}v></${p}c>`;
            if ('raw' in c) return `<${p}c r="${ref}"><${p}v>${c.raw}</${p}v></${p}c>`;
            if ('s' in c) return `<${p}c r="${ref}" s="${c.s}"><${p}v>${c.v}</${p}v></${p}c>`;
            if ('f' in c) return `<${p}c r="${ref}"><${p}f>${esc(c.f)}</${p}f><${p}v>${c.v}</${p}v></${p}c>`;
            if ('b' in c) return `<${p}c r="${ref}" t="b"><${p}v>${c.b ? 1 : 0}</${p}v></${p}c>`;
            return `<${p}c r="${ref}" t="inlineStr"><${p}is>${c.inline.map((t) => `<${p}r><${p}t xml:space="preserve">${esc(t)}</${p}t></${p}r>`).join('')}</${p}is></${p}c>`;
          })
          .join('');
        return `<${p}row r="${r + 1}">${cells}</${p}row>`;
      })
      .join('') +
    `</${p}sheetData></${p}worksheet>`;
  const sheetParts = sheets.map((s) => sheetXml(s.rows));
  const workbook =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<workbookPr${opts.date1904 ? ' date1904="1"' : ''}/><sheets>` +
    sheets.map((s, i) => `<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="rId${i + 3}"/>`).join('') +
    '</sheets></workbook>';
  // the sheets' parts named in reverse, so only the relationships tell which sheet is which
  const target = (i: number) => `worksheets/sheet${sheets.length - i}.xml`;
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
    sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 3}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="${target(i)}"/>`,
      )
      .join('') +
    '</Relationships>';
  const styles =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm"/><numFmt numFmtId="165" formatCode="[$-F400]h:mm:ss\\ AM/PM"/><numFmt numFmtId="166" formatCode="0.0\\ &quot;kg&quot;"/></numFmts>' +
    '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
    '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/><xf numFmtId="166" applyNumberFormat="1"/></cellXfs>' +
    '</styleSheet>';
  const sst =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">` +
    strings.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('') +
    '</sst>';
  return writeZip(path, [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: rels },
    { name: 'xl/styles.xml', data: styles },
    { name: 'xl/sharedStrings.xml', data: sst },
    ...sheetParts.map((data, i) => ({ name: `xl/${target(i)}`, data })),
  ]);
}
