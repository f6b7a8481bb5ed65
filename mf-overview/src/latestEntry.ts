import type { ApiWeightEntry } from '@app/kit';

/** Entries as one query last delivered them, and when (RTK Query's fulfilledTimeStamp). */
export interface Delivery {
  entries: readonly ApiWeightEntry[];
  at: number | undefined;
}

/**
 * The latest entry overall, from whichever source knows it best. After a save, the overview's queries
 * (period, last 90 days, latest) refetch independently; taking the latest date, and on the same date the
 * source delivered most recently, keeps goal progress and the graph's current weight in step with the
 * cards instead of showing the old value until the last response lands.
 */
export function freshestLatest(sources: readonly Delivery[]): ApiWeightEntry | null {
  let best: { entry: ApiWeightEntry; at: number } | null = null;
  for (const { entries, at } of sources) {
    for (const entry of entries) {
      const when = at ?? 0;
      if (!best || entry.date > best.entry.date || (entry.date === best.entry.date && when > best.at)) best = { entry, at: when };
    }
  }
  return best?.entry ?? null;
}
