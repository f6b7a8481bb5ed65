import { describe, expect, it } from 'vitest';
import type { ParsedImport } from './parse.js';
import { addConflicts, CHUNK_ROWS, LISTED_CONFLICTS, SAMPLE_ROWS, summarize, type ChunkRow } from './summary.js';

function parsed(n: number): ParsedImport {
  // written newest first, as several trackers export
  const rows = Array.from({ length: n }, (_, i) => {
    const date = new Date(Date.UTC(2020, 0, 1) + (n - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { line: i + 2, date, weightKg: 80 + i / 100, notes: i % 2 ? null : `n${i}` };
  });
  return {
    format: { id: 'generic', label: 'Generic CSV (date, weight, notes)' },
    dateFormat: { value: 'yyyy-MM-dd', ambiguous: false, candidates: ['yyyy-MM-dd'] },
    unit: 'kg',
    unitStated: true,
    fileUnits: ['kg'],
    timeZone: null,
    rows,
    rejected: Array.from({ length: 150 }, (_, i) => ({ line: 10_000 + i, reason: 'Weight is missing' })),
    rejectedTotal: 150,
    duplicatesInFile: 3,
    ignored: [
      { reason: 'days without a weight', count: 4 },
      { reason: 'rows deleted in Lose It!', count: 2 },
    ],
    warnings: [],
  };
}

describe('summarize', () => {
  it('counts everything, lists the first rows by date, and chunks every row for the commit', () => {
    const { summary, rowChunks } = summarize(parsed(1234));
    expect(summary.counts).toEqual({ rows: 1234, rejected: 150, duplicatesInFile: 3, conflicts: 0, ignored: 6 });
    expect(summary.range).toEqual({ first: '2020-01-01', last: '2023-05-18' });
    expect(summary.rows).toHaveLength(SAMPLE_ROWS);
    expect(summary.rows[0]!.date).toBe('2020-01-01');
    expect(summary.rejected).toHaveLength(100);
    expect(rowChunks).toHaveLength(Math.ceil(1234 / CHUNK_ROWS));
    const all = rowChunks.flatMap((c) => JSON.parse(c) as { date: string; weightKg: number; notes: string | null }[]);
    expect(all).toHaveLength(1234);
    expect(all[0]).toEqual({ date: '2020-01-01', weightKg: 80 + 1233 / 100, notes: null });
    expect(all.map((r) => r.date)).toEqual([...all.map((r) => r.date)].sort());
  });

  it('lists the days that already have an entry, the first hundred, and counts them all', () => {
    const p = parsed(1300);
    // the person has an entry on every other day of the file
    const existing = new Map(p.rows.filter((_, i) => i % 2 === 1).map((r) => [r.date, { weightKg: 70, notes: 'mine' }]));
    const { summary, rowChunks } = summarize(p);
    expect(summary.counts.conflicts).toBe(0);
    for (const chunk of rowChunks) addConflicts(summary, JSON.parse(chunk) as ChunkRow[], existing);
    expect(summary.counts.conflicts).toBe(650);
    expect(summary.conflicts).toHaveLength(LISTED_CONFLICTS);
    expect(summary.conflicts[0]).toEqual({
      date: '2020-01-01',
      existing: { weightKg: 70, notes: 'mine' },
      incoming: { weightKg: 92.99, notes: null },
    });
    const dates = summary.conflicts.map((c) => c.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('an empty file has no range and no chunks', () => {
    const { summary, rowChunks } = summarize({ ...parsed(0), rejected: [], rejectedTotal: 0 });
    expect(summary.range).toBeNull();
    expect(rowChunks).toEqual([]);
  });
});
