import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeText, parseCsv, sniffDelimiter } from './csv.js';
import { detectDateFormat, parseStamp } from './dates.js';
import { decodeHdoText } from './formats.js';
import { ImportFormatError, parseFile, parseImport, type ParseOptions } from './parse.js';
import { NOT_RECOGNISED } from './errors.js';
import { median, unitWarnings } from './readings.js';
import { writeZip } from './testing/zip.js';
import { Zone } from './zone.js';

// Expected values are computed here, independently of the importer: pounds with the product's factor, dates by
// reasoning written next to them.
const LB = 2.20462;
const lb = (v: number) => v / LB;
const st = (v: number) => (v * 14) / LB;

const fixtureBytes = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const fixture = (name: string) => decodeText(fixtureBytes(name));
const opts: ParseOptions = { tomorrow: '2026-11-22' };
const berlin: ParseOptions = { ...opts, timeZone: 'Europe/Berlin' };
const simple = (p: ReturnType<typeof parseImport>) => p.rows.map((r) => [r.date, r.weightKg, r.notes]);
const utc = new Zone('UTC');

describe('csv reader (RFC 4180)', () => {
  it('quoted delimiters, doubled quotes, line breaks in quotes, CRLF, LF and CR, blank lines', () => {
    const text = 'a,b\r\n"x,1","say ""hi"""\n"two\r\nlines",z\r\rlast,1';
    expect(parseCsv(text, ',').map(({ line, fields }) => ({ line, fields }))).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x,1', 'say "hi"'] },
      { line: 3, fields: ['two\r\nlines', 'z'] },
      { line: 6, fields: ['last', '1'] },
    ]);
  });
  it('tells a quoted empty cell from an empty one', () => {
    expect(parseCsv('a,"",b,\n', ',')[0]!.quoted).toEqual([false, true, false, false]);
  });
  it('a quote that opens a cell and is never closed quotes nothing: the cell is read as written, the rows after it as rows', () => {
    const rows = (text: string) => parseCsv(text, ',').map(({ line, fields }) => ({ line, fields }));
    expect(rows('a,"neue Waage\nb,2\nc,3\n')).toEqual([
      { line: 1, fields: ['a', '"neue Waage'] },
      { line: 2, fields: ['b', '2'] },
      { line: 3, fields: ['c', '3'] },
    ]);
    // closed on a later line where no cell ends: the quote there belongs to that line's text
    expect(rows('a,"x\nb,say "hi"\nc,"two\r\nlines",z\n')).toEqual([
      { line: 1, fields: ['a', '"x'] },
      { line: 2, fields: ['b', 'say "hi"'] },
      { line: 3, fields: ['c', 'two\r\nlines', 'z'] },
    ]);
    // on one line, a character after the closing quote is still kept with the cell, as before
    expect(rows('"ab"c,d')).toEqual([{ line: 1, fields: ['abc', 'd'] }]);
  });
  it('a file of unclosed quotes is read in linear time', () => {
    const text = 'date,weight,notes\n' + '2024-01-01,80,"x\n'.repeat(100_000);
    const start = performance.now();
    const records = parseCsv(text, ',');
    expect(records).toHaveLength(100_001);
    expect(records[100_000]!.fields).toEqual(['2024-01-01', '80', '"x']);
    expect(performance.now() - start).toBeLessThan(2000);
  });
  it('sniffs ; when it outnumbers , outside quotes, skipping #key:value lines', () => {
    expect(sniffDelimiter('#Version:6\n#date;weight;log\n2024-01-01;80,5;"a,b,c"')).toBe(';');
    expect(sniffDelimiter('date,weight,notes\n2024-01-01,80,"a;b;c;d"')).toBe(',');
  });
  it('sniffs a tab when it outnumbers both (a spreadsheet saved as text), not for a tab inside quotes or a note', () => {
    expect(sniffDelimiter('Date\tWeight (kg)\tNotes\n2024-01-01\t80,5\tafter a run, tired')).toBe('\t');
    expect(sniffDelimiter('date,weight,notes\n2024-01-01,80,"a\tb\tc\td"')).toBe(',');
    expect(sniffDelimiter('date;weight;notes\n2024-01-01;80,5;a\tb')).toBe(';');
  });
  it('takes the separator of a header row that holds only one, whatever the notes below it hold unquoted', () => {
    const notes = 'oats;eggs;coffee;walk;gym;sauna;water;tea';
    expect(sniffDelimiter(`date,weight_kg,weight_lb,notes\r\n2024-01-01,80.1,176.59,${notes}\r\n2024-01-02,80,176.37,${notes}`)).toBe(',');
    expect(sniffDelimiter(`date,weight,notes\n2024-01-01,80,a\tb\tc\td\te\tf`)).toBe(',');
    // a first line holding two of them is no header to go by: the lines are counted
    expect(sniffDelimiter('Datum;Gewicht (kg, morgens);Notiz\n01.01.2024;80,5;gut\n02.01.2024;80,4;')).toBe(';');
    expect(parseCsv('a\t"b\tc"\t\n1\t2\t3', '\t').map((r) => r.fields)).toEqual([
      ['a', 'b\tc', ''],
      ['1', '2', '3'],
    ]);
  });
  it('drops a UTF-8 BOM; reads non-UTF-8 bytes as Windows-1252', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('a');
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
  it('reads UTF-16 by its byte-order mark, little- and big-endian', () => {
    const text = 'Datum\tGewicht\r\n02.01.2025\t80,5 café\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeText(le)).toBe(text);
    const be = Buffer.from(le);
    for (let i = 0; i < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1]!, be[i]!];
    expect(decodeText(be)).toBe(text);
  });
});

describe('dates and time zones', () => {
  const stamp = (cell: string, zone = utc, order: 'dd/MM/yyyy' | 'MM/dd/yyyy' | 'yyyy-MM-dd' = 'yyyy-MM-dd') => {
    const r = parseStamp(cell, { order, zone });
    return r.ok ? r.stamp.date : r.reason;
  };
  it('a time without zone is a wall clock: its written date is kept', () => {
    expect(stamp('2024-03-02 23:30', new Zone('Asia/Tokyo'))).toBe('2024-03-02');
    expect(stamp('2024-4-1 07:30:12.5')).toBe('2024-04-01');
    expect(stamp('2025.12.03 10:11:50')).toBe('2025-12-03');
    expect(stamp('01.04.2024 07:45')).toBe('2024-04-01');
  });
  it('English month names, in either place, with a weekday or a time; they need no day/month order', () => {
    for (const cell of ['Jan 2, 2025', 'January 2 2025', 'jan. 2nd, 2025', 'Thu, Jan 2, 2025', 'Thursday, January 2, 2025 7:15 AM'])
      expect(stamp(cell), cell).toBe('2025-01-02');
    for (const cell of ['2 January 2025', '2 Jan 2025', '02-Jan-2025', '2-Jan-25', '2nd Jan 2025 07:15', 'Thu 2 Jan 2025'])
      expect(stamp(cell), cell).toBe('2025-01-02');
    expect(stamp('Sept 30, 2025')).toBe('2025-09-30');
    expect(stamp('15-Mar-99')).toBe('1999-03-15'); // two-digit years from 69 are the last century's
    expect(stamp('Feb 30, 2025')).toBe('Date "Feb 30, 2025" is not a real date');
    for (const cell of ['Ja 2 2025', 'Foo 2, 2025', '2 Ma 2025', 'Janury 2, 2025'])
      expect(stamp(cell)).toBe(`Date "${cell}" is not a date`);
  });
  it('month names in German, French, Spanish, Italian, Dutch and Portuguese, as those spreadsheets write them', () => {
    const cells: Array<[string, string]> = [
      ['2. Januar 2025', '2025-01-02'],
      ['Do., 2. Jan. 2025', '2025-01-02'],
      ['3 März 2025', '2025-03-03'],
      ['2 janv. 2025', '2025-01-02'],
      ['jeu. 2 févr. 2025', '2025-02-02'],
      ['15 août 2025', '2025-08-15'],
      ['2 de enero de 2025', '2025-01-02'],
      ['1 dic 2025', '2025-12-01'],
      ['4 mag 2025', '2025-05-04'],
      ['3 mrt 2025', '2025-03-03'],
      ['2 de dezembro de 2025 08:00', '2025-12-02'],
    ];
    for (const [cell, date] of cells) expect(stamp(cell), cell).toBe(date);
  });
  it('a two-digit year in a slashed date, as a spreadsheet shows it', () => {
    expect(stamp('02/01/25', utc, 'dd/MM/yyyy')).toBe('2025-01-02');
    expect(stamp('1-13-25 7:30', utc, 'MM/dd/yyyy')).toBe('2025-01-13');
    expect(detectDateFormat(['02/01/25', '13/01/25'])).toMatchObject({ value: 'dd/MM/yyyy', ambiguous: false });
  });
  it('an instant (Z, an offset, epoch milliseconds) becomes the date in the person’s zone', () => {
    // 23:30 UTC on 2 March is 00:30 on 3 March in Berlin (UTC+1) and 15:30 on 2 March in Los Angeles (UTC-8)
    expect(stamp('2024-03-02T23:30:00.000Z', new Zone('Europe/Berlin'))).toBe('2024-03-03');
    expect(stamp('2024-03-02T23:30:00.000Z', new Zone('America/Los_Angeles'))).toBe('2024-03-02');
    // 07:12 at +01:00 is 06:12 UTC, 01:12 in New York
    expect(stamp('2024-02-01 07:12:00 +0100', new Zone('America/New_York'))).toBe('2024-02-01');
    // -08:00 late evening is the next morning in Berlin
    expect(stamp('2024-03-02T23:30:00-08:00', new Zone('Europe/Berlin'))).toBe('2024-03-03');
    // 1709331120000 ms = 2024-03-01T22:12:00Z: still the 1st in London, the 2nd in Tokyo
    expect(stamp('1709331120000', new Zone('Europe/London'))).toBe('2024-03-01');
    expect(stamp('1709331120', new Zone('Asia/Tokyo'))).toBe('2024-03-02');
    // summer time: 22:30 UTC on 30 June is 00:30 on 1 July in Berlin (UTC+2)
    expect(stamp('2024-06-30 22:30:00+00:00', new Zone('Europe/Berlin'))).toBe('2024-07-01');
    // an unknown zone name falls back to UTC
    expect(new Zone('Mars/Olympus').name).toBe('UTC');
  });
  it('a date and its time joined by a word, as phones write them ("at", "um", "à", …): the time is read', () => {
    const at = (cell: string) => {
      const r = parseStamp(cell, { order: 'dd/MM/yyyy', zone: utc });
      return r.ok ? [r.stamp.date, r.stamp.msOfDay] : r.reason;
    };
    const seven = (7 * 60 + 5) * 60_000;
    expect(at('23 Jun 2021 at 07:05:00')).toEqual(['2021-06-23', seven]);
    expect(at('Jun 23, 2021 at 7:05 AM')).toEqual(['2021-06-23', seven]);
    expect(at('23.06.2021 um 07:05')).toEqual(['2021-06-23', seven]);
    expect(at('23 juin 2021 à 07:05')).toEqual(['2021-06-23', seven]);
    expect(at('23 de junho de 2021 às 07:05')).toEqual(['2021-06-23', seven]);
    expect(at('23/06/2021 om 07:05')).toEqual(['2021-06-23', seven]);
    expect(at('2021-06-23 @ 07:05')).toEqual(['2021-06-23', seven]);
    // a word that is no such joiner is still no date
    expect(at('23 Jun 2021 by 07:05')).toBe('Date "23 Jun 2021 by 07:05" is not a date');
  });
  it('12-hour times', () => {
    const r = parseStamp('2024-02-03 7:12 PM', { order: 'yyyy-MM-dd', zone: utc });
    expect(r).toEqual({ ok: true, stamp: { date: '2024-02-03', msOfDay: (19 * 60 + 12) * 60_000, instant: false } });
    expect(stamp('2024-02-03 13:12 PM')).toBe('Time in "2024-02-03 13:12 PM" is not a time');
  });
  it('12-hour markers as Spanish writes them (`a. m.`, `p. m.`) and the German `Uhr` after a time', () => {
    const time = (cell: string) => {
      const r = parseStamp(cell, { order: 'dd/MM/yyyy', zone: utc });
      return r.ok ? [r.stamp.date, r.stamp.msOfDay! / 60_000] : r.reason;
    };
    expect(time('31/01/2024 7:12 a. m.')).toEqual(['2024-01-31', 7 * 60 + 12]);
    expect(time('31/01/2024 7:12 p. m.')).toEqual(['2024-01-31', 19 * 60 + 12]);
    expect(time('31/01/2024 7:12\u00a0p.\u00a0m.')).toEqual(['2024-01-31', 19 * 60 + 12]); // as Intl writes it
    expect(time('2014-02-13 6:04 Uhr')).toEqual(['2014-02-13', 6 * 60 + 4]);
    expect(time('2014-12-18 19:06 Uhr')).toEqual(['2014-12-18', 19 * 60 + 6]);
    expect(time('2014-02-13 6:04 Ohr')).toBe('Date "2014-02-13 6:04 Ohr" is not a date');
  });
  it('dd.MM.yy only where the app is known to write it; a two-digit year is never one in the future', () => {
    const short = (cell: string, latestYear?: number) => {
      const r = parseStamp(cell, { order: 'yyyy-MM-dd', zone: utc, dottedShortYear: true, latestYear });
      return r.ok ? r.stamp.date : r.reason;
    };
    expect(short('24.09.25', 2026)).toBe('2025-09-24');
    expect(short('24.09.25 07:05:48', 2026)).toBe('2025-09-24');
    expect(short('01.01.26', 2026)).toBe('2026-01-01');
    // 2027 would be in the future: the last century's
    expect(short('01.01.27', 2026)).toBe('1927-01-01');
    expect(short('01.01.99', 2026)).toBe('1999-01-01');
    // elsewhere `24.09.25` may as well be yy.MM.dd: it is no date
    expect(stamp('24.09.25')).toBe('Date "24.09.25" is not a date');
    // the same rule for slashed years, when the latest year is known
    const r = parseStamp('01/02/30', { order: 'dd/MM/yyyy', zone: utc, latestYear: 2026 });
    expect(r.ok && r.stamp.date).toBe('1930-02-01');
    expect(stamp('01/02/30', utc, 'dd/MM/yyyy')).toBe('2030-02-01');
  });
  it('slashed dates follow the chosen order; impossible dates are named', () => {
    expect(stamp('03/04/2024', utc, 'dd/MM/yyyy')).toBe('2024-04-03');
    expect(stamp('03/04/2024', utc, 'MM/dd/yyyy')).toBe('2024-03-04');
    expect(stamp('31/02/2024', utc, 'dd/MM/yyyy')).toBe('Date "31/02/2024" is not a real date');
    expect(stamp('yesterday', utc, 'dd/MM/yyyy')).toBe('Date "yesterday" is not a date');
    expect(stamp('', utc, 'dd/MM/yyyy')).toBe('Date is missing');
    expect(stamp('2024-01-01 25:00')).toBe('Time in "2024-01-01 25:00" is not a time');
  });
  it('detects the order from days over 12, else ambiguous (or the order the app is known to write)', () => {
    expect(detectDateFormat(['2024-01-01'])).toMatchObject({ value: 'yyyy-MM-dd', ambiguous: false });
    expect(detectDateFormat(['01/02/2024', '31/01/2024'])).toMatchObject({ value: 'dd/MM/yyyy', ambiguous: false });
    expect(detectDateFormat(['01/02/2024', '01/31/2024'])).toMatchObject({ value: 'MM/dd/yyyy', ambiguous: false });
    expect(detectDateFormat(['01/02/2024', '03/04/2024'])).toEqual({
      value: null,
      ambiguous: true,
      candidates: ['dd/MM/yyyy', 'MM/dd/yyyy'],
    });
    expect(detectDateFormat(['01/02/2024'], 'MM/dd/yyyy')).toMatchObject({ value: 'MM/dd/yyyy', ambiguous: false });
  });
  it('dashed day-month dates are read like slashed ones: by the order the file shows, else asked', () => {
    expect(detectDateFormat(['01-12-2015', '13-12-2015'])).toMatchObject({ value: 'dd/MM/yyyy', ambiguous: false });
    expect(detectDateFormat(['12-01-2015', '12-13-2015'])).toMatchObject({ value: 'MM/dd/yyyy', ambiguous: false });
    expect(detectDateFormat(['01-12-2015', '02-12-2015'])).toMatchObject({ value: null, ambiguous: true });
    expect(stamp('03-04-2024', utc, 'dd/MM/yyyy')).toBe('2024-04-03');
    expect(stamp('03-04-2024', utc, 'MM/dd/yyyy')).toBe('2024-03-04');
    // a date mixing its separators is not one
    expect(stamp('03-04/2024', utc, 'dd/MM/yyyy')).toBe('Date "03-04/2024" is not a date');
    // dots stay day first
    expect(stamp('03.04.2024', utc, 'MM/dd/yyyy')).toBe('2024-04-03');
  });
  it('a date cell longer than any date is refused before it is read, and quoted only by its start', () => {
    const hostile = `2024-01-01 1:00${' '.repeat(60_000)}x`;
    expect(stamp(hostile)).toBe(`Date "2024-01-01 1:00${' '.repeat(9)}…" is not a date`);
    expect(detectDateFormat([`1/1/2024 1:00${' '.repeat(60_000)}x`, '1/13/2024'])).toMatchObject({ value: 'MM/dd/yyyy' });
    const p = parseImport(`date,weight\n${hostile},80\n2024-01-02,80.5\n`, opts);
    expect(simple(p)).toEqual([['2024-01-02', 80.5, null]]);
    expect(p.rejected[0]!.reason.length).toBeLessThan(60);
  });
});

