import { describe, expect, it } from 'vitest';
import { downsampleEntries } from './downsample';

const day = (i: number) => `2020-01-${String(i + 1).padStart(2, '0')}`;

describe('downsampleEntries', () => {
  it('returns short series untouched', () => {
    const entries = [{ date: day(0), weightKg: 70 }];
    expect(downsampleEntries(entries, 4)).toBe(entries);
  });

  it('keeps each bucket’s first, lowest, highest and last entry in date order', () => {
    const weights = [72, 70, 75, 73, 71, 74, 69, 76];
    const entries = weights.map((weightKg, i) => ({ date: day(i), weightKg }));
    // 8 entries, at most 4 points → 1 bucket of 8: first (72), min (69), max (76, also last).
    expect(downsampleEntries(entries, 4).map((e) => e.weightKg)).toEqual([72, 69, 76]);
    // 9 entries, at most 8 points → 2 buckets of 5: [72 70 75 73 71] keeps 72 70 75 71, [74 69 76 70] keeps all four.
    expect(downsampleEntries(entries.concat({ date: day(8), weightKg: 70 }), 8).map((e) => e.weightKg)).toEqual([
      72, 70, 75, 71, 74, 69, 76, 70,
    ]);
  });

  it('reduces 3,650 entries to at most the limit and keeps the extremes', () => {
    const entries = Array.from({ length: 3650 }, (_, i) => ({ date: String(i), weightKg: i === 1234 ? 50 : i === 2345 ? 99 : 70 }));
    const kept = downsampleEntries(entries, 400);
    expect(kept.length).toBeLessThanOrEqual(400);
    expect(kept.map((e) => e.weightKg)).toEqual(expect.arrayContaining([50, 99]));
    expect(kept[0]).toBe(entries[0]);
    expect(kept[kept.length - 1]).toBe(entries[3649]);
  });
});
