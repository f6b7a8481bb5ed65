import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { decodeText, parseCsv, sniffDelimiter } from './csv.js';
import { detectDateFormat, parseDateCell } from './dates.js';
import { lbToKg } from '@app/contract';
import { parseImport, type ParseOptions } from './parse.js';

const fixture = (name: string) => decodeText(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const opts: ParseOptions = { tomorrow: '2026-11-22' };
const simple = (p: ReturnType<typeof parseImport>) => p.rows.map((r) => [r.date, r.weightKg, r.notes]);

describe('csv reader (RFC 4180)', () => {
  it('quoted delimiters, doubled quotes, line breaks in quotes, CRLF, LF and CR, blank lines', () => {
    const text = 'a,b\r\n"x,1","say ""hi"""\n"two\r\nlines",z\r\rlast,1';
    expect(parseCsv(text, ',')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x,1', 'say "hi"'] },
      { line: 3, fields: ['two\r\nlines', 'z'] },
      { line: 6, fields: ['last', '1'] },
    ]);
  });
  it('sniffs ; when it outnumbers , outside quotes, skipping #key:value lines', () => {
    expect(sniffDelimiter('#Version:6\n#date;weight;log\n2024-01-01;80,5;"a,b,c"')).toBe(';');
    expect(sniffDelimiter('date,weight,notes\n2024-01-01,80,"a;b;c;d"')).toBe(',');
  });
  it('drops a UTF-8 BOM; reads non-UTF-8 bytes as Windows-1252', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('a');
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
});

describe('dates', () => {
  it('ISO dates and timestamps keep the date as written (never shifted through UTC)', () => {
    expect(parseDateCell('2024-03-02T23:30:00.000-0800', 'yyyy-MM-dd')).toEqual({ ok: true, date: '2024-03-02' });
    expect(parseDateCell('2024-03-01T00:30:00+14:00', 'dd/MM/yyyy')).toEqual({ ok: true, date: '2024-03-01' });
    expect(parseDateCell('2024-4-1 07:30', 'yyyy-MM-dd')).toEqual({ ok: true, date: '2024-04-01' });
  });
  it('slashed dates follow the chosen order; impossible dates are named', () => {
    expect(parseDateCell('03/04/2024', 'dd/MM/yyyy')).toEqual({ ok: true, date: '2024-04-03' });
    expect(parseDateCell('03/04/2024', 'MM/dd/yyyy')).toEqual({ ok: true, date: '2024-03-04' });
    expect(parseDateCell('31/02/2024', 'dd/MM/yyyy')).toEqual({ ok: false, reason: 'Date "31/02/2024" is not a real date' });
    expect(parseDateCell('yesterday', 'dd/MM/yyyy')).toEqual({ ok: false, reason: 'Date "yesterday" is not a date' });
    expect(parseDateCell('', 'dd/MM/yyyy')).toEqual({ ok: false, reason: 'Date is missing' });
  });
  it('detects the order from days over 12, else ambiguous', () => {
    expect(detectDateFormat(['2024-01-01'])).toMatchObject({ value: 'yyyy-MM-dd', ambiguous: false });
    expect(detectDateFormat(['01/02/2024', '31/01/2024'])).toMatchObject({ value: 'dd/MM/yyyy', ambiguous: false });
    expect(detectDateFormat(['01/02/2024', '01/31/2024'])).toMatchObject({ value: 'MM/dd/yyyy', ambiguous: false });
    expect(detectDateFormat(['01/02/2024', '03/04/2024'])).toEqual({
      value: null,
      ambiguous: true,
      candidates: ['dd/MM/yyyy', 'MM/dd/yyyy'],
    });
  });
});

describe('formats', () => {
  it('generic kg: notes with commas, quotes and line breaks; bad date, formula, duplicate, negative', () => {
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

  it('generic lb with a BOM, CRLF and day-first dates', () => {
    const p = parseImport(fixture('generic-lb-bom-crlf.csv'), opts);
    expect(p.format.id).toBe('generic');
    expect(p.unit).toBe('lb');
    expect(p.unitStated).toBe(true);
    expect(p.dateFormat).toMatchObject({ value: 'dd/MM/yyyy', ambiguous: false });
    expect(simple(p)).toEqual([
      ['2024-01-31', lbToKg(176.4), 'Morning, fasted'],
      ['2024-02-01', lbToKg(175), null],
    ]);
    expect(p.rejected).toEqual([
      { line: 4, reason: 'Date "31/02/2024" is not a real date' },
      { line: 5, reason: 'Weight must be between 0 and 1000 kg' },
    ]);
  });

  it('generic with ; and decimal commas, month-first dates', () => {
    const p = parseImport(fixture('generic-semicolon.csv'), opts);
    expect(p.dateFormat.value).toBe('MM/dd/yyyy');
    expect(simple(p)).toEqual([
      ['2024-01-13', 80.5, 'Semicolons; in quotes are "fine"'],
      ['2024-01-14', 80.2, 'a,b'],
    ]);
  });

  it('generic weight column in the unit the request names', () => {
    const p = parseImport('date,weight\n2024-01-01,200\n', { ...opts, unit: 'lb' });
    expect(p.unit).toBe('lb');
    expect(p.unitStated).toBe(false);
    expect(p.rows[0]!.weightKg).toBe(200 / 2.20462);
  });

  it('ambiguous day/month order: candidates; an explicit choice is followed', () => {
    const p = parseImport(fixture('ambiguous.csv'), opts);
    expect(p.dateFormat).toEqual({ value: null, ambiguous: true, candidates: ['dd/MM/yyyy', 'MM/dd/yyyy'] });
    const us = parseImport(fixture('ambiguous.csv'), { ...opts, dateFormat: 'MM/dd/yyyy' });
    expect(us.dateFormat).toMatchObject({ value: 'MM/dd/yyyy', ambiguous: true });
    expect(us.rows.map((r) => r.date)).toEqual(['2024-01-02', '2024-03-04', '2024-05-06']);
  });

  it('Libra: comment lines, ; separated, ISO timestamps as local dates, first reading of a day wins', () => {
    const p = parseImport(fixture('libra.csv'), opts);
    expect(p.format).toEqual({ id: 'libra', label: 'Libra' });
    expect(simple(p)).toEqual([
      ['2024-03-01', 82.4, null],
      ['2024-03-02', 82, 'late; after "pizza"'],
      ['2024-03-03', 81.8, null],
    ]);
    expect(p.duplicatesInFile).toBe(1);
    expect(parseImport(fixture('libra.csv').replace('#Units:kg', '#Units:lb'), opts).unit).toBe('lb');
  });

  it('openScale: quoted header, yyyy-MM-dd HH:mm, kg, comment column', () => {
    const p = parseImport(fixture('openscale.csv'), opts);
    expect(p.format.id).toBe('openscale');
    expect(simple(p)).toEqual([
      ['2024-04-01', 75.2, null],
      ['2024-04-02', 75, 'after run, tired'],
      ['2024-04-03', 74.9, null],
    ]);
  });

  it('TrendWeight: the Weight column, never the trend; days without a weight are rejected', () => {
    const p = parseImport(fixture('trendweight.csv'), opts);
    expect(p.format.id).toBe('trendweight');
    expect(simple(p)).toEqual([
      ['2024-05-01', 90.5, null],
      ['2024-05-02', 89.6, null],
    ]);
    expect(p.rejected).toEqual([{ line: 4, reason: 'Weight is missing' }]);
  });

  it("Hacker's Diet Online: the unit of the Epoch/Unit preamble, lb by default", () => {
    const p = parseImport(fixture('hackersdiet.csv'), opts);
    expect(p.format.id).toBe('hackersdiet');
    expect(p.unit).toBe('lb');
    expect(simple(p)).toEqual([
      ['2024-06-01', lbToKg(200), 'Start'],
      ['2024-06-02', lbToKg(199), 'Walked, 5 km'],
    ]);
    expect(parseImport(fixture('hackersdiet.csv').replace(',lb', ',kg'), opts).rows[0]!.weightKg).toBe(200);
    expect(parseImport(fixture('hackersdiet-default.csv'), opts).unit).toBe('lb');
  });

  it('our own export: weight_kg wins over weight_lb; neutralised notes come back as written', () => {
    const p = parseImport("date,weight_kg,weight_lb,notes\r\n2024-01-01,80.123456789,176.64,'=SUM(A1)\r\n", opts);
    expect(simple(p)).toEqual([['2024-01-01', 80.123456789, '=SUM(A1)']]);
  });

  it('dates out of range and unknown files', () => {
    const p = parseImport('date,weight\n1899-12-31,80\n2026-11-23,80\n2026-11-22,80\n', opts);
    expect(p.rejected.map((r) => r.reason)).toEqual(['Date "1899-12-31" is before 1900-01-01', 'Date "2026-11-23" is in the future']);
    expect(p.rows).toHaveLength(1);
    expect(() => parseImport('when,kilos\n2024-01-01,80\n', opts)).toThrow(/not recognised/);
    expect(() => parseImport('', opts)).toThrow(/not recognised/);
  });
});
