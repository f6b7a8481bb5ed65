import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile, type ParseOptions } from './parse.js';
import { writeOds } from './testing/ods.js';
import { STYLE, writeXlsx } from './testing/xlsx.js';
import { writeZip } from './testing/zip.js';
import { formatShows, serialAsText } from './xlsx.js';

const dir = mkdtempSync(join(tmpdir(), 'import-xlsx-'));
const path = (name: string) => join(dir, name);
const opts: ParseOptions = { tomorrow: '2026-11-22' };
const simple = (p: Awaited<ReturnType<typeof parseFile>>) => p.rows.map((r) => [r.line, r.date, r.weightKg, r.notes]);

// Excel's serials, as its own cells show them: 45292 is 1 January 2024, 45322 is 31 January 2024
const JAN_31 = 45322;

describe('number formats and date serials', () => {
  it('tells dates, times and numbers apart by their format code', () => {
    expect(formatShows('dd/mm/yyyy')).toBe('date');
    expect(formatShows('[$-409]d-mmm-yy;@')).toBe('date');
    expect(formatShows('mmmm yyyy')).toBe('date');
    expect(formatShows('yyyy-mm-dd hh:mm:ss')).toBe('date');
    expect(formatShows('h:mm AM/PM')).toBe('time');
    expect(formatShows('[h]:mm:ss')).toBe('time');
    expect(formatShows('mm:ss')).toBe('time');
    expect(formatShows('General')).toBeNull();
    expect(formatShows('0.0 "kg"')).toBeNull();
    expect(formatShows('#,##0.00\\ "lbs";[Red]-#,##0.00')).toBeNull();
    expect(formatShows('0.00E+00')).toBeNull();
  });
  it('turns serials into the dates and times the sheet shows', () => {
    expect(serialAsText(JAN_31, 'date', false)).toBe('2024-01-31');
    expect(serialAsText(JAN_31 + 0.3, 'date', false)).toBe('2024-01-31 07:12:00');
    // a serial beyond any calendar says so, never digits a reader would take for epoch seconds
    expect(serialAsText(1234567890, 'date', false)).toBe('serial 1234567890');
    expect(serialAsText(JAN_31 + 0.99999999, 'date', false)).toBe('2024-02-01');
    expect(serialAsText(0.75, 'time', false)).toBe('18:00:00');
    // the 1900 system counts a 29 February 1900 that never was: 59 is the 28th, 61 the 1st of March
    expect(serialAsText(1, 'date', false)).toBe('1900-01-01');
    expect(serialAsText(59, 'date', false)).toBe('1900-02-28');
    expect(serialAsText(61, 'date', false)).toBe('1900-03-01');
    // the 1904 system (old Mac Excel) counts 1,462 days fewer
    expect(serialAsText(JAN_31 - 1462, 'date', true)).toBe('2024-01-31');
  });
});