describe('unit warnings', () => {
  it('warn when the median looks like the other unit, with the thresholds of the contract', () => {
    expect(median([1, 3, 2])).toBe(2);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(unitWarnings('kg', [150, 150, 151])).toEqual([]);
    expect(unitWarnings('kg', [149, 151, 152])[0]!.code).toBe('looks-like-lb');
    expect(unitWarnings('lb', [90, 90, 89])).toEqual([]);
    expect(unitWarnings('lb', [80, 85, 91])[0]!.code).toBe('looks-like-kg');
    expect(unitWarnings('kg', [])).toEqual([]);
    // stones: below 30 in kilograms or pounds, above 30 when stones are chosen
    expect(unitWarnings('kg', [12.6, 12.9, 31])[0]).toEqual({
      code: 'looks-like-st',
      message: 'These weights look like stones (half of them are below 30). If they are, choose stones.',
    });
    expect(unitWarnings('lb', [29.9])[0]!.code).toBe('looks-like-st');
    expect(unitWarnings('kg', [30])).toEqual([]);
    expect(unitWarnings('st', [12.6, 30])).toEqual([]);
    expect(unitWarnings('st', [80.5])).toEqual([
      { code: 'looks-like-kg', message: 'These weights look like kilograms (half of them are above 30). If they are, choose kilograms.' },
    ]);
    expect(unitWarnings('st', [176.4])[0]!.code).toBe('looks-like-lb');
  });
});

describe('generic CSV', () => {
  it('kg: notes with commas, quotes and line breaks; bad date, formula, duplicate, negative', () => {
    const p = parseImport(fixture('generic-kg.csv'), opts);
    expect(p.format.id).toBe('generic');
    expect(p.unit).toBe('kg');
    expect(p.unitStated).toBe(false);
    expect(simple(p)).toEqual([
      ['2024-01-01', 80.5, 'New year'],
      ['2024-01-02', 80.3, 'After dinner, with "friends"'],
      ['2024-01-03', 80.1, 'Two\nlines'],
      ['2024-01-05', 79.8, null],
    ]);
    expect(p.rows.map((r) => r.line)).toEqual([2, 3, 4, 9]);
    expect(p.rejected).toEqual([
      { line: 6, reason: 'Date "2024-02-30" is not a real date' },
      { line: 7, reason: 'Weight is not a number' },
      { line: 10, reason: 'Weight must be between 0 and 1000 kg' },
    ]);
    expect(p.duplicatesInFile).toBe(1);
  });

  it('a note typed with commas and never quoted keeps its every part; a separator after each row adds nothing', () => {
    const text = [
      'Date,Weight,Notes',
      '2024-01-01,80.5,After a run, tired, hungry',
      '2024-01-02,80.3,"quoted, then more",extra',
      '2024-01-03,80.1,fine,',
      '2024-01-04,80.0,,',
      '2024-01-05,79.9,a,,b,,',
    ].join('\n');
    expect(simple(parseImport(text, opts))).toEqual([
      ['2024-01-01', 80.5, 'After a run, tired, hungry'],
      ['2024-01-02', 80.3, 'quoted, then more,extra'],
      ['2024-01-03', 80.1, 'fine'],
      ['2024-01-04', 80.0, null],
      ['2024-01-05', 79.9, 'a,,b'],
    ]);
    // a header with a separator after its last name is as wide as its names
    expect(simple(parseImport('date,weight_kg,comment,\n2024-01-01,80.5,run, 5 km,\n', opts))).toEqual([['2024-01-01', 80.5, 'run, 5 km']]);
  });

  it('cells beyond the header are no note when the notes column is not the last: a rejection says why', () => {
    const p = parseImport('date,notes,weight\n2024-01-01,run, tired,80.5\n2024-01-02,ok,80.2,24.1\n', opts);
    expect(simple(p)).toEqual([['2024-01-02', 80.2, 'ok']]);
    expect(p.rejected).toEqual([
      {
        line: 2,
        reason: 'Weight is not a number (the row has 4 cells where the header names 3: a cell that holds "," needs quotes around it)',
      },
    ]);
    const tabbed = parseImport('Date\tNotes\tWeight\n2024-01-01\ta\tb\t80.5\n', opts);
    expect(tabbed.rejected[0]!.reason).toBe(
      'Weight is not a number (the row has 4 cells where the header names 3: a cell that holds a tab needs quotes around it)',
    );
  });

  it('a comma-separated file whose weights a decimal comma cut in two is read with their decimals', () => {
    expect(simple(parseImport('Date,Weight\n2024-01-30,80,5\n2024-01-31,80,2\n2024-02-01,80\n', opts))).toEqual([
      ['2024-01-30', 80.5, null],
      ['2024-01-31', 80.2, null],
      ['2024-02-01', 80, null], // a whole number has no comma to cut it
    ]);
    const noted = parseImport(
      'Date,Weight,Notes\n2024-01-30,80,5,gut\n2024-01-31,80,2,\n2024-02-01,79,85,nach Lauf, müde\n2024-02-02,79,4\n',
      opts,
    );
    expect(noted.rejected).toEqual([]);
    expect(simple(noted)).toEqual([
      ['2024-01-30', 80.5, 'gut'],
      ['2024-01-31', 80.2, null],
      ['2024-02-01', 79.85, 'nach Lauf, müde'],
      ['2024-02-02', 79.4, null], // its decimals where the note would be
    ]);
    // the columns after the weight stay in place: 06:10 is the earlier reading
    const timed = parseImport('Date,Weight,Time\n2024-01-30,80,5,07:10\n2024-01-30,79,9,06:10\n', opts);
    expect(simple(timed)).toEqual([['2024-01-30', 79.9, null]]);
    // in pounds as well
    expect(simple(parseImport('Date,Weight (lb)\n2024-01-30,176,4\n', opts))).toEqual([['2024-01-30', lb(176.4), null]]);
  });

  it('a weight a decimal comma may have cut, in a file that does not show it throughout, is refused and says why', () => {
    const unclear = (w: string, next: string) =>
      `Weight "${w},${next}" is unclear: it may be ${w}.${next} written with a decimal comma, which needs quotes around it in a file separated by ","`;
    const p = parseImport('Date,Weight,Notes\n2024-01-29,80.4,ok\n2024-01-30,80,5,gut\n2024-01-31,81,75,\n', opts);
    expect(simple(p)).toEqual([['2024-01-29', 80.4, 'ok']]);
    expect(p.rejected).toEqual([
      { line: 3, reason: unclear('80', '5') },
      { line: 4, reason: unclear('81', '75') },
    ]);
    // few weights cut so: not the file's way of writing them
    const few = parseImport('Date,Weight\n2024-01-28,80\n2024-01-29,81\n2024-01-30,80,5\n', opts);
    expect(simple(few)).toEqual([
      ['2024-01-28', 80, null],
      ['2024-01-29', 81, null],
    ]);
    expect(few.rejected).toEqual([{ line: 4, reason: unclear('80', '5') }]);
    // a number cut before the weight moves the weight: which cells are whose cannot be told
    const before = parseImport('Date,Fat,Weight\n2024-01-30,20,3,80,5\n2024-01-31,20,1,80,4\n', opts);
    expect(before.rows).toEqual([]);
    expect(before.rejected.map((r) => r.reason)).toEqual([unclear('3', '80'), unclear('1', '80')]);
  });

  it('a whole weight, the next column and a note with a comma in it are read as before', () => {
    const p = parseImport('Date,Weight,Fat,Notes\n2024-01-30,80,20,after a run, tired\n2024-01-31,80.5,20.1,ok\n', opts);
    expect(p.rejected).toEqual([]);
    expect(simple(p)).toEqual([
      ['2024-01-30', 80, 'after a run, tired'],
      ['2024-01-31', 80.5, 'ok'],
    ]);
    // a semicolon-separated file keeps its decimal commas as it always did
    expect(simple(parseImport('Date;Weight\n2024-01-30;80,5\n', opts))).toEqual([['2024-01-30', 80.5, null]]);
  });

  it('lb with a BOM, CRLF and day-first dates', () => {
    const p = parseImport(fixture('generic-lb-bom-crlf.csv'), opts);
    expect(p).toMatchObject({ unit: 'kg', unitStated: true, fileUnits: ['lb'], dateFormat: { value: 'dd/MM/yyyy', ambiguous: false } });
    expect(simple(p)).toEqual([
      ['2024-01-31', lb(176.4), 'Morning, fasted'],
      ['2024-02-01', lb(175), null],
    ]);
    expect(p.rejected).toEqual([
      { line: 4, reason: 'Date "31/02/2024" is not a real date' },
      { line: 5, reason: 'Weight must be between 0 and 1000 kg' },
    ]);
  });

  it('; and decimal commas, month-first dates', () => {
    const p = parseImport(fixture('generic-semicolon.csv'), opts);
    expect(p.dateFormat.value).toBe('MM/dd/yyyy');
    expect(simple(p)).toEqual([
      ['2024-01-13', 80.5, 'Semicolons; in quotes are "fine"'],
      ['2024-01-14', 80.2, 'a,b'],
    ]);
  });

  it('a weight column that does not say its unit is in the unit of the request (the preference)', () => {
    const p = parseImport('date,weight\n2024-01-01,200\n', { ...opts, unit: 'lb' });
    expect(p).toMatchObject({ unit: 'lb', unitStated: false, fileUnits: [], warnings: [] });
    expect(p.rows[0]!.weightKg).toBe(lb(200));
    // the same numbers as kilograms look like pounds
    expect(parseImport('date,weight\n2024-01-01,200\n2024-01-02,199\n2024-01-03,80\n', opts).warnings).toEqual([
      { code: 'looks-like-lb', message: 'These weights look like pounds (half of them are above 150). If they are, choose pounds.' },
    ]);
    expect(parseImport('date,weight\n2024-01-01,80\n', { ...opts, unit: 'lb' }).warnings[0]!.code).toBe('looks-like-kg');
  });

  it('ambiguous day/month order: candidates; an explicit choice is followed', () => {
    const p = parseImport(fixture('ambiguous.csv'), opts);
    expect(p.dateFormat).toEqual({ value: null, ambiguous: true, candidates: ['dd/MM/yyyy', 'MM/dd/yyyy'] });
    const us = parseImport(fixture('ambiguous.csv'), { ...opts, dateFormat: 'MM/dd/yyyy' });
    expect(us.dateFormat).toMatchObject({ value: 'MM/dd/yyyy', ambiguous: true });
    expect(us.rows.map((r) => r.date)).toEqual(['2024-01-02', '2024-03-04', '2024-05-06']);
  });

  it('a time column; several readings of a day keep the earliest, whatever the order of the file', () => {
    const text = 'date,time,weight\n2024-01-01,21:00,81\n2024-01-01,07:00,80\n2024-01-02,12:00,79\n2024-01-02,06:00,78\n';
    expect(simple(parseImport(text, opts))).toEqual([
      ['2024-01-01', 80, null],
      ['2024-01-02', 78, null],
    ]);
  });

  it('rows without a time: the one recorded first (the first row oldest-first, the last row newest-first)', () => {
    expect(simple(parseImport('date,weight\n2024-01-01,80\n2024-01-01,81\n2024-01-02,79\n', opts))[0]).toEqual(['2024-01-01', 80, null]);
    expect(simple(parseImport('date,weight\n2024-01-02,79\n2024-01-01,81\n2024-01-01,80\n', opts))[0]).toEqual(['2024-01-01', 80, null]);
  });

  it('headers in other languages; formulas in notes stay text', () => {
    const p = parseImport('Datum;Gewicht (kg);Notiz\n31.01.2024;80,5;=1+1\n', opts);
    expect(p).toMatchObject({ format: { id: 'generic' }, fileUnits: ['kg'] });
    expect(simple(p)).toEqual([['2024-01-31', 80.5, '=1+1']]);
  });

  it('a weight header with its unit as hand-made sheets write it is read in that unit', () => {
    const headers: Array<[string, number]> = [
      ['Weight in lbs', lb(176.4)],
      ['Weight (in lbs)', lb(176.4)],
      ['Weight (lbs.)', lb(176.4)],
      ['Body Weight lbs.', lb(176.4)],
      ['Weight - lbs', lb(176.4)],
      ['Weight, lbs', lb(176.4)],
      ['Weight in kg', 176.4],
      ['Weight/kg', 176.4],
      ['Weight: kg', 176.4],
      ['Weight-kg', 176.4],
      ['weight.kg', 176.4],
    ];
    for (const [header, kg] of headers) {
      const p = parseImport(`Date,"${header}"\n2024-01-01,176.4\n`, { ...opts, unit: 'kg' });
      expect([header, p.unitStated, simple(p)]).toEqual([header, true, [['2024-01-01', kg, null]]]);
    }
    expect(simple(parseImport('Date,Weight – st\n2024-01-01,12.5\n', opts))).toEqual([['2024-01-01', st(12.5), null]]);
    // words after the weight that are no unit still leave the column out
    expect(() => parseImport('Date,Weight change\n2024-01-01,-0.4\n', opts)).toThrow(/not recognised/);
    expect(() => parseImport('Date,Weight in\n2024-01-01,80\n', opts)).toThrow(/not recognised/);
  });

  it('a date column headed with more words is found, and what its header says of order and zone is used', () => {
    for (const header of ['Date & Time', 'Date and time', 'date_time', 'Measurement date', 'Date recorded', 'Datum/Zeit']) {
      const p = parseImport(`"${header}",Weight\n2024-01-02 07:30,76.4\n`, opts);
      expect([header, simple(p)]).toEqual([header, [['2024-01-02', 76.4, null]]]);
    }
    const dayFirst = parseImport('Date (dd/mm/yyyy),Weight\n01/02/2024,76.4\n02/03/2024,76.1\n', opts);
    expect(dayFirst.dateFormat).toMatchObject({ value: 'dd/MM/yyyy', ambiguous: false });
    expect(simple(dayFirst).map((r) => r[0])).toEqual(['2024-02-01', '2024-03-02']);
    const monthFirst = parseImport('Date (MM/DD/YY),Weight\n01/02/24,76.4\n', opts);
    expect(simple(monthFirst).map((r) => r[0])).toEqual(['2024-01-02']);
    // the dates themselves outrank the header
    expect(simple(parseImport('Date (mm/dd/yyyy),Weight\n25/01/2024,76.4\n', opts)).map((r) => r[0])).toEqual(['2024-01-25']);
    // 23:30 UTC is the next day in Berlin; without the header's word it is that evening there
    expect(simple(parseImport('Date (UTC),Weight\n2024-01-01 23:30,76.4\n', berlin)).map((r) => r[0])).toEqual(['2024-01-02']);
    expect(simple(parseImport('Date,Weight\n2024-01-01 23:30,76.4\n', berlin)).map((r) => r[0])).toEqual(['2024-01-01']);
    // a header that only looks like it does not name a date
    expect(() => parseImport('Update,Weight\n2024-01-02,76.4\n', opts)).toThrow(/not recognised/);
  });

  it('a German compound ending in -datum names the date column (Messdatum, Wiegedatum), a birthday does not', () => {
    for (const header of ['Messdatum', 'Wiegedatum', 'Erfassungsdatum']) {
      const p = parseImport(`${header};Gewicht;Bemerkungen\n31.01.2024;80,5;nach dem Lauf\n`, opts);
      expect([header, p.format.id, simple(p)]).toEqual([header, 'generic', [['2024-01-31', 80.5, 'nach dem Lauf']]]);
    }
    expect(() => parseImport('Geburtsdatum;Gewicht\n31.01.1980;80,5\n', opts)).toThrow(/not recognised/);
    // a date column is named when there is no weight column
    expect(() => parseImport('Messdatum;Schritte\n31.01.2024;4312\n', opts)).toThrow(
      /no weight column \(its columns: Messdatum, Schritte\)/,
    );
  });

  it('dotted dates with a two-digit year when the header says so (`Datum (TT.MM.JJ)`), never in the future', () => {
    const p = parseImport('Datum (TT.MM.JJ);Gewicht\n24.09.25;80,5\n01.01.27;81\n', opts);
    // 2027 is after the latest date an entry may have: 1927, as written
    expect(simple(p)).toEqual([
      ['1927-01-01', 81, null],
      ['2025-09-24', 80.5, null],
    ]);
    expect(parseImport('Datum;Gewicht\n24.09.25;80,5\n', opts).rejected).toEqual([{ line: 2, reason: 'Date "24.09.25" is not a date' }]);
  });

  it('a notes column headed with more words keeps its notes', () => {
    for (const header of ['Notes (optional)', 'Comments/Notes', 'My notes', 'Note_text']) {
      const p = parseImport(`Date,Weight,"${header}"\n2024-01-02,76.4,after a run\n`, opts);
      expect([header, simple(p)]).toEqual([header, [['2024-01-02', 76.4, 'after a run']]]);
    }
    // a column merely like it is not the notes
    expect(simple(parseImport('Date,Weight,Notebook\n2024-01-02,76.4,x\n', opts))).toEqual([['2024-01-02', 76.4, null]]);
  });

  it('a weight column headed by its unit alone is read in that unit', () => {
    const pounds = parseImport('"Date","Pounds"\n"2024-01-01","176.4"\n"2024-01-02","175.8"\n', opts);
    expect(pounds).toMatchObject({ format: { id: 'generic' }, unitStated: true, fileUnits: ['lb'] });
    expect(simple(pounds)).toEqual([
      ['2024-01-01', lb(176.4), null],
      ['2024-01-02', lb(175.8), null],
    ]);
    expect(simple(parseImport('Date,kg\n2024-01-01,80.1\n', { ...opts, unit: 'lb' }))).toEqual([['2024-01-01', 80.1, null]]);
    // the plural in brackets
    const bracketed = parseImport('"Date","Pound(s)"\n"2024-01-01","176.4"\n', { ...opts, unit: 'kg' });
    expect(bracketed).toMatchObject({ unitStated: true, fileUnits: ['lb'] });
    expect(simple(bracketed)).toEqual([['2024-01-01', lb(176.4), null]]);
    expect(simple(parseImport('Date,Weight (Kilogram(s))\n2024-01-01,80.1\n', { ...opts, unit: 'lb' }))).toEqual([
      ['2024-01-01', 80.1, null],
    ]);
    expect(simple(parseImport('Date,Weight (stone(s))\n2024-01-01,12.5\n', opts))).toEqual([['2024-01-01', st(12.5), null]]);
  });

  it('the recorded weight is read, never a trend or moving average beside it', () => {
    const p = parseImport('Date,Moving Average (lb),Weight Recorded (lb)\n2024-01-01,177.0,176.4\n', opts);
    expect(simple(p)).toEqual([['2024-01-01', lb(176.4), null]]);
    expect(simple(parseImport('Date,Scale weight,Trend\n2024-01-01,80.2,80.9\n', opts))).toEqual([['2024-01-01', 80.2, null]]);
    // an index is not a weight
    expect(() => parseImport('Date,Body Mass Index\n2024-01-01,24\n', opts)).toThrow(/not recognised/);
  });

  it('a weight cell that carries its unit is read in it, whatever the header or the chosen unit', () => {
    expect(simple(parseImport('date,weight\n2024-01-01,176.4 lb\n2024-01-02,80 kg\n', opts))).toEqual([
      ['2024-01-01', lb(176.4), null],
      ['2024-01-02', 80, null],
    ]);
  });

  it('a file full of mistakes keeps the first 1,000 rejections to list and counts them all', () => {
    const p = parseImport('date,weight\n' + '2024-01-01,heavy\n'.repeat(2500), opts);
    expect(p.rejected).toHaveLength(1000);
    expect(p.rejectedTotal).toBe(2500);
    expect(p.rejected[0]).toEqual({ line: 2, reason: 'Weight is not a number' });
  });

  it('dates out of range and unknown files', () => {
    const p = parseImport('date,weight\n1899-12-31,80\n2026-11-23,80\n2026-11-22,80\n', opts);
    expect(p.rejected.map((r) => r.reason)).toEqual(['Date "1899-12-31" is before 1900-01-01', 'Date "2026-11-23" is in the future']);
    expect(p.rows).toHaveLength(1);
    expect(() => parseImport('when,kilos\n2024-01-01,80\n', opts)).toThrow(/not recognised/);
    expect(() => parseImport('', opts)).toThrow(/not recognised/);
    expect(() => parseImport('{"x": 1}', opts)).toThrow(/not recognised/);
    expect(() => parseImport('{"x": ', opts)).toThrow('The file looks like JSON but is not valid JSON');
  });
});

