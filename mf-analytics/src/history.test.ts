import { describe, expect, it } from 'vitest';
import { entryCountText, newestFirst, pageCount, pageOf } from './history';

describe('history helpers', () => {
  it('sorts newest first without touching the input', () => {
    const input = [
      { date: '2025-01-02', weightKg: 1 },
      { date: '2025-03-01', weightKg: 2 },
      { date: '2024-12-31', weightKg: 3 },
    ];
    expect(newestFirst(input).map((e) => e.date)).toEqual(['2025-03-01', '2025-01-02', '2024-12-31']);
    expect(input[0].date).toBe('2025-01-02');
  });

  it('pages rows and clamps the page', () => {
    const rows = Array.from({ length: 3652 }, (_, i) => i);
    expect(pageCount(rows.length)).toBe(74);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(rows, 1)).toHaveLength(50);
    expect(pageOf(rows, 74)).toEqual([3650, 3651]);
    expect(pageOf(rows, 99)).toEqual([3650, 3651]);
    expect(pageOf(rows, 0)[0]).toBe(0);
  });

  it('counts entries in words', () => {
    expect(entryCountText(0)).toBe('0 entries');
    expect(entryCountText(1)).toBe('1 entry');
    expect(entryCountText(42)).toBe('42 entries');
  });
});
