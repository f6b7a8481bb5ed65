import type { WeightEntry } from '@app/kit';

/** More points than this are reduced before they reach the chart (a line this dense is wider than the canvas). */
export const MAX_CHART_POINTS = 400;

/**
 * Reduces entries sorted by date to at most `maxPoints`, keeping per bucket its first, lowest, highest
 * and last entry (in date order), so peaks, dips and the line's ends survive. Entries stay real
 * entries, so a click on any drawn point still opens that day. Fewer entries are returned as they are.
 */
export function downsampleEntries<T extends WeightEntry>(entries: readonly T[], maxPoints = MAX_CHART_POINTS): readonly T[] {
  if (entries.length <= maxPoints || maxPoints < 4) return entries;
  const buckets = Math.floor(maxPoints / 4);
  const size = Math.ceil(entries.length / buckets);
  const kept: T[] = [];
  for (let start = 0; start < entries.length; start += size) {
    const bucket = entries.slice(start, start + size);
    let min = 0;
    let max = 0;
    bucket.forEach((entry, i) => {
      if (entry.weightKg < bucket[min].weightKg) min = i;
      if (entry.weightKg > bucket[max].weightKg) max = i;
    });
    const indexes = [...new Set([0, min, max, bucket.length - 1])].sort((a, b) => a - b);
    for (const i of indexes) kept.push(bucket[i]);
  }
  return kept;
}