describe("the product's own exports", () => {
  it('CSV: weight_kg wins over weight_lb; neutralised notes come back as written; "" stays "", empty stays null', () => {
    const p = parseImport(
      'date,weight_kg,weight_lb,notes\r\n2024-01-01,80.123456789,176.64,\'=SUM(A1)\r\n2024-01-02,80,176.37,""\r\n2024-01-03,80,176.37,\r\n',
      opts,
    );
    expect(p).toMatchObject({ format: { id: 'app-csv' }, unitStated: true, fileUnits: ['kg'] });
    expect(simple(p)).toEqual([
      ['2024-01-01', 80.123456789, '=SUM(A1)'],
      ['2024-01-02', 80, ''],
      ['2024-01-03', 80, null],
    ]);
  });
  it('JSON: entries with full precision; "" and null notes kept as they are', () => {
    const doc = {
      profile: { id: 'x', timeZone: 'Europe/Berlin' },
      goal: null,
      entries: [
        { id: 'a', date: '2024-01-01', weightKg: 100 / 3, notes: '' },
        { id: 'b', date: '2024-01-02', weightKg: 80, notes: null },
        { id: 'c', date: '2024-02-30', weightKg: 80, notes: null },
        { id: 'd', date: '2024-01-03', weightKg: '80', notes: 'x' },
      ],
    };
    const p = parseImport(JSON.stringify(doc), opts);
    expect(p.format).toEqual({ id: 'app-json', label: "This app's JSON export" });
    expect(simple(p)).toEqual([
      ['2024-01-01', 100 / 3, ''],
      ['2024-01-02', 80, null],
    ]);
    expect(p.rejected).toEqual([
      { line: 3, reason: 'Date "2024-02-30" is not a real date' },
      { line: 4, reason: 'Weight is missing' },
    ]);
  });
});

