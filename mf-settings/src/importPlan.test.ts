import { describe, expect, it } from 'vitest';
import type { ImportPreview } from './dataApi';
import {
  defaultImportUnit,
  entriesToWrite,
  ignoredText,
  readingText,
  resultText,
  sizeRefusal,
  unitsText,
  uploadingText,
} from './importPlan';

const withCounts = (rows: number, conflicts: number) =>
  ({ counts: { rows, rejected: 0, duplicatesInFile: 0, conflicts, ignored: 0 } }) as ImportPreview;
const MiB = 1024 * 1024;

describe('import plan', () => {
  it('writes every row on replace, all but the kept days otherwise', () => {
    expect(entriesToWrite(withCounts(25, 3), 'replace')).toBe(25);
    expect(entriesToWrite(withCounts(25, 3), 'keep')).toBe(22);
    expect(entriesToWrite(withCounts(3, 3), 'keep')).toBe(0);
  });
  it('says how far the server has read, with the sizes for a large file', () => {
    expect(readingText(undefined)).toBe('Reading the file...');
    expect(readingText({ bytesRead: 0, bytesTotal: 0 })).toBe('Reading the file...');
    expect(readingText({ bytesRead: 1, bytesTotal: 3 })).toBe('Reading the file... 33%');
    expect(readingText({ bytesRead: 9, bytesTotal: 3 })).toBe('Reading the file... 100%');
    expect(readingText({ bytesRead: 150 * MiB, bytesTotal: 200 * MiB })).toBe('Reading the file... 75% (150 MB of 200 MB)');
    expect(readingText({ bytesRead: 3 * MiB, bytesTotal: 6.5 * MiB })).toBe('Reading the file... 46% (3 MB of 6.5 MB)');
    expect(uploadingText({ size: 1000 })).toBe('Uploading the file...');
    expect(uploadingText({ size: 320 * MiB })).toBe('Uploading the file (320 MB)...');
  });
  it('says what was done', () => {
    expect(resultText({ imported: 1, replaced: 0, skipped: 0 })).toBe('Imported 1 entry.');
    expect(resultText({ imported: 4000, replaced: 12, skipped: 3 })).toBe('Imported 4,000 entries, replaced 12, skipped 3.');
  });
  it("the unit of weights a file does not state is the person's", () => {
    expect(defaultImportUnit('METRIC')).toBe('kg');
    expect(defaultImportUnit('IMPERIAL')).toBe('lb');
  });
  it('archives and export.xml may be 500 MiB, other files 5 MiB', () => {
    expect(sizeRefusal({ name: 'weights.csv', type: 'text/csv', size: 5 * MiB })).toBeNull();
    expect(sizeRefusal({ name: 'weights.csv', type: 'text/csv', size: 5 * MiB + 1 })).toBe('The file is larger than 5 MiB');
    expect(sizeRefusal({ name: 'export.zip', type: '', size: 500 * MiB })).toBeNull();
    expect(sizeRefusal({ name: 'export.xml', type: 'text/xml', size: 300 * MiB })).toBeNull();
    expect(sizeRefusal({ name: 'download', type: 'application/zip', size: 300 * MiB })).toBeNull();
    expect(sizeRefusal({ name: 'export.ZIP', type: '', size: 500 * MiB + 1 })).toBe('The archive is larger than 500 MiB');
    // a workbook is a zip, whether the browser names its type or not
    expect(sizeRefusal({ name: 'Weights.xlsx', type: '', size: 20 * MiB })).toBeNull();
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(sizeRefusal({ name: 'MacroFactor export', type: xlsx, size: 20 * MiB })).toBeNull();
    expect(sizeRefusal({ name: 'weights.ods', type: 'application/vnd.oasis.opendocument.spreadsheet', size: 20 * MiB })).toBeNull();
    // Health Connect's database, unzipped
    expect(sizeRefusal({ name: 'health_connect_export.db', type: '', size: 80 * MiB })).toBeNull();
  });
  it('names the stated units and what was left out', () => {
    expect(unitsText(['kg'])).toBe('kg');
    expect(unitsText(['kg', 'lb'])).toBe('kg and lb');
    expect(unitsText(['kg', 'lb', 'st'])).toBe('kg, lb and stone');
    expect(ignoredText([])).toBeNull();
    expect(ignoredText([{ reason: 'days without a weight', count: 0 }])).toBeNull();
    expect(ignoredText([{ reason: 'days without a weight', count: 1234 }])).toBe('Left out on purpose: days without a weight (1,234).');
  });
});
