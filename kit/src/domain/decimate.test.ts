import { describe, expect, it } from 'vitest';
import { lttbIndices } from './decimate';

const line = (ys: number[]) => ys.map((y, x) => ({ x, y }));

describe('lttbIndices', () => {
  it('keeps every point when there are no more than the threshold', () => {
    expect(lttbIndices(line([1, 2, 3]), 3)).toEqual([0, 1, 2]);
    expect(lttbIndices(line([1, 2, 3]), 10)).toEqual([0, 1, 2]);
    expect(lttbIndices([], 5)).toEqual([]);
  });

  it('returns the threshold number of points, first and last included, in order', () => {
    const ys = Array.from({ length: 730 }, (_, i) => 80 + Math.sin(i / 20) * 3 + ((i * 7919) % 13) / 10);
    const picked = lttbIndices(line(ys), 120);
    expect(picked).toHaveLength(120);
    expect(picked[0]).toBe(0);
    expect(picked[119]).toBe(729);
    expect([...picked].sort((a, b) => a - b)).toEqual(picked);
    expect(new Set(picked).size).toBe(120);
  });

  it('keeps a spike that an every-nth pick would miss', () => {
    const ys = Array.from({ length: 300 }, () => 80);
    ys[137] = 95;
    ys[211] = 70;
    const picked = lttbIndices(line(ys), 30);
    expect(picked).toContain(137);
    expect(picked).toContain(211);
  });

  it('with a threshold below 3 keeps the two ends', () => {
    expect(lttbIndices(line([1, 5, 2, 8]), 2)).toEqual([0, 3]);
  });
});