describe('generic CSV: units per row, stones and pounds, notes in other languages', () => {
  it('a unit column says each row’s unit; a row it leaves blank takes the person’s', () => {
    const p = parseImport('Date,Weight,Unit\n2025-01-02,180.5,lb\n2025-01-03,80.1,KG\n2025-01-04,80.3,\n2025-01-05,12.5,stone\n', opts);
    expect(p).toMatchObject({ format: { id: 'generic' }, rejected: [] });
    expect(simple(p)).toEqual([
      ['2025-01-02', lb(180.5), null],
      ['2025-01-03', 80.1, null],
      ['2025-01-04', 80.3, null],
      ['2025-01-05', st(12.5), null],
    ]);
    // in pounds for a person who weighs in pounds
    expect(parseImport('Datum;Gewicht;Einheit\n02.01.2025;180,5;\n', { ...opts, unit: 'lb' }).rows[0]!.weightKg).toBeCloseTo(lb(180.5), 9);
  });

  it('stones: a "Weight (st)" column, a stones column beside the pounds one, and "12st 7lb" cells', () => {
    expect(simple(parseImport('Date,Weight (st)\n2025-01-02,12.5\n', opts))).toEqual([['2025-01-02', st(12.5), null]]);
    const pair = parseImport('Date,Stone,Pounds\n2025-01-02,12,7\n2025-01-03,12,\n2025-01-04,,\n2025-01-05,x,3\n2025-01-06,,180\n', opts);
    expect(simple(pair)).toEqual([
      ['2025-01-02', lb(175), null], // 12 × 14 + 7
      ['2025-01-03', lb(168), null],
      ['2025-01-06', lb(180), null],
    ]);
    expect(pair.rejected).toEqual([
      { line: 4, reason: 'Weight is missing' },
      { line: 5, reason: 'Weight is not a number' },
    ]);
    const cells = parseImport(
      'Date,Weight\n2025-01-02,12st 7lb\n2025-01-03,12 st 7.5 lbs\n2025-01-04,12 stone 3\n2025-01-05,80 kg\n',
      opts,
    );
    expect(simple(cells)).toEqual([
      ['2025-01-02', lb(175), null],
      ['2025-01-03', lb(175.5), null],
      ['2025-01-04', lb(171), null],
      ['2025-01-05', 80, null],
    ]);
  });
  it('a column headed by stones alone (Happy Scale’s `Stone(s)`) is the weight in decimal stones; beside pounds, a pair', () => {
    const p = parseImport('"Date","Stone(s)","Moving Average"\n"2024-01-31","12.5","12.6"\n', { ...opts, unit: 'kg' });
    expect(p).toMatchObject({ format: { id: 'generic' }, unitStated: true, fileUnits: ['st'], rejected: [] });
    // 12.5 st is 175 lb, 79.38 kg; the moving average (12.6) is not read
    expect(simple(p)).toEqual([['2024-01-31', st(12.5), null]]);
    expect(p.rows[0]!.weightKg).toBeCloseTo(79.38, 2);
    expect(simple(parseImport('Date,Stones\n2024-01-31,12.5\n', { ...opts, unit: 'lb' }))).toEqual([['2024-01-31', st(12.5), null]]);
    // with a pounds column beside it, the stones and the pounds are added up
    expect(simple(parseImport('"Date","Stone(s)","Pound(s)"\n"2024-01-31","12","7"\n', opts))).toEqual([['2024-01-31', lb(175), null]]);
    expect(simple(parseImport('Date,Stones,Pounds\n2024-01-31,12,7\n', opts))).toEqual([['2024-01-31', lb(175), null]]);
    // another weight column is the weight
    expect(simple(parseImport('Date,Weight (kg),Stones\n2024-01-31,80.1,12.6\n', opts))).toEqual([['2024-01-31', 80.1, null]]);
  });
  it('stones and pounds written out or run together: `12 stone 7 pounds`, `12st7lb`, `12 stones 7 lb`', () => {
    const cells = ['12 stone 7 pounds', '12st7lb', '12 stones 7 lb', '12st7', '12 St. 7 lbs', '12 stone 7.5 pounds'];
    const p = parseImport(`Date,Weight\n${cells.map((c, i) => `2025-01-0${i + 1},${c}`).join('\n')}\n`, opts);
    expect(p.rejected).toEqual([]);
    expect(p.rows.map((r) => r.weightKg)).toEqual([lb(175), lb(175), lb(175), lb(175), lb(175), lb(175.5)]);
    // a unit written out after a number alone
    expect(simple(parseImport('Date,Weight\n2025-01-02,12 stone\n2025-01-03,176 pounds\n', { ...opts, unit: 'kg' }))).toEqual([
      ['2025-01-02', st(12), null],
      ['2025-01-03', lb(176), null],
    ]);
  });

  it('pounds and ounces, a column each (a baby’s weight): the ounces are added, a sixteenth of a pound each', () => {
    const p = parseImport('date,lbs,oz\n2017-06-28,8,15\n2017-07-10,8,\n2017-07-19,9,10.5\n2017-07-20,9,x\n', opts);
    expect(simple(p)).toEqual([
      ['2017-06-28', lb(8 + 15 / 16), null],
      ['2017-07-10', lb(8), null],
      ['2017-07-19', lb(9 + 10.5 / 16), null],
    ]);
    expect(p.rejected).toEqual([{ line: 5, reason: 'Weight is not a number' }]);
    expect(simple(parseImport('Date,Pounds,Ounces\n2017-06-28,,12\n', opts))).toEqual([['2017-06-28', lb(0.75), null]]);
  });

  it('a workout log (exercises, sets and reps) is refused as such: its weights were lifted, not weighed', () => {
    const strong =
      '"Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"Notes"\n' +
      '"1";"2022-01-04 18:30:00";"Legs";"3200";"Squat (Barbell)";"1";"60.0";"8";""\n';
    expect(() => parseImport(strong, opts)).toThrow(/workout log .*not your body weight/);
    expect(() => parseImport('Date,Exercise,Weight,Reps\n2022-01-04,Bench press,40,10\n', opts)).toThrow(/workout log/);
    // a body-weight file of the same app is read
    expect(simple(parseImport('"Date";"Weight (kg)"\n"2022-01-04 07:10:00";"80.3"\n', opts))).toEqual([['2022-01-04', 80.3, null]]);
  });

  it('a time column that repeats the time the date cell already holds (Health Sync)', () => {
    const file =
      'Datum,Zeit,Gewicht,Körperfettanteil,Körperfettmasse\n' +
      '2026.08.08 16:52:14,16:52:14,"94.0","0.0","0.0"\n' +
      '2026.08.09 07:01:00,07:01:00,"93.4","0.0","0.0"\n' +
      '2026.08.09 18:30:00,18:30:00,"94.1","0.0","0.0"\n';
    const p = parseImport(file, opts);
    expect(p.rejected).toEqual([]);
    expect(simple(p)).toEqual([
      ['2026-08-08', 94, null],
      ['2026-08-09', 93.4, null], // 07:01 beats 18:30
    ]);
  });
  it('notes under French, Spanish and Dutch headings', () => {
    for (const heading of ['Remarques', 'Notas', 'Opmerkingen', 'Commentaires']) {
      expect(simple(parseImport(`Date;Poids (kg);${heading}\n2025-01-02;80,5;après le sport\n`, opts))).toEqual([
        ['2025-01-02', 80.5, 'après le sport'],
      ]);
    }
  });
  it('notes under German, Italian, Portuguese, Spanish and Dutch plurals and synonyms', () => {
    const headings = ['Kommentare', 'Bemerkungen', 'Anmerkungen', 'Commenti', 'Comentários', 'Comentarios', 'Observaciones', 'Notities'];
    for (const heading of headings) {
      const p = parseImport(`Datum;Gewicht (kg);${heading}\n2025-01-02;80,5;nach dem Sport\n`, opts);
      expect([heading, simple(p)]).toEqual([heading, [['2025-01-02', 80.5, 'nach dem Sport']]]);
      // and among other words
      expect(simple(parseImport(`Date,Weight,"${heading} (optional)"\n2025-01-02,80.5,x\n`, opts))[0]![2]).toBe('x');
    }
  });
});

describe('openScale', () => {
  it('2.x: alphabetical quoted header, kg, newest first: the earliest reading of a day wins; stray lines left out', () => {
    const p = parseImport(fixture('openscale-2.csv'), opts);
    expect(p).toMatchObject({ format: { id: 'openscale-2', label: 'openScale 2.x' }, unitStated: true, fileUnits: ['kg'] });
    expect(simple(p)).toEqual([
      ['2024-04-02', 75.25, null],
      ['2024-04-03', 75.0, 'after run, "tired"'], // 07:31, not the 21:05 reading listed before it
    ]);
    expect(p.duplicatesInFile).toBe(1);
    // the lone `3.2` its Share writes after the table is no reading, and no error of the person's
    expect(p.rejected).toEqual([]);
    expect(p.ignored).toEqual([{ reason: 'lines that hold a lone number, not a reading', count: 1 }]);
  });
  it('1.x: no header, dd.MM.yyyy HH:mm then the measurements and the comment as typed, commas and all', () => {
    const p = parseImport(fixture('openscale-1.csv'), opts);
    expect(p).toMatchObject({ format: { id: 'openscale-1', label: 'openScale 1.x' }, unitStated: false, warnings: [] });
    expect(simple(p)).toEqual([
      ['2017-04-02', 81.3, null], // 07:12 beats the evening's 82.0
      ['2017-04-03', 81.1, 'after run, tired'],
    ]);
    expect(p.duplicatesInFile).toBe(1);
  });
  it('1.x: a comment typed with a quote it never closes keeps its quote; the rows after it are read', () => {
    const file =
      '01.05.2017 07:12,80.5,20.0,55.0,40.0,0.0,0.0,"neue Waage\n' +
      '02.05.2017 07:10,80.3,20.0,55.0,40.0,0.0,0.0,\n' +
      '03.05.2017 07:11,80.1,20.0,55.0,40.0,0.0,0.0,gut\n';
    const p = parseImport(file, opts);
    expect(p).toMatchObject({ format: { id: 'openscale-1' }, rejected: [] });
    expect(simple(p)).toEqual([
      ['2017-05-01', 80.5, '"neue Waage'],
      ['2017-05-02', 80.3, null],
      ['2017-05-03', 80.1, 'gut'],
    ]);
    expect(p.rows.map((r) => r.line)).toEqual([1, 2, 3]);
  });
  it('1.x in the layout of each release: four measurements with or without a comment, six with waist and hip, seven with bone', () => {
    const files = [
      '31.10.2014 05:23,80.5,20.1,55.0,40.0\n01.11.2014 05:40,80.2,20.0,55.1,40.1\n',
      '31.10.2014 05:23,80.5,20.1,55.0,40.0,\n01.11.2014 05:40,80.2,20.0,55.1,40.1,new scale\n',
      '31.10.2015 05:23,80.5,20.1,55.0,40.0,0.0,0.0,\n01.11.2015 05:40,80.2,20.0,55.1,40.1,92.0,101.5,new scale\n',
      '31.10.2017 05:23,80.5,20.1,55.0,40.0,3.0,0.0,0.0,\n01.11.2017 05:40,80.2,20.0,55.1,40.1,3.1,92.0,101.5,new scale\n',
    ];
    for (const file of files) {
      const p = parseImport(file, opts);
      expect(p.format.id).toBe('openscale-1');
      const notes = file.includes('new scale') ? 'new scale' : null;
      expect(p.rows.map((r) => [r.date.slice(5), r.weightKg, r.notes])).toEqual([
        ['10-31', 80.5, null],
        ['11-01', 80.2, notes],
      ]);
    }
  });
  it('1.x from a release that kept the unit the person chose: pounds can be chosen, and kg is doubted', () => {
    const file = '02.04.2016 07:12,179.2,22.1,55.4,38.2,\n03.04.2016 07:05,178.8,22.0,55.5,38.3,\n';
    expect(simple(parseImport(file, { ...opts, unit: 'lb' }))).toEqual([
      ['2016-04-02', lb(179.2), null],
      ['2016-04-03', lb(178.8), null],
    ]);
    expect(parseImport(file, opts).warnings[0]!.code).toBe('looks-like-lb');
  });
  it('a table with dates but no weight column says so and names its columns', () => {
    // Google Fit's day file of someone who never logged a weight
    const fit =
      'Date,Move Minutes count,Calories (kcal),Distance (m),Heart Points,Heart Minutes,Average speed (m/s),Step count\n2024-01-01,41,1890.2,3120.5,12,10,1.2,4312\n';
    expect(() => parseImport(fit, opts)).toThrow(
      'The file was not recognised: it has dates but no weight column (its columns: Date, Move Minutes count, Calories (kcal), Distance (m), Heart Points, Heart Minutes, …). It needs one headed such as "weight", "weight_kg" or "Weight (lb)", or must be an export of one of the apps listed under Import',
    );
    expect(() => parseImport('Measurement date;Steps\n2024-01-01;4312\n', opts)).toThrow(
      /no weight column \(its columns: Measurement date, Steps\)/,
    );
    const long = `Date,${'x'.repeat(300)}\n2024-01-01,1\n`;
    expect(() => parseImport(long, opts)).toThrow(/its columns: Date, x{113}…\)/);
    // no date column at all: just not recognised
    expect(() => parseImport('when,kilos\n2024-01-01,80\n', opts)).toThrow(NOT_RECOGNISED);
  });

  it('a headerless file of another kind is still not recognised', () => {
    expect(() => parseImport('2024-01-01,80.5\n2024-01-02,80.1\n', opts)).toThrow(/not recognised/i);
  });
  it('3.x: DATE,TIME,...,WEIGHT in the unit the person set, not stated: the preference applies', () => {
    const p = parseImport(fixture('openscale-3.csv'), { ...opts, unit: 'lb' });
    expect(p).toMatchObject({ format: { id: 'openscale-3' }, unit: 'lb', unitStated: false, warnings: [] });
    expect(simple(p)).toEqual([
      ['2024-04-10', lb(165.8), null],
      ['2024-04-11', lb(165.2), 'fasted, before coffee'], // 06:48 beats 19:02
    ]);
    expect(parseImport(fixture('openscale-3.csv'), opts).warnings[0]!.code).toBe('looks-like-lb');
  });
  it('3.x with the weight set to stones (written as decimal stones, unmarked): stones can be chosen', () => {
    const file = 'DATE,TIME,BMI,COMMENT,WEIGHT,WHR\n2025-04-08,07:10:00,24.1,,12.6,\n2025-04-07,07:05:00,24.2,,12.75,\n';
    const p = parseImport(file, { ...opts, unit: 'st' });
    expect(p).toMatchObject({ format: { id: 'openscale-3' }, unit: 'st', unitStated: false, warnings: [] });
    // 12.6 st = 176.4 lb; 12.75 st = 178.5 lb
    expect(simple(p)).toEqual([
      ['2025-04-07', lb(178.5), null],
      ['2025-04-08', lb(176.4), null],
    ]);
    expect(parseImport(file, opts).warnings[0]!.code).toBe('looks-like-st');
  });
});

describe('Libra', () => {
  it('UTC timestamps become dates in the person’s zone; the earliest of a day wins; ; in quoted notes', () => {
    const p = parseImport(fixture('libra-kg.csv'), berlin);
    expect(p).toMatchObject({ format: { id: 'libra' }, fileUnits: ['kg'], unitStated: true, timeZone: 'Europe/Berlin' });
    expect(simple(p)).toEqual([
      ['2024-03-01', 82.4, null], // 07:12 in Berlin; 22:40 the same evening is dropped
      ['2024-03-03', 82.0, 'late; after "pizza"'], // 23:30 UTC on the 2nd is 00:30 on the 3rd in Berlin
      ['2024-03-04', 81.8, null],
    ]);
    expect(p.duplicatesInFile).toBe(1);
    const la = parseImport(fixture('libra-kg.csv'), { ...opts, timeZone: 'America/Los_Angeles' });
    expect(simple(la)).toEqual([
      ['2024-02-29', 82.4, null], // 06:12 UTC is 22:12 the day before in Los Angeles
      ['2024-03-01', 83.1, 'late dinner'],
      ['2024-03-02', 82.0, 'late; after "pizza"'],
      ['2024-03-03', 81.8, null],
    ]);
  });
  it('a placeholder at local midnight beside the real reading of the same weight: the note of the reading is kept', () => {
    // 23:00 UTC on the 18th is midnight on the 19th in Berlin, the same day as the 18:53 reading with the note
    const p = parseImport(fixture('libra-midnight-placeholder.csv'), berlin);
    expect(simple(p)).toEqual([
      ['2018-01-19', lb(161.5), 'weighed after gym'],
      ['2018-01-20', lb(160.2), null],
    ]);
    expect(p.duplicatesInFile).toBe(1);
  });
  it('a log with ; typed in it and not quoted keeps every part', () => {
    const text =
      '#Version:6\n#Units:kg\n\n#date;weight;weight trend;body fat;body fat trend;muscle mass;muscle mass trend;log\n2024-03-01T06:12:00.000Z;82.4;82.4;;;;;late; after pizza\n';
    expect(simple(parseImport(text, opts))).toEqual([['2024-03-01', 82.4, 'late; after pizza']]);
  });
  it('rows in version 5’s layout under version 6’s header keep their comment, ; and all; "#Units: lbs" with a space; rows out of order', () => {
    const text = [
      '#Version: 6',
      '#Units: lbs',
      '',
      '#date;weight;weight trend;body fat;body fat trend;muscle mass;muscle mass trend;log',
      '2022-04-11T05:20:00.000Z;171.0;171.4;18.0;18.1;131.0;131.2;',
      '2022-04-12T05:10:00.000Z;170.6;171.2;18.1;18.1;130.7;131.1;slept badly',
      '',
      '2009-03-02T06:00:00.000Z;184.2;184.2',
      '2009-03-03T06:00:00.000Z;184.6',
      '2009-03-04T06:00:00.000Z;184.9;;16.2',
      '2009-03-05T06:00:00.000Z;185.1;184.7;16.0;16.1;after the holidays',
      '2009-03-06T06:00:00.000Z;184.8;184.7;15.9;16.0;--',
      '2009-03-07T06:00:00.000Z;184.5;184.6;15.8;15.9;late; tired',
    ].join('\n');
    const p = parseImport(text, opts);
    expect(p).toMatchObject({ format: { id: 'libra' }, fileUnits: ['lb'], unitStated: true });
    expect(simple(p)).toEqual([
      ['2009-03-02', lb(184.2), null],
      ['2009-03-03', lb(184.6), null],
      ['2009-03-04', lb(184.9), null],
      ['2009-03-05', lb(185.1), 'after the holidays'],
      ['2009-03-06', lb(184.8), null],
      ['2009-03-07', lb(184.5), 'late; tired'],
      ['2022-04-11', lb(171.0), null],
      ['2022-04-12', lb(170.6), 'slept badly'],
    ]);
    expect(p.rejected).toEqual([]);
  });
  it('a log that opens a quote and never closes it keeps it; the readings after it are read', () => {
    const text =
      '#Version:6\n#Units:kg\n\n#date;weight;weight trend;body fat;body fat trend;muscle mass;muscle mass trend;log\n' +
      '2024-03-01T06:12:00.000Z;82.4;82.4;;;;;"new scale\n2024-03-02T06:12:00.000Z;82.1;82.4;;;;;\n2024-03-03T06:12:00.000Z;81.9;82.4;;;;;ok\n';
    const p = parseImport(text, opts);
    expect(p.rejected).toEqual([]);
    expect(simple(p)).toEqual([
      ['2024-03-01', 82.4, '"new scale'],
      ['2024-03-02', 82.1, null],
      ['2024-03-03', 81.9, 'ok'],
    ]);
  });
  it('#Units:lbs, version 5 with a comment column and local times', () => {
    const p = parseImport(fixture('libra-lbs.csv'), opts);
    expect(p).toMatchObject({ fileUnits: ['lb'], unitStated: true, timeZone: null });
    expect(simple(p)).toEqual([
      ['2019-06-11', lb(181.4), null],
      ['2019-06-12', lb(180.6), 'Sunday, long walk'],
    ]);
  });
});

