import { describe, expect, it } from 'vitest';
import type { ImportPreview } from './dataApi';
import { entriesToWrite, readingText, resultText } from './importPlan';

const withCounts = (rows: number, conflicts: number) =>
  ({ counts: { rows, rejected: 0, duplicatesInFile: 0, conflicts } }) as ImportPreview;

describe('import plan', () => {
  it('writes every row on replace, all but the kept days otherwise', () => {
    expect(entriesToWrite(withCounts(25, 3), 'replace')).toBe(25);
    expect(entriesToWrite(withCounts(25, 3), 'keep')).toBe(22);
    expect(entriesToWrite(withCounts(3, 3), 'keep')).toBe(0);
  });
  it('says how far the server has read', () => {
    expect(readingText(undefined)).toBe('Reading the file...');
    expect(readingText({ bytesRead: 0, bytesTotal: 0 })).toBe('Reading the file...');
    expect(readingText({ bytesRead: 1, bytesTotal: 3 })).toBe('Reading the file... 33%');
    expect(readingText({ bytesRead: 9, bytesTotal: 3 })).toBe('Reading the file... 100%');
  });
  it('says what was done', () => {
    expect(resultText({ imported: 1, replaced: 0, skipped: 0 })).toBe('Imported 1 entry.');
    expect(resultText({ imported: 4000, replaced: 12, skipped: 3 })).toBe('Imported 4,000 entries, replaced 12, skipped 3.');
  });
});
