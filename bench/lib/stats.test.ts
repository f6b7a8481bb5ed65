import { describe, expect, it } from 'vitest';
import { median, medianOfPresent, percentile, ratioInterval } from './stats';

describe('median and percentile', () => {
  it('take the middle of odd and even samples, unsorted', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('percentile is nearest-rank', () => {
    const xs = [5, 1, 4, 2, 3];
    expect(percentile(xs, 0)).toBe(1);
    expect(percentile(xs, 50)).toBe(3);
    expect(percentile(xs, 100)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });

  it('medianOfPresent leaves out the loads that never reached a milestone, instead of counting them as 0', () => {
    expect(medianOfPresent([40, undefined, 60, 50, Number.NaN])).toBe(50);
    expect(medianOfPresent([undefined, undefined])).toBeNaN();
  });
});

describe('ratioInterval', () => {
  const base = [100, 104, 98, 130, 101, 99, 160, 102, 97, 103, 100, 120, 99, 101, 105];

  it('holds the ratio of medians and is ordered', () => {
    const slower = base.map((x) => x * 1.1);
    const [lo, hi] = ratioInterval(slower, base)!;
    expect(lo).toBeLessThanOrEqual(median(slower) / median(base));
    expect(hi).toBeGreaterThanOrEqual(median(slower) / median(base));
    expect(lo).toBeLessThanOrEqual(hi);
  });

  it('is a single point when one build is a fixed multiple of the other in every run (paired)', () => {
    const [lo, hi] = ratioInterval(
      base.map((x) => x * 1.25),
      base,
    )!;
    expect(lo).toBeCloseTo(1.25, 10);
    expect(hi).toBeCloseTo(1.25, 10);
  });

  it('widens with noise and narrows with more runs', () => {
    const noisy = (n: number, seed: number) => {
      let s = seed;
      return Array.from({ length: n }, () => {
        s = (s * 16807) % 2147483647;
        return 100 + (s % 40);
      });
    };
    const width = (n: number) => {
      const [lo, hi] = ratioInterval(noisy(n, 7), noisy(n, 11))!;
      return hi - lo;
    };
    expect(width(200)).toBeLessThan(width(10));
    expect(width(10)).toBeGreaterThan(0);
  });

  it('gives the same interval for the same samples', () => {
    const a = base.map((x, i) => x + (i % 3));
    expect(ratioInterval(a, base)).toEqual(ratioInterval(a, base));
  });

  it('gives none for fewer than 5 runs', () => {
    expect(ratioInterval([1, 2, 3, 4], [1, 2, 3, 4])).toBeUndefined();
  });
});
