// Statistics for the bench's figures: import-free, so its tests run without a stack.

export const median = (xs: number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The median of the values a sample has: a load that never reached a milestone does not count as 0. */
export const medianOfPresent = (xs: Array<number | undefined>): number =>
  median(xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)));

export const percentile = (xs: number[], p: number): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

/** A small seeded generator: the same samples give the same interval every time the report is written. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How sure a ratio of medians is: the central `level` interval of median(a) / median(b) over `resamples` resamplings
 * of the runs. Runs are resampled in pairs (a[i] with b[i]): the two builds were measured one after the other, so a
 * moment the machine was slow weighs on both sides of the ratio, as it did in the run itself. Undefined with fewer
 * than 5 pairs, where such an interval means little.
 */
export function ratioInterval(
  a: number[],
  b: number[],
  { resamples = 4000, level = 0.95, seed = 20 }: { resamples?: number; level?: number; seed?: number } = {},
): [number, number] | undefined {
  const n = Math.min(a.length, b.length);
  if (n < 5) return undefined;
  const random = seeded(seed);
  const ratios: number[] = [];
  const xa = new Array<number>(n);
  const xb = new Array<number>(n);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < n; i++) {
      const k = Math.floor(random() * n);
      xa[i] = a[k]!;
      xb[i] = b[k]!;
    }
    ratios.push(median(xa) / median(xb));
  }
  const tail = ((1 - level) / 2) * 100;
  return [percentile(ratios, tail), percentile(ratios, 100 - tail)];
}