describe('.xlsx workbooks', () => {
  it('reads the first sheet with a table of dates and weights, each row at its sheet row number', async () => {
    await writeXlsx(path('weights.xlsx'), [
      { name: 'About', rows: [['My weight log'], ['Kept since 2024']] },
      {
        name: 'Weights',
        rows: [
          ['Date', 'Weight (kg)', 'Notes'],
          [{ v: JAN_31, s: STYLE.date }, { raw: '80.499999999999986' }, 'after a 5 km run'],
          [{ v: JAN_31 + 1 + 0.3, s: STYLE.dateTime }, { v: 80.2, s: STYLE.kg }, { inline: ['rich ', 'text'] }],
          [],
          [{ v: JAN_31 + 2, s: STYLE.date }, { f: 'B3-0.1', v: 80.1 }, null],
          ['31/02/2024', 81, 'typed as text'],
          ['2024-02-04', 'about 80', null],
        ],
      },
    ]);
    const p = await parseFile(path('weights.xlsx'), opts);
    expect(p.format).toEqual({ id: 'generic', label: 'Generic CSV (date, weight, notes), from the sheet "Weights"' });
    expect(p.unitStated).toBe(true);
    expect(simple(p)).toEqual([
      [2, '2024-01-31', 80.5, 'after a 5 km run'],
      [3, '2024-02-01', 80.2, 'rich text'],
      [5, '2024-02-02', 80.1, null],
    ]);
    expect(p.rejected).toEqual([
      { line: 6, reason: 'Date "31/02/2024" is not a real date' },
      { line: 7, reason: 'Weight is not a number' },
    ]);
  });
  it('reads booleans as the apps write them: rows marked deleted are left out (Lose It!)', async () => {
    await writeXlsx(
      path('loseit.xlsx'),
      [
        {
          name: 'Sheet1',
          rows: [
            ['Date', 'Weight', 'Last Updated', 'Deleted'],
            [{ v: 43860, s: STYLE.date }, 176.4, { v: 43860.5, s: STYLE.dateTime }, { b: false }],
            [{ v: 43861, s: STYLE.date }, 190, { v: 43861.5, s: STYLE.dateTime }, { b: true }],
          ],
        },
      ],
      { date1904: true, prefix: 'x' },
    );
    const p = await parseFile(path('loseit.xlsx'), { ...opts, unit: 'lb' });
    expect(p.format.id).toBe('loseit');
    expect(p.rows.map((r) => [r.date, r.weightKg])).toEqual([['2024-01-31', 176.4 / 2.20462]]);
    expect(p.ignored).toEqual([{ reason: 'rows deleted in Lose It!', count: 1 }]);
  });
  it('a workbook without such a table, and a damaged one, are refused with the reason', async () => {
    await writeXlsx(path('budget.xlsx'), [
      {
        name: 'Budget',
        rows: [
          ['Item', 'Cost'],
          ['Rent', 900],
        ],
      },
    ]);
    await expect(parseFile(path('budget.xlsx'), opts)).rejects.toThrow(
      'No sheet of the spreadsheet has a column of dates and a column of weights under a header row',
    );
    await writeXlsx(path('good.xlsx'), [
      {
        name: 'W',
        rows: [
          ['date', 'weight'],
          ['2024-01-31', 80],
        ],
      },
    ]);
    await writeZip(path('damaged.xlsx'), [
      { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="W" r:id="rId1"/></sheets></workbook>' },
      { name: 'xl/worksheets/sheet1.xml', data: '<worksheet><sheetData><row r="1"><c r="A1"><v>1</c></row>' },
    ]);
    await expect(parseFile(path('damaged.xlsx'), opts)).rejects.toThrow(/The spreadsheet is damaged/);
  });
  it('a sheet that unpacks to more than can be read (a zip bomb) is refused before it is read', async () => {
    const rows = '<row><c t="inlineStr"><is><t>padding</t></is></c></row>'.repeat(20_000); // about 1 MiB
    function* huge() {
      yield '<worksheet><sheetData>';
      for (let mib = 0; mib < 65; mib++) yield rows;
      yield '</sheetData></worksheet>';
    }
    await writeZip(
      path('bomb.xlsx'),
      [
        { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="W" r:id="rId1"/></sheets></workbook>' },
        { name: 'xl/worksheets/sheet1.xml', data: huge() },
      ],
      1,
    );
    let progress = 0;
    await expect(parseFile(path('bomb.xlsx'), opts, (n) => (progress = n))).rejects.toThrow('The spreadsheet is too large to read');
    expect(progress).toBeLessThan(1);
  }, 30_000);
});

describe('.ods spreadsheets (OpenDocument)', () => {
  it('reads typed cells, repeated empty cells and rows for their place, each row at its number', async () => {
    await writeOds(path('weights.ods'), [
      { name: 'Notes', rows: [['My weight log']] },
      {
        name: 'Weights',
        rows: [
          ['Date', 'Time', 'Weight (lb)', 'Notes'],
          [{ date: '2024-01-31' }, { time: 'PT07H12M00S' }, 177.5, { paragraphs: ['after  a run', 'tired'] }],
          { emptyRows: 2 },
          [{ date: '2024-02-01T06:55:00' }, null, 177.1, null],
          [{ empty: 1 }, { empty: 1 }, 176.8, 'no date'],
          ['2024-02-03', null, { b: true }, null],
        ],
      },
    ]);
    const p = await parseFile(path('weights.ods'), opts);
    expect(p.format).toEqual({ id: 'generic', label: 'Generic CSV (date, weight, notes), from the sheet "Weights"' });
    expect(p.fileUnits).toEqual(['lb']);
    expect(simple(p)).toEqual([
      [2, '2024-01-31', 177.5 / 2.20462, 'after  a run\ntired'],
      [5, '2024-02-01', 177.1 / 2.20462, null],
    ]);
    expect(p.rejected).toEqual([
      { line: 6, reason: 'Date is missing' },
      { line: 7, reason: 'Weight is not a number' },
    ]);
  });
  it('a text document (OpenDocument too) is not taken for a spreadsheet', async () => {
    await writeZip(path('letter.odt'), [
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
      {
        name: 'content.xml',
        data: '<office:document-content><office:body><office:text><text:p>Dear</text:p></office:text></office:body></office:document-content>',
      },
    ]);
    await expect(parseFile(path('letter.odt'), opts)).rejects.toThrow('The spreadsheet has no sheets');
  });
});

describe('spreadsheets that would spell out more rows than a file may hold', () => {
  it('an .ods of rows repeated by the thousand is refused, not expanded', async () => {
    const row = (n: number) =>
      `<table:table-row table:number-rows-repeated="${n}"><table:table-cell office:value-type="string"><text:p>2024-01-01</text:p></table:table-cell>` +
      '<table:table-cell office:value-type="float" office:value="80"/></table:table-row>';
    await writeZip(path('repeated.ods'), [
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' },
      {
        name: 'content.xml',
        data:
          '<office:document-content><office:body><office:spreadsheet><table:table table:name="W">' +
          '<table:table-row><table:table-cell><text:p>date</text:p></table:table-cell><table:table-cell><text:p>weight</text:p></table:table-cell></table:table-row>' +
          row(1_000_000).repeat(50) +
          '</table:table></office:spreadsheet></office:body></office:document-content>',
      },
    ]);
    await expect(parseFile(path('repeated.ods'), opts)).rejects.toThrow(
      'The spreadsheet has more than 400,000 rows; split it into smaller files',
    );
  });
});