describe('TrendWeight', () => {
  it('the computed download: actual weights only, interpolated days left out, unit from the preference', () => {
    const p = parseImport(fixture('trendweight.csv'), opts);
    expect(p).toMatchObject({ format: { id: 'trendweight', label: 'TrendWeight' }, unitStated: false });
    expect(simple(p)).toEqual([
      ['2024-05-01', 90.5, null],
      ['2024-05-02', 89.6, null],
      ['2024-05-04', 89.4, null],
    ]);
    expect(p.ignored).toEqual([{ reason: 'interpolated days (estimates, not readings)', count: 1 }]);
    expect(p.rejected).toEqual([]);
  });
  it('decimal commas from a German browser in a comma-separated file', () => {
    const p = parseImport(fixture('trendweight-comma-decimals.csv'), opts);
    expect(simple(p)).toEqual([
      ['2024-05-01', 90.5, null],
      ['2024-05-02', 89.6, null],
    ]);
    expect(p.ignored).toEqual([{ reason: 'interpolated days (estimates, not readings)', count: 1 }]);
  });
  it('digits as an Arabic or Persian browser wrote them (older downloads followed its number format)', () => {
    const computed =
      'Date,Actual Weight,Weight Is Interpolated,Trend Weight,Actual Fat %,Fat Is Interpolated,Trend Fat %\n' +
      '2024-01-16,٧٥٫٢,No,٧٥٫٤,,No,\n2024-01-15,۷۵٫۵,No,۷۵٫۶,,No,\n';
    expect(simple(parseImport(computed, opts))).toEqual([
      ['2024-01-15', 75.5, null],
      ['2024-01-16', 75.2, null],
    ]);
    const readings = 'Date,Time,Weight,Body Fat %\n2024-01-16,07:45:00,١٧٥٫٢,\n';
    expect(simple(parseImport(readings, { ...opts, unit: 'lb' }))).toEqual([['2024-01-16', lb(175.2), null]]);
  });
  it("a scale's reading of body fat alone (an empty weight) is left out and counted, not rejected", () => {
    const p = parseImport(fixture('trendweight-readings-fat-only.csv'), { ...opts, unit: 'lb' });
    expect(simple(p)).toEqual([
      ['2024-05-01', lb(198.2), null],
      ['2024-05-02', lb(197.6), null],
    ]);
    expect(p.rejected).toEqual([]);
    expect(p.ignored).toEqual([{ reason: 'readings without a weight', count: 1 }]);
  });
  it("a scale's readings: the earliest of the day, in pounds", () => {
    const p = parseImport(fixture('trendweight-readings.csv'), { ...opts, unit: 'lb' });
    expect(simple(p)).toEqual([
      ['2024-05-01', lb(198.2), null],
      ['2024-05-02', lb(197.6), null],
    ]);
  });
});

describe("The Hacker's Diet Online", () => {
  it('the unit of Preferences and of each month, empty days left out, escapes and ISO-8859-1 in comments', () => {
    const p = parseImport(fixture('hackersdiet.csv'), opts);
    expect(p).toMatchObject({ format: { id: 'hackersdiet' }, unitStated: true, fileUnits: ['kg', 'lb'] });
    expect(simple(p)).toEqual([
      ['2024-06-01', lb(200), 'Start'],
      ['2024-06-02', lb(199), 'Walked, 5 km'],
      ['2024-06-04', lb(198.4), 'Café au lait: 4€, not \\ cheap'],
      ['2024-07-01', 90.2, null], // July was logged in kilograms (StartTrend unit 0)
    ]);
    expect(p.ignored).toEqual([{ reason: 'days without a weight', count: 30 + 31 - 4 }]);
    expect(p.rejected).toEqual([]);
  });
  it('stone, and escapes', () => {
    expect(decodeHdoText('a\\\\b \\x{20ac} \\x{1f600} &#x263a; \\x{d800}')).toBe('a\\b € 😀 ☺ \\x{d800}');
    const text = 'Date,Weight,Rung,Flag,Comment\r\nStartTrend,0,2,0,0,1.0\r\n2024-01-01,12.5,1,0,\r\n';
    expect(simple(parseImport(text, opts))).toEqual([['2024-01-01', st(12.5), null]]);
  });
});

describe('wger', () => {
  it('English header, UTC timestamps: the day in the person’s zone', () => {
    const p = parseImport(fixture('wger-en.csv'), berlin);
    expect(p.format).toEqual({ id: 'wger', label: 'wger' });
    expect(simple(p)).toEqual([
      ['2024-01-30', 80.3, null],
      ['2024-02-01', 80.1, null], // 23:30 UTC on the 31st is 00:30 on 1 February in Berlin, before 06:15
    ]);
    expect(simple(parseImport(fixture('wger-en.csv'), opts)).map((r) => r[0])).toEqual(['2024-01-30', '2024-01-31', '2024-02-01']);
  });
  it('German header (Datum,Gewicht), in pounds', () => {
    const p = parseImport(fixture('wger-de.csv'), { ...berlin, unit: 'lb' });
    expect(p.format.id).toBe('wger');
    expect(simple(p)).toEqual([
      ['2024-01-30', lb(177), null],
      ['2024-01-31', lb(176.5), null],
    ]);
  });
  it("the header in every language wger offers (its translations of 'Date' and 'Weight')", () => {
    const headers = [
      'Date,Weight',
      'Datum,Gewicht',
      'Date,Poids',
      'Fecha,Peso',
      'Data,Peso',
      'Data,Pes',
      'Data,Ciężar',
      'Datum,Váha',
      'Datum,Vikt',
      'Dato,Vægt',
      'Dato,Vekt',
      'Päivämäärä,Paino',
      'Datum,Težina',
      'Datum,Teža',
      'Dátum,Súly',
      'Dată,Greutate',
      'Tarih,Kilo',
      'Дата,Вес',
      'Дата,Вага',
      'Дата,Тегло',
      'Ημερομηνία,Βάρος',
      'תאריך,משקל',
      'التاريخ,الوزن',
      '日付,体重',
      '일자,몸무게',
      '日期,重量',
    ];
    for (const header of headers) {
      const p = parseImport(`${header}\r\n2024-01-31 06:12:00+00:00,80.50\r\n`, berlin);
      expect(p.format.id, header).toBe('wger');
      expect(simple(p), header).toEqual([['2024-01-31', 80.5, null]]);
    }
  });
});

describe('Withings, MyFitnessPal, Lose It!', () => {
  it('Withings weight.csv: unit in the header, newest first, comments', () => {
    const p = parseImport(fixture('withings-weight.csv'), opts);
    expect(p).toMatchObject({ format: { id: 'withings' }, fileUnits: ['kg'], unitStated: true });
    expect(simple(p)).toEqual([
      ['2024-02-01', 78.9, null],
      ['2024-02-02', 78.6, 'Morning, before "run"'],
    ]);
    const inLb = parseImport(fixture('withings-weight.csv').replace('Weight (kg)', 'Weight (lb)'), opts);
    expect(inLb.rows[0]!.weightKg).toBe(lb(78.9));
  });
  it('Withings in German: `Gewicht (kg)`, fat mass beside it (not the weight), `6:04 Uhr`, `Kommentare`', () => {
    // as a real German export writes it (a reading listed twice, body fat with some readings only)
    const text =
      '"Date","Gewicht (kg)","Fettmasse (kg)","Fettfreier Anteil (kg)","Kommentare"\n' +
      '"2010-05-27 9:58 Uhr","83.9","","",""\n"2010-05-27 9:58 Uhr","83.9","","",""\n' +
      '"2014-02-13 6:04 Uhr","94.34","26.81","68.43","nach Lauf"\n"2014-12-18 19:06 Uhr","96.77","","",""\n';
    const p = parseImport(text, { ...opts, unit: 'lb' });
    expect(p).toMatchObject({ format: { id: 'withings' }, unitStated: true, fileUnits: ['kg'], rejected: [] });
    expect(simple(p)).toEqual([
      ['2010-05-27', 83.9, null],
      ['2014-02-13', 94.34, 'nach Lauf'],
      ['2014-12-18', 96.77, null],
    ]);
    expect(p.duplicatesInFile).toBe(1);
  });
  it('Withings: a measurement of body fat alone (no weight) is left out and counted, not rejected', () => {
    const text =
      'Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments\n' +
      '"2024-01-02 07:00:00",,15.2,,,,\n"2024-01-01 07:00:00",80.1,15.1,3.1,60.0,44.0,\n';
    const p = parseImport(text, opts);
    expect(simple(p)).toEqual([['2024-01-01', 80.1, null]]);
    expect(p.rejected).toEqual([]);
    expect(p.ignored).toEqual([{ reason: 'readings without a weight', count: 1 }]);
  });
  it('MyFitnessPal: a day with body fat or another measure alone (no weight) is left out and counted, not rejected', () => {
    const p = parseImport(
      'Date,Body Fat %,Weight,Neck\n2024-01-01,18.5,175.0,\n2024-01-02,,,15.5\n2024-01-03,18.4,,\n2024-01-04,,174.6,\n',
      {
        ...opts,
        unit: 'lb',
      },
    );
    expect(simple(p)).toEqual([
      ['2024-01-01', lb(175), null],
      ['2024-01-04', lb(174.6), null],
    ]);
    expect(p.rejected).toEqual([]);
    expect(p.ignored).toEqual([{ reason: 'days without a weight', count: 2 }]);
  });
  it('MyFitnessPal: Date,Body Fat %,Weight in the preference', () => {
    const p = parseImport(fixture('myfitnesspal.csv'), { ...opts, unit: 'lb' });
    expect(p.format.id).toBe('myfitnesspal');
    expect(simple(p)).toEqual([
      ['2024-01-01', lb(176.4), null],
      ['2024-01-08', lb(175.2), null],
    ]);
  });
  it('Lose It!: deleted rows left out, month-first dates', () => {
    const p = parseImport(fixture('loseit-weights.csv'), { ...opts, unit: 'lb' });
    expect(p).toMatchObject({ format: { id: 'loseit' }, dateFormat: { value: 'MM/dd/yyyy', ambiguous: false } });
    expect(simple(p)).toEqual([
      ['2024-01-02', lb(201.4), null],
      ['2024-01-03', lb(200.2), null],
      ['2024-01-13', lb(199.6), null],
    ]);
    expect(p.ignored).toEqual([{ reason: 'rows deleted in Lose It!', count: 1 }]);
    // no day over 12: Lose It! writes month first, so nothing is asked
    const early = parseImport('Date,Weight,Last Updated,Deleted\n01/02/2024,200,,false\n', opts);
    expect(early.dateFormat).toMatchObject({ value: 'MM/dd/yyyy', ambiguous: false });
    expect(early.rows[0]!.date).toBe('2024-01-02');
  });
});

