// Builds OpenDocument spreadsheets (.ods) for tests, laid out as LibreOffice saves them: the mimetype first, the
// manifest, and every sheet in content.xml with typed cells, repeated empty cells and rows as the format writes them.
import { writeZip } from './zip.js';

/** A cell: text, a number, a date or date-time (ISO), a time (PT…), a boolean, or an empty run of cells. */
export type OdsCell =
  string | number | null | { date: string } | { time: string } | { b: boolean } | { empty: number } | { paragraphs: string[] };
export type OdsSheet = { name: string; rows: (OdsCell[] | { emptyRows: number })[] };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function cellXml(c: OdsCell): string {
  if (c === null) return '<table:table-cell/>';
  if (typeof c === 'string')
    return `<table:table-cell office:value-type="string" calcext:value-type="string"><text:p>${esc(c)}</text:p></table:table-cell>`;
  if (typeof c === 'number')
    return `<table:table-cell office:value-type="float" office:value="${c}"><text:p>${c.toFixed(1)}</text:p></table:table-cell>`;
  if ('date' in c)
    return `<table:table-cell office:value-type="date" office:date-value="${c.date}"><text:p>shown as set</text:p></table:table-cell>`;
  if ('time' in c)
    return `<table:table-cell office:value-type="time" office:time-value="${c.time}"><text:p>shown as set</text:p></table:table-cell>`;
  if ('b' in c)
    return `<table:table-cell office:value-type="boolean" office:boolean-value="${c.b}"><text:p>${c.b ? 'TRUE' : 'FALSE'}</text:p></table:table-cell>`;
  if ('empty' in c) return `<table:table-cell table:number-columns-repeated="${c.empty}"/>`;
  // paragraphs, with runs of spaces as <text:s/>
  const p = c.paragraphs.map((t) => `<text:p>${esc(t).replace(/ {2,}/g, (m) => ` <text:s text:c="${m.length - 1}"/>`)}</text:p>`);
  return `<table:table-cell office:value-type="string">${p.join('')}</table:table-cell>`;
}

export async function writeOds(path: string, sheets: OdsSheet[]): Promise<number> {
  const content =
    '<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
    'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" office:version="1.3"><office:body><office:spreadsheet>' +
    sheets
      .map(
        (s) =>
          `<table:table table:name="${esc(s.name)}"><table:table-column table:number-columns-repeated="1024"/>` +
          s.rows
            .map((r) =>
              'emptyRows' in r
                ? `<table:table-row table:number-rows-repeated="${r.emptyRows}"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`
                : `<table:table-row>${r.map(cellXml).join('')}<table:table-cell table:number-columns-repeated="1020"/></table:table-row>`,
            )
            .join('') +
          '<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table>',
      )
      .join('') +
    '</office:spreadsheet></office:body></office:document-content>';
  return writeZip(path, [
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' },
    {
      name: 'META-INF/manifest.xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
    },
    { name: 'content.xml', data: content },
  ]);
}