describe('Fitbit, Garmin, Google Fit, Samsung Health, Renpho', () => {
  it('Fitbit weight JSON: two-digit years, the earliest of a day', () => {
    // pounds whatever the account's unit, so a kilogram user's choice does not apply
    const p = parseImport(fixture('fitbit-weight-2024-01-01.json'), { ...opts, unit: 'kg' });
    expect(p).toMatchObject({ format: { id: 'fitbit' }, unitStated: true, fileUnits: ['lb'] });
    expect(simple(p)).toEqual([
      ['2024-01-01', lb(176.4), null], // 07:52, listed after the 19:30 reading
      ['2024-01-02', lb(175.9), null],
    ]);
  });
  it('Garmin Connect: date rows, 12-hour times, units in the cells', () => {
    const p = parseImport(fixture('garmin-weight.csv'), { ...opts, unit: 'lb' });
    expect(p).toMatchObject({ format: { id: 'garmin' }, unitStated: true, fileUnits: ['kg'] });
    expect(simple(p)).toEqual([
      ['2024-02-02', 80.7, null],
      ['2024-02-03', 80.5, null], // 6:58 AM beats 7:12 PM
    ]);
    const pounds = parseImport(fixture('garmin-weight.csv').replace('80.7 kg', '177.9 lbs'), opts);
    expect(pounds.rows[0]!.weightKg).toBe(lb(177.9));
  });
  it('Garmin Connect in a day-first account: ` 21 Sep 2023` headings and 24-hour times', () => {
    const p = parseImport(fixture('garmin-weight-day-first.csv'), opts);
    expect(p).toMatchObject({ format: { id: 'garmin' }, unitStated: true, fileUnits: ['kg'] });
    expect(simple(p)).toEqual([
      ['2023-09-20', 82.5, null],
      ['2023-09-21', 82.3, null], // 06:19 beats 17:08
    ]);
    expect(p.rejected).toEqual([]);
  });
  it('QS Access: `Start,Finish,Weight (lb)`, a day’s 0.0 and a sample at the clock’s zero left out', () => {
    const daily = parseImport(
      'Start,Finish,Weight (lb)\n26-Sep-2015 00:00,27-Sep-2015 00:00,164.0\n27-Sep-2015 00:00,28-Sep-2015 00:00,0.0\n' +
        '28-Sep-2015 00:00,29-Sep-2015 00:00,163.4\n',
      opts,
    );
    expect(daily).toMatchObject({ format: { id: 'qs-access', label: 'QS Access' }, unitStated: true, fileUnits: ['lb'] });
    expect(simple(daily)).toEqual([
      ['2015-09-26', lb(164), null],
      ['2015-09-28', lb(163.4), null],
    ]);
    expect(daily.rejected).toEqual([]);
    expect(daily.ignored).toEqual([{ reason: 'days without a weight', count: 1 }]);
    const samples = parseImport(
      'Start,Finish,Weight (kg)\n31-Dec-1969 16:00,31-Dec-1969 16:00,86.15\n26-Sep-2015 05:42,26-Sep-2015 05:42,74.4\n',
      opts,
    );
    expect(simple(samples)).toEqual([['2015-09-26', 74.4, null]]);
    expect(samples.ignored).toEqual([{ reason: 'samples dated 1 Jan 1970 (no real time)', count: 1 }]);
  });
  it('Garmin Connect with year-first headings: ` 2022 Dec 21`', () => {
    const text =
      '\ufeffTime,Weight,Change,BMI,Body Fat,Skeletal Muscle Mass,Bone Mass,Body Water,\n' +
      '" 2022 Dec 21",\n5:07 AM,108.8 kg,0.2 kg,33.2,--,--,--,--,\n' +
      '" 2022 Dec 20",\n6:13 AM,108.6 kg,0.7 kg,33.1,--,--,--,--,\n7:40 PM,109.1 kg,0.5 kg,33.3,--,--,--,--,\n';
    const p = parseImport(text, { ...opts, unit: 'lb' });
    expect(p).toMatchObject({ format: { id: 'garmin' }, unitStated: true, fileUnits: ['kg'] });
    expect(simple(p)).toEqual([
      ['2022-12-20', 108.6, null],
      ['2022-12-21', 108.8, null],
    ]);
    expect(p.rejected).toEqual([]);
  });
  it("Fitbit's CSV export: the Body section's weights; Foods, Activities and Sleep are left out, counted", () => {
    const p = parseImport(fixture('fitbit-export.csv'), { ...opts, unit: 'lb' });
    expect(p).toMatchObject({ format: { id: 'fitbit-csv', label: 'Fitbit (CSV export)' }, unitStated: false });
    // 01-01 and 03-01 could be either order: the preview asks
    expect(p.dateFormat).toMatchObject({ value: null, ambiguous: true });
    const dayFirst = parseImport(fixture('fitbit-export.csv'), { ...opts, unit: 'lb', dateFormat: 'dd/MM/yyyy' });
    expect(simple(dayFirst)).toEqual([
      ['2019-01-01', lb(190.0), null],
      ['2019-01-03', lb(189.4), null],
    ]);
    expect(dayFirst.rejected).toEqual([]);
    expect(dayFirst.ignored).toEqual([{ reason: 'other sections of the file (Foods, Activities, Sleep)', count: 5 }]);
  });
  it("Fitbit through Google Takeout: weight.csv in grams, UTC instants on the person's day, whatever unit is chosen", () => {
    const file =
      'timestamp,weight grams,data source\n' +
      '2018-05-28T13:30:12Z,62400,Renpho Fitbit 3P Web API\n' +
      // 23:30 UTC is 00:30 the next day in Berlin; a fraction of a second as some rows carry it
      '2025-06-10T23:30:00.1Z,74550,Fitbit App\n' +
      '2025-06-12T06:00:00Z,,Fitbit App\n';
    const p = parseImport(file, { ...berlin, unit: 'lb' });
    expect(p).toMatchObject({
      format: { id: 'fitbit-google', label: 'Fitbit (Google Takeout)' },
      unitStated: true,
      fileUnits: ['kg'],
      timeZone: 'Europe/Berlin',
    });
    expect(simple(p)).toEqual([
      ['2018-05-28', 62.4, null],
      ['2025-06-11', 74.55, null],
    ]);
    expect(p.rejected).toEqual([{ line: 4, reason: 'Weight is missing' }]);
  });
  it("Cronometer's biometrics: the Weight metrics with their unit; the other measurements left out, counted", () => {
    const file =
      'Day,Group,Metric,Unit,Amount\n' +
      '2026-02-01,Uncategorized,Recovery (Garmin),%,73.0\n' +
      '2026-02-01,Uncategorized,Weight (Garmin),kg,83.524\n' +
      '2026-02-02,Uncategorized,Weight,lbs,183.6\n' +
      '2026-02-02,Uncategorized,Waist,cm,91.4\n';
    const p = parseImport(file, opts);
    expect(p).toMatchObject({ format: { id: 'cronometer', label: 'Cronometer (biometrics)' }, unitStated: true, fileUnits: ['kg', 'lb'] });
    expect(simple(p)).toEqual([
      ['2026-02-01', 83.524, null],
      ['2026-02-02', lb(183.6), null],
    ]);
    expect(p.ignored).toEqual([{ reason: 'other measurements (heart rate, waist, sleep, …)', count: 2 }]);
    expect(p.rejected).toEqual([]);
  });
  it('a generic table ends where another table of the file begins; the same header again does not end it', () => {
    const p = parseImport('date,weight\n2024-01-01,80\n\nSteps\ndate,steps\n2024-01-02,"1,950"\n', opts);
    expect(simple(p)).toEqual([['2024-01-01', 80, null]]);
    expect(p.ignored).toEqual([{ reason: 'other sections of the file (Steps)', count: 1 }]);
    const joined = parseImport('date,weight\n2024-01-01,80\ndate,weight\n2024-01-02,79.5\n', opts);
    expect(simple(joined)).toEqual([
      ['2024-01-01', 80, null],
      ['2024-01-02', 79.5, null],
    ]);
    expect(joined.rejected).toEqual([]);
    expect(joined.ignored).toEqual([{ reason: 'the header repeated', count: 1 }]);
  });
  it('Google Fit: daily metrics (days without a weight left out) and data points (nanosecond instants)', () => {
    const daily = parseImport(fixture('google-fit-daily-activity-metrics.csv'), opts);
    expect(daily).toMatchObject({ format: { id: 'google-fit' }, fileUnits: ['kg'] });
    expect(simple(daily)).toEqual([
      ['2024-03-01', 81.6, null],
      ['2024-03-03', 81.35, null],
    ]);
    expect(daily.ignored).toEqual([{ reason: 'days without a weight', count: 1 }]);
    // 1709331120 s = 2024-03-01T22:12:00Z: 23:12 in Berlin; 1709363520 s = 2024-03-02T07:12:00Z
    const points = parseImport(fixture('google-fit-weight.json'), berlin);
    expect(simple(points)).toEqual([
      ['2024-03-01', 81.5999984741211, null],
      ['2024-03-02', 81.19999694824219, null],
    ]);
    expect(points.ignored).toEqual([{ reason: 'other kinds of data', count: 1 }]);
    // in Tokyo (UTC+9) both are on the 2nd: 07:12 and 16:12, the earlier one is kept
    expect(simple(parseImport(fixture('google-fit-weight.json'), { ...opts, timeZone: 'Asia/Tokyo' }))).toEqual([
      ['2024-03-02', 81.5999984741211, null],
    ]);
  });
  it('Samsung Health: title line, prefixed columns, UTC start times in the person’s zone', () => {
    const p = parseImport(fixture('samsung-health-weight.csv'), { ...opts, timeZone: 'Asia/Tokyo' });
    expect(p).toMatchObject({ format: { id: 'samsung' }, fileUnits: ['kg'], timeZone: 'Asia/Tokyo' });
    expect(simple(p)).toEqual([
      ['2024-03-02', 82.1, null], // 22:40 UTC on the 1st is 07:40 on the 2nd in Tokyo, before 15:05
      ['2024-03-03', 81.9, null],
    ]);
    expect(simple(parseImport(fixture('samsung-health-weight.csv'), opts))).toEqual([
      ['2024-03-01', 82.1, null],
      ['2024-03-02', 82.6, 'after gym, tired'],
    ]);
  });
  it('Samsung Health: a measurement without a weight (body fat alone) is left out and counted, not rejected', () => {
    const text =
      'com.samsung.health.weight,6305010,2\nbody_fat_mass,start_time,height,weight,comment,datauuid,\n' +
      '15.1,2025-09-30 05:10:00.000,180.0,80.5,,uuid1,\n15.2,2025-10-01 05:10:00.000,180.0,,,uuid2,\n';
    const p = parseImport(text, opts);
    expect(simple(p)).toEqual([['2025-09-30', 80.5, null]]);
    expect(p.rejected).toEqual([]);
    expect(p.ignored).toEqual([{ reason: 'readings without a weight', count: 1 }]);
  });
  it('Samsung Health: a comment holding commas without quotes is read whole, the columns after it in their place', () => {
    // the comment before the start time and the weight, as the fixture has it: each comma moved them one cell on
    const head = 'com.samsung.health.weight,6315001,3\nbody_fat_mass,comment,start_time,time_offset,height,weight,datauuid,\n';
    const p = parseImport(
      head +
        '17.9,after run, tired,2024-03-02 06:05:00.000,UTC+0900,178.0,82.6,uuid-1,\n' +
        '17.8,legs, back, arms,2024-03-03 06:05:00.000,UTC+0900,178.0,82.4,uuid-2,\n' +
        '17.7,,2024-03-04 06:05:00.000,UTC+0900,178.0,82.3,uuid-3,\n',
      opts,
    );
    expect(p.rejected).toEqual([]);
    expect(simple(p)).toEqual([
      ['2024-03-02', 82.6, 'after run, tired'],
      ['2024-03-03', 82.4, 'legs, back, arms'],
      ['2024-03-04', 82.3, null],
    ]);
    // the comment after the weight, as the reviewer's export has it, and its last column empty
    const later =
      'com.samsung.health.weight,6305010,2\nstart_time,custom,weight,comment,pkg_name,vfa_level,\n' +
      '2025-09-30 05:10:00.000,,80.5,after run, tired,com.sec.android.app.shealth,,\n';
    expect(simple(parseImport(later, opts))).toEqual([['2025-09-30', 80.5, 'after run, tired']]);
    // a header not ended by a separator: one after a row adds no comma to its comment
    const open = 'start_time,weight,comment,datauuid\n2025-09-30 05:10:00.000,80.5,tired,uuid1,\n2025-10-01 05:10:00.000,80.4,a, b,uuid2\n';
    expect(simple(parseImport(open, opts))).toEqual([
      ['2025-09-30', 80.5, 'tired'],
      ['2025-10-01', 80.4, 'a, b'],
    ]);
  });
  it('Samsung Health: extra cells that may be the custom data’s as well as the comment’s are refused, not guessed', () => {
    const head = 'com.samsung.health.weight,6305010,2\nstart_time,custom,height,weight,comment,datauuid,\n';
    const p = parseImport(
      head +
        // custom filled and unquoted: "x,y" may be it, moving the weight, or the comment may be "tired, z"
        '2025-09-30 05:10:00.000,x,180.0,80.5,tired,z,uuid1,\n' +
        // quoted, the custom cell is whole: the extra cell is the comment's
        '2025-10-01 05:10:00.000,"x,y",180.0,80.4,tired, sore,uuid2,\n',
      opts,
    );
    expect(simple(p)).toEqual([['2025-10-01', 80.4, 'tired, sore']]);
    expect(p.rejected).toEqual([
      {
        line: 3,
        reason:
          'The row has 1 cell more than its header: its comment or its custom data holds "," without quotes around it, and which of the two is unclear',
      },
    ]);
    // custom after the comment, counted from the row's end
    const after = 'com.samsung.health.weight,6305010,2\nstart_time,weight,comment,custom,datauuid,\n';
    const q = parseImport(after + '2025-09-30 05:10:00.000,80.5,a, b,,uuid1,\n2025-10-01 05:10:00.000,80.4,a, b,x,uuid2,\n', opts);
    expect(simple(q)).toEqual([['2025-09-30', 80.5, 'a, b']]);
    expect(q.rejected.map((r) => r.line)).toEqual([4]);
  });
  it('Renpho: BOM, dotted dates, -- for unmeasured values and for no remark; remarks kept as notes', () => {
    const p = parseImport(fixture('renpho.csv'), opts);
    expect(p).toMatchObject({ format: { id: 'renpho' }, fileUnits: ['kg'] });
    expect(simple(p)).toEqual([
      ['2025-12-02', 78.1, null],
      ['2025-12-03', 77.9, 'before breakfast'],
    ]);
  });
  it("Renpho's older (Time of Measurement) and newer (No.) layouts, remarks included", () => {
    const older =
      'Time of Measurement,Weight(kg),BMI,Body Fat(%),Fat-Free Mass(kg),Subcutaneous Fat(%),Visceral Fat,Body Water(%),' +
      'Skeletal Muscle(%),Muscle Mass(kg),Bone Mass(kg),Protein(%),BMR(kcal),Metabolic Age,Optimal weight(kg),' +
      'Target to optimal weight(kg),Target to optimal fat mass(kg),Target to optimal muscle mass(kg),Body Type,Remarks\n' +
      '2024-01-02 10:20:30,76.15,23.8,23.2,58.48,20.9,7.0,55.4,49.5,55.59,2.89,17.5,1618,35,,,,,,\n' +
      '2024-01-01 10:20:30,77.15,23.8,23.2,58.48,20.9,7.0,55.4,49.5,55.59,2.89,17.5,1618,35,,,,,,after holiday\n';
    expect(simple(parseImport(older, opts))).toEqual([
      ['2024-01-01', 77.15, 'after holiday'],
      ['2024-01-02', 76.15, null],
    ]);
    // as the app writes its dates on a phone set to English: "at" between the day and the time; earliest kept
    const spoken =
      'Time of Measurement, Weight(kg),BMI,Body Fat(%),Fat-Free Mass(kg),Remarks\n' +
      '4 Mar 2022 at 18:02:11,81.20,25.1,24.0,61.70, \n' +
      '4 Mar 2022 at 06:47:55,80.45,24.9,23.8,61.30, \n' +
      '5 Mar 2022 at 07:01:09,80.10,24.8,23.7,61.10,--\n';
    const q = parseImport(spoken, opts);
    expect(q).toMatchObject({ format: { id: 'renpho' }, fileUnits: ['kg'], rejected: [] });
    expect(simple(q)).toEqual([
      ['2022-03-04', 80.45, null],
      ['2022-03-05', 80.1, null],
    ]);
    const newer =
      'No.,Date,Time,Weight(lb),BMI,Body Fat(%),Skeletal Muscle(%),Remarks,\n' + '1,2026.02.03,07:10:00,176.4,24.1,21.0,48.0,fasted,\n';
    const p = parseImport(newer, opts);
    expect(p).toMatchObject({ format: { id: 'renpho' }, fileUnits: ['lb'] });
    expect(simple(p)).toEqual([['2026-02-03', lb(176.4), 'fasted']]);
  });
  it('Renpho in German: `Datum, Zeitraum, Gewicht(kg)` with dates `24.09.25`, the time under `Zeitraum`', () => {
    const text =
      'Datum, Zeitraum, Gewicht(kg), BMI, Körperfett(%), Skelettmuskel(%), Körperwasser(%), Muskelmasse(kg), Grundumsatz(kcal), Viszeralfett, Eiweiß (%), Stoffwechselalter, Knochenmasse(kg)\n' +
      '24.09.25,19:30:02,80.90,24.2,20.4,50.1,55.0,60.2,1702,7,18.0,30,3.2\n' +
      '24.09.25,07:05:48,80.50,24.1,20.3,50.2,55.1,60.1,1700,7,18.0,30,3.2\n' +
      '25.09.25,07:01:12,80.30,24.0,20.2,50.2,55.1,60.1,1700,7,18.0,30,3.2\n';
    const p = parseImport(text, { ...opts, unit: 'lb' });
    expect(p).toMatchObject({ format: { id: 'renpho' }, unitStated: true, fileUnits: ['kg'], rejected: [] });
    expect(simple(p)).toEqual([
      ['2025-09-24', 80.5, null], // 07:05 beats 19:30, listed before it
      ['2025-09-25', 80.3, null],
    ]);
    // a year after the latest an entry may have is the last century's, then too early or not: never a future day
    const late = parseImport(text.replace('25.09.25', '25.09.27'), opts);
    expect(late.rows.map((r) => r.date)).toEqual(['1927-09-25', '2025-09-24']);
  });
  it('Renpho in German, older: `Messdatum,Gewicht(kg),…,Bemerkungen` with `24.09.2025, 07:05:48`', () => {
    const text =
      'Messdatum,Gewicht(kg),BMI,Körperfett(%),Fettfreies Körpergewicht(kg),Subkutanes Fett(%),Viszeralfett,Körperwasser(%),' +
      'Skelettmuskel(%),Muskelmasse(kg),Knochenmasse(kg),Protein(%),Grundumsatz(kcal),Stoffwechselalter,Bemerkungen\n' +
      '"24.09.2025, 07:05:48",80.50,24.1,20.3,64.1,18.0,7,55.1,50.2,60.1,3.2,18.0,1700,30,nach Lauf\n' +
      '"25.09.2025, 07:01:12",80.30,24.0,20.2,64.0,18.0,7,55.1,50.2,60.1,3.2,18.0,1700,30,--\n';
    const p = parseImport(text, opts);
    expect(p).toMatchObject({ format: { id: 'renpho' }, fileUnits: ['kg'], rejected: [] });
    expect(simple(p)).toEqual([
      ['2025-09-24', 80.5, 'nach Lauf'],
      ['2025-09-25', 80.3, null],
    ]);
  });
});

describe('files: Apple Health export.xml and zip archives', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-test-'));
  const path = (name: string) => join(dir, name);

  it('export.xml: body mass records only, kg and lb, offsets into the person’s zone, entities in attributes', async () => {
    writeFileSync(path('export.xml'), fixtureBytes('apple-health-export.xml'));
    const seen: number[] = [];
    const p = await parseFile(path('export.xml'), berlin, (n) => seen.push(n));
    expect(p).toMatchObject({ format: { id: 'apple-health', label: 'Apple Health' }, fileUnits: ['kg', 'lb'], unitStated: true });
    expect(simple(p)).toEqual([
      ['2024-02-01', 80.5, null],
      ['2024-02-02', 80.3, null], // 08:01 beats 21:30, listed before it
      ['2024-02-04', lb(177.9), null], // 23:40 at -05:00 is 05:40 on the 4th in Berlin
    ]);
    expect(seen.at(-1)).toBe(readFileSync(path('export.xml')).length);
    const ny = await parseFile(path('export.xml'), { ...opts, timeZone: 'America/New_York' });
    expect(ny.rows.map((r) => r.date)).toEqual(['2024-02-01', '2024-02-02', '2024-02-03']);
  });

  it('export.zip: the export.xml inside (not export_cda.xml), streamed', async () => {
    await writeZip(path('export.zip'), [
      { name: 'apple_health_export/export_cda.xml', data: '<ClinicalDocument/>' },
      { name: 'apple_health_export/export.xml', data: fixtureBytes('apple-health-export.xml') },
      { name: 'apple_health_export/workout-routes/route_2024-02-01_7.12am.gpx', data: '<gpx/>' },
    ]);
    const p = await parseFile(path('export.zip'), berlin);
    expect(p.format.id).toBe('apple-health');
    expect(p.rows).toHaveLength(3);
  });

  it('a spreadsheet saved as "Unicode text": UTF-16 with tabs, pounds in the header, alone or in a zip as .tsv', async () => {
    const text = 'Date\tWeight (lb)\tNotes\r\n2025-01-02\t180.5\tnew year, new scale\r\n2025-01-03\t180.1\t\r\n';
    writeFileSync(path('weights.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const p = await parseFile(path('weights.txt'), opts);
    expect(p).toMatchObject({ format: { id: 'generic' }, rejected: [] });
    expect(simple(p)).toEqual([
      ['2025-01-02', lb(180.5), 'new year, new scale'],
      ['2025-01-03', lb(180.1), null],
    ]);
    await writeZip(path('sheet.zip'), [{ name: 'My weights.tsv', data: Buffer.from(text) }]);
    expect(simple(await parseFile(path('sheet.zip'), opts))).toEqual(simple(p));
  });

  it('an XML file that is not Apple Health, a damaged XML, a damaged zip', async () => {
    writeFileSync(path('other.xml'), '<?xml version="1.0"?><hackersdiet><account/></hackersdiet>');
    await expect(parseFile(path('other.xml'), opts)).rejects.toThrow('This XML file is not an Apple Health export (export.xml)');
    writeFileSync(
      path('broken.xml'),
      '<HealthData><Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" value="80" startDate="2024-01-01 07:00:00 +0000"></Oops>',
    );
    await expect(parseFile(path('broken.xml'), opts)).resolves.toMatchObject({ rows: [{ date: '2024-01-01', weightKg: 80 }] });
    writeFileSync(path('broken.zip'), Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]));
    await expect(parseFile(path('broken.zip'), opts)).rejects.toThrow(/damaged or not a zip file/);
  });

  it('Fitbit archive: every weight-*.json, merged; Lose It! and Withings archives; an unknown archive', async () => {
    await writeZip(path('fitbit.zip'), [
      { name: 'MyFitbitData/Jane/Personal & Account/weight-2024-01-01.json', data: fixtureBytes('fitbit-weight-2024-01-01.json') },
      {
        name: 'MyFitbitData/Jane/Personal & Account/weight-2024-01-31.json',
        data: '[{"logId":1,"weight":174.2,"bmi":24.2,"date":"02/01/24","time":"06:40:00","source":"Aria"},{"logId":2,"date":"02/02/24","time":"06:40:00","source":"Aria"}]',
      },
      { name: 'MyFitbitData/Jane/Physical Activity/heart_rate-2024-01-01.json', data: '[]' },
    ]);
    const p = await parseFile(path('fitbit.zip'), { ...opts, unit: 'lb' });
    expect(p.format.id).toBe('fitbit');
    expect(simple(p)).toEqual([
      ['2024-01-01', lb(176.4), null],
      ['2024-01-02', lb(175.9), null],
      ['2024-02-01', lb(174.2), null],
    ]);
    expect(p.rejected).toEqual([{ line: 2, reason: 'weight-2024-01-31.json: Weight is missing' }]);

    await writeZip(path('loseit.zip'), [
      { name: 'food-logs.csv', data: 'Date,Name\n' },
      { name: 'weights.csv', data: fixtureBytes('loseit-weights.csv') },
    ]);
    expect((await parseFile(path('loseit.zip'), { ...opts, unit: 'lb' })).rows).toHaveLength(3);
    await writeZip(path('withings.zip'), [
      { name: 'height.csv', data: 'Date,"Height (m)",Comments\n' },
      { name: 'weight.csv', data: fixtureBytes('withings-weight.csv') },
    ]);
    expect((await parseFile(path('withings.zip'), opts)).format.id).toBe('withings');
    await writeZip(path('takeout.zip'), [
      { name: 'Takeout/Google Health/Physical Activity_GoogleData/steps_2026-10-01.csv', data: 'timestamp,steps,data source\n' },
      {
        name: 'Takeout/Google Health/Physical Activity_GoogleData/weight.csv',
        data: 'timestamp,weight grams,data source\n2026-10-01T05:00:00Z,70500,Aria\n',
      },
    ]);
    const takeout = await parseFile(path('takeout.zip'), berlin);
    expect(takeout.format.id).toBe('fitbit-google');
    expect(simple(takeout)).toEqual([['2026-10-01', 70.5, null]]);
    await writeZip(path('photos.zip'), [
      { name: 'a.png', data: 'x' },
      { name: 'b.png', data: 'y' },
    ]);
    await expect(parseFile(path('photos.zip'), opts)).rejects.toThrow(/holds no export this importer knows/);
  });

  it('an export.xml that unpacks to over 100 times its packed size (one record repeated) is refused unread', async () => {
    const record = ' <Record type="HKQuantityTypeIdentifierStepCount" unit="count" startDate="2024-01-01 07:00:00 +0000" value="1"/>\n';
    function* bomb() {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_GB">\n';
      for (let i = 0; i < 700; i++) yield record.repeat(1000); // about 75 MB
      yield '</HealthData>\n';
    }
    await writeZip(path('bomb.zip'), [{ name: 'apple_health_export/export.xml', data: bomb() }]);
    await expect(parseFile(path('bomb.zip'), opts)).rejects.toThrow(
      'export.xml in the archive unpacks to over 100 times its packed size, which no real export does: it was not read',
    );
  });

  it('a damaged archive (its data corrupted) fails with a message, not an error', async () => {
    await writeZip(path('damaged.zip'), [{ name: 'apple_health_export/export.xml', data: fixtureBytes('apple-health-export.xml') }]);
    const bytes = readFileSync(path('damaged.zip'));
    for (let i = 200; i < 400; i++) bytes[i] = 0xff;
    writeFileSync(path('damaged.zip'), bytes);
    await expect(parseFile(path('damaged.zip'), opts)).rejects.toThrow(/damaged/);
  });

  it('a text file over 5 MiB is refused; a text file is read as text', async () => {
    writeFileSync(path('big.csv'), 'date,weight\n' + '2024-01-01,80\n'.repeat(400_000));
    await expect(parseFile(path('big.csv'), opts)).rejects.toThrow('The file is larger than 5 MiB');
    writeFileSync(path('small.csv'), fixtureBytes('withings-weight.csv'));
    expect((await parseFile(path('small.csv'), opts)).rows).toHaveLength(2);
  });
});

describe('what real exports hold beyond the apps’ usual layout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-real-'));
  const path = (name: string) => join(dir, name);

  it('Google Health Takeout: the grams CSVs (a file a month, in a folder) over the legacy JSON in pounds beside them', async () => {
    const folder = 'Takeout/Google Health/Physical Activity_GoogleData';
    await writeZip(path('google-health.zip'), [
      // the legacy Fitbit log holds only Fitbit's own readings, in pounds
      {
        name: 'Takeout/Google Health/Global Export Data/weight-2026-05-01.json',
        data: '[{"logId":1,"weight":132.3,"bmi":21.1,"date":"05/01/26","time":"07:00:00","source":"Aria"}]',
      },
      { name: `${folder}/Weight/weight_2026-05-01.csv`, data: 'timestamp,weight grams,data source\n2026-05-01T05:00:00Z,60010,Aria\n' },
      {
        name: `${folder}/Weight/weight_2026-06-01.csv`,
        data: 'timestamp,weight grams,data source\n2026-06-01T05:00:00.999999Z,59874,Health Connect\n',
      },
      { name: `${folder}/steps_2026-05-01.csv`, data: 'timestamp,steps,data source\n2026-05-01T05:00:00Z,120,Pixel\n' },
    ]);
    const p = await parseFile(path('google-health.zip'), berlin);
    expect(p).toMatchObject({ format: { id: 'fitbit-google' }, unitStated: true, fileUnits: ['kg'] });
    expect(simple(p)).toEqual([
      ['2026-05-01', 60.01, null],
      ['2026-06-01', 59.874, null],
    ]);
  });

  it('Fitbit weight JSON alone is pounds whatever unit is chosen: a 60 kg person does not get 132 kg', async () => {
    const p = parseImport('[{"logId":1,"weight":132.3,"bmi":21.1,"date":"05/01/26","time":"07:00:00","source":"Aria"}]', {
      ...opts,
      unit: 'kg',
    });
    expect(p.rows.map((r) => r.weightKg)).toEqual([lb(132.3)]);
    expect(p.warnings).toEqual([]);
  });

  it('Google Fit Takeout: each reading from the data points, not the day’s average, when both are there', async () => {
    await writeZip(path('fit.zip'), [
      {
        name: 'Takeout/Fit/Daily activity metrics/Daily activity metrics.csv',
        data: fixtureBytes('google-fit-daily-activity-metrics.csv'),
      },
      {
        name: 'Takeout/Fit/All Data/raw_com.google.weight_com.google.android.apps.fitness_user_input.json',
        data: fixtureBytes('google-fit-weight.json'),
      },
    ]);
    const p = await parseFile(path('fit.zip'), berlin);
    expect(p.format.id).toBe('google-fit');
    expect(simple(p)).toEqual(simple(parseImport(fixture('google-fit-weight.json'), berlin)));
  });

  // The record of 2024-02-03 was weighed at 00:10 in Berlin (23:10 GMT on the 2nd): Garmin files it under the 3rd.
  const garminDays = [
    ['2024-01-30', 80.5, null],
    ['2024-01-31', 80.2, null], // 07:55 before 20:40, though listed after it
    ['2024-02-01', 79.8, null], // the sample's last edit (version 3), not its first (79.0)
    ['2024-02-03', 81.1, null],
  ];
  it("Garmin Connect's account export: weigh-ins in grams on Garmin's own days, each at its last edit", () => {
    for (const timeZone of ['UTC', 'America/Los_Angeles', 'Pacific/Auckland']) {
      const p = parseImport(fixture('garmin-userBioMetrics.json'), { ...opts, timeZone, unit: 'lb' });
      expect(p).toMatchObject({ format: { id: 'garmin-export' }, unitStated: true, fileUnits: ['kg'], timeZone: null });
      expect(simple(p)).toEqual(garminDays);
      expect(p.duplicatesInFile).toBe(1);
      expect(p.rejected).toEqual([]);
      expect(p.ignored).toEqual([
        { reason: 'other kinds of data', count: 2 }, // a height and a VO2 max
        { reason: 'earlier versions of edited readings', count: 1 },
        { reason: 'readings without a weight', count: 1 },
      ]);
    }
  });
  it('Google Fit: a reading whose time no calendar holds is rejected alone', () => {
    const point = (nanos: unknown, kg: number) => ({
      dataTypeName: 'com.google.weight',
      startTimeNanos: nanos,
      fitValue: [{ value: { fpVal: kg } }],
    });
    const p = parseImport(
      JSON.stringify({ 'Data Points': [point('1706688000000000000', 80), point('99999999999999999999999', 81), point(null, 82)] }),
      opts,
    );
    expect(simple(p)).toEqual([['2024-01-31', 80, null]]);
    expect(p.rejected).toEqual([
      { line: 2, reason: 'Date is not a real date' },
      { line: 3, reason: 'Date is missing' },
    ]);
  });
  it('Garmin: a record without its day falls back on its GMT time in the person’s zone; a day that is no date is refused', () => {
    const doc = (records: object[]) => JSON.stringify([{ metaData: { calendarDate: '2024-03-01T00:00:00.0' }, height: 170 }, ...records]);
    // 22:30 GMT on 1 March is 07:30 on the 2nd in Tokyo
    const p = parseImport(doc([{ metaData: {}, weight: { weight: 70250, timestampGMT: Date.UTC(2024, 2, 1, 22, 30) } }]), {
      ...opts,
      timeZone: 'Asia/Tokyo',
    });
    expect(simple(p)).toEqual([['2024-03-02', 70.25, null]]);
    expect(p.timeZone).toBe('Asia/Tokyo');
    const bad = parseImport(
      doc([
        { metaData: { calendarDate: '2024-02-30T08:00:00.0' }, weight: { weight: 70000, timestampGMT: 1 } },
        { metaData: {}, weight: { weight: 70000 } },
        { metaData: { calendarDate: '2024-03-04T08:00:00.0' }, weight: { weight: 'heavy' } },
        { metaData: { calendarDate: '2024-03-05T08:00:00.0' }, weight: { weight: '71500' } },
        // a time no calendar holds is that row's fault alone
        { metaData: {}, weight: { weight: 70000, timestampGMT: 1e20 } },
      ]),
      opts,
    );
    expect(bad.rejected).toEqual([
      { line: 2, reason: 'Date "2024-02-30T08:00:00.0" is not a real date' },
      { line: 3, reason: 'Date is missing' },
      { line: 4, reason: 'Weight is not a number' },
      { line: 6, reason: 'Date is not a real date' },
    ]);
    expect(simple(bad)).toEqual([['2024-03-05', 71.5, null]]);
  });
  it('Garmin: the account archive is read for its weigh-ins, not for the other files and XML beside them', async () => {
    await writeZip(path('garmin.zip'), [
      {
        name: 'DI_CONNECT/DI-Connect-Aggregator/UDSFile_2024-01-01_2024-04-10.json',
        data: '[{"calendarDate":"2024-01-30","totalSteps":9000}]',
      },
      { name: 'DI_CONNECT/DI-Connect-Wellness/81234567_sleepData.json', data: '[{"calendarDate":"2024-01-30","deepSleepSeconds":4000}]' },
      { name: 'DI_CONNECT/DI-Connect-Wellness/81234567_userBioMetrics.json', data: fixtureBytes('garmin-userBioMetrics.json') },
      { name: 'DI_CONNECT/DI-Connect-Fitness/course.xml', data: '<?xml version="1.0"?><TrainingCenterDatabase/>' },
    ]);
    const p = await parseFile(path('garmin.zip'), berlin);
    expect(p.format).toEqual({ id: 'garmin-export', label: 'Garmin Connect (account data export)' });
    expect(simple(p)).toEqual(garminDays);
  });

  it('an archive protected by a password says so', async () => {
    await writeZip(path('zepp.zip'), [
      { name: 'BODY/BODY_1700000000000.csv', data: 'time,weight\n' },
      { name: 'SLEEP/SLEEP_1700000000000.csv', data: 'date,deepSleepTime\n' },
    ]);
    // mark every entry encrypted, as Zepp Life's archives are (the flag is all the reader looks at before opening one)
    const bytes = readFileSync(path('zepp.zip'));
    for (let i = bytes.indexOf(0x02014b50 & 0xff); i >= 0 && i < bytes.length - 4; i = bytes.indexOf(0x50, i + 1))
      if (bytes.readUInt32LE(i) === 0x02014b50) bytes[i + 8]! |= 1;
    writeFileSync(path('zepp.zip'), bytes);
    await expect(parseFile(path('zepp.zip'), opts)).rejects.toThrow(/protected by a password/);
  });

  it('wger: the days it kept before it kept times come out at midnight UTC and stay on their day, west of UTC too', () => {
    const text = 'Date,Weight\n2019-05-01 00:00:00+00:00,80.00\n2019-05-02 00:00:00+00:00,79.80\n2025-06-01 23:30:00+00:00,78.50\n';
    const p = parseImport(text, { ...opts, timeZone: 'America/New_York' });
    expect(p.format.id).toBe('wger');
    // a reading with its real time is still a point in time: 23:30 UTC is the evening of 1 June in New York
    expect(simple(p)).toEqual([
      ['2019-05-01', 80, null],
      ['2019-05-02', 79.8, null],
      ['2025-06-01', 78.5, null],
    ]);
    expect(simple(parseImport(text, { ...opts, timeZone: 'Asia/Tokyo' })).map((r) => r[0])).toEqual([
      '2019-05-01',
      '2019-05-02',
      '2025-06-02',
    ]);
  });

  it('Apple Health: control characters that XML forbids (iOS 16 writes them in source names) do not spoil the export', async () => {
    const noisy =
      ' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch\u000b" unit="count/min" startDate="2024-01-01 07:00:00 +0000" value="60"/>\n';
    writeFileSync(
      path('ios16.xml'),
      '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_GB">\n' +
        noisy.repeat(300) +
        ' <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale\u000b" unit="kg" startDate="2024-01-02 07:00:00 +0000" value="80.5"/>\n' +
        '</HealthData>\n',
    );
    const p = await parseFile(path('ios16.xml'), opts);
    expect(simple(p)).toEqual([['2024-01-02', 80.5, null]]);
  });

  it('TrendWeight downloaded in a browser whose language writes other digits (Bengali, Marathi)', () => {
    const computed = 'Date,Actual Weight,Weight Is Interpolated,Trend Weight,Actual Fat %,Fat Is Interpolated,Trend Fat %\n';
    expect(simple(parseImport(`${computed}2024-01-16,৮৯.৪,No,৮৯.৬,,No,\n`, opts))).toEqual([['2024-01-16', 89.4, null]]);
    expect(simple(parseImport(`${computed}2024-01-16,८९.४,No,८९.६,,No,\n`, opts))).toEqual([['2024-01-16', 89.4, null]]);
    expect(simple(parseImport('Date,Time,Weight,Body Fat %\n2024-01-16,07:45:00,၈၉.၄,\n', opts))).toEqual([['2024-01-16', 89.4, null]]);
  });

  it('Lose It!: a day written `n/a` is left out, not an error', () => {
    const p = parseImport('Date,Weight,Last Updated,Deleted\n01/02/2024,180.2,01/02/2024,false\n01/03/2024,n/a,01/03/2024,false\n', {
      ...opts,
      unit: 'lb',
    });
    expect(simple(p)).toEqual([['2024-01-02', lb(180.2), null]]);
    expect(p.rejected).toEqual([]);
    expect(p.ignored).toEqual([{ reason: 'days without a weight', count: 1 }]);
  });

  it('scale apps that put the whole stamp under `Time`: Zepp Life (instants, `null` for what was not measured) and Eufy', () => {
    const zepp =
      '\ufefftime,weight,height,bmi,fatRate,bodyWaterRate,boneMass,metabolism,muscleRate,visceralFat\n' +
      '2021-02-05 00:30:20+0000,72.4,178,22.9,null,null,null,null,null,null\n' +
      '2021-02-06 06:10:00+0000,72.1,178,22.8,18.2,55.0,3.1,1600,50.2,6\n';
    const z = parseImport(zepp, berlin);
    expect(z).toMatchObject({ format: { id: 'generic' }, rejected: [] });
    expect(simple(z)).toEqual([
      ['2021-02-05', 72.4, null],
      ['2021-02-06', 72.1, null],
    ]);
    const eufy =
      'Time,Family Members,WEIGHT (kg),BMI,BODY FAT %\n' +
      '2024-03-01 07:10:00,Anna,61.2,21.0,24.0\n2024-03-01 07:15:00,Ben,84.0,25.1,19.0\n' +
      '2024-03-02 07:05:00,Anna,61.0,20.9,23.9\n';
    const e = parseImport(eufy, opts);
    expect(e).toMatchObject({ unitStated: true, rejected: [] });
    // one account holds one person's weights: the file's most frequent member's, the others counted as left out
    expect(simple(e)).toEqual([
      ['2024-03-01', 61.2, null],
      ['2024-03-02', 61, null],
    ]);
    expect(e.ignored).toEqual([{ reason: 'readings of family members other than Anna (Ben)', count: 1 }]);
  });

  it('a `Time` column of times of day is still no date column', () => {
    expect(() => parseImport('Time,Weight\n07:10,80.5\n', opts)).toThrow(ImportFormatError);
  });

  it('Health Auto Export (iOS): `Weight & Body Mass (kg)` beside `Date/Time`, a space after the header’s name', () => {
    const p = parseImport('Date/Time,Weight & Body Mass (lb) ,Source\n2024-01-15 07:30:00,180.4,Health\n', opts);
    expect(p).toMatchObject({ unitStated: true, fileUnits: ['lb'] });
    expect(simple(p)).toEqual([['2024-01-15', lb(180.4), null]]);
  });
  it('Health Auto Export (iOS), every metric in one file: `Weight/Body Mass (lb) ` among them, rows ending in a comma', () => {
    const text =
      'Date,Body Fat Percentage (%),Lean Body Mass (lb),Step Count (steps),Weight/Body Mass (lb) \n' +
      '2015-09-26 00:00:00,,,4584,164,\n' +
      '2015-09-27 00:00:00,21.5,,3120,,\n' +
      '2015-09-28 00:00:00,,,8800,163.2,\n';
    const p = parseImport(text, opts);
    expect(p).toMatchObject({ unitStated: true, fileUnits: ['lb'] });
    expect(simple(p)).toEqual([
      ['2015-09-26', lb(164), null],
      ['2015-09-28', lb(163.2), null],
    ]);
    // a day with other measures but no weight is left out, not rejected
    expect(p.rejected).toEqual([]);
    expect(p.ignored).toEqual([{ reason: 'days without a weight', count: 1 }]);
  });
});

describe('any input', () => {
  const HEADERS = [
    'date,weight,notes',
    'date,weight_kg,weight_lb,notes',
    '#date;weight;weight trend;body fat;body fat trend;log',
    '"biceps","bone","comment","dateTime","fat","weight"',
    'DATE,TIME,COMMENT,WEIGHT',
    'Date,Actual Weight,Weight Is Interpolated,Trend Weight,Actual Fat %,Fat Is Interpolated,Trend Fat %',
    'Date,Weight,Rung,Flag,Comment',
    'Time,Weight,Change,BMI,Body Fat',
    'Start,Finish,Weight (lb)',
    'com.samsung.health.weight,1,1\nstart_time,weight,comment',
    'Date,Weight,Last Updated,Deleted',
    '"Date","Pounds"',
    'Date,Weight Recorded,Moving Average',
  ];
  const cell = fc.oneof(
    fc.constantFrom(
      '',
      '80',
      '80,5',
      '=1+1',
      '2024-01-31',
      '31/01/2024',
      '2024-01-31T23:30:00Z',
      '1709331120000',
      'Yes',
      'No',
      '--',
      ' Feb 3, 2024',
      '7:12 PM',
      '"',
      '\\x{20ac}',
      '9'.repeat(400),
    ),
    fc.string({ maxLength: 12 }),
  );
  const row = fc.tuple(fc.array(cell, { maxLength: 8 }), fc.constantFrom(',', ';')).map(([cells, delimiter]) => cells.join(delimiter));
  it('either reads the rows (each one valid) or refuses the file with a message: it never throws anything else', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HEADERS),
        fc.array(row, { maxLength: 12 }),
        fc.constantFrom('Europe/Berlin', 'UTC', 'Pacific/Kiritimati'),
        (header, rows, timeZone) => {
          let p;
          try {
            p = parseImport([header, ...rows].join('\n'), { ...opts, timeZone });
          } catch (e) {
            expect(e).toBeInstanceOf(ImportFormatError);
            return;
          }
          for (const r of p.rows) {
            expect(r.date >= '1900-01-01' && r.date <= '2026-11-22').toBe(true);
            expect(r.weightKg > 0 && r.weightKg < 1000).toBe(true);
            expect(r.notes === null || [...r.notes].length <= 255).toBe(true);
          }
          expect(new Set(p.rows.map((r) => r.date)).size).toBe(p.rows.length);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('random bytes and JSON never throw anything but a refusal', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        try {
          parseImport(text, opts);
        } catch (e) {
          expect(e).toBeInstanceOf(ImportFormatError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
