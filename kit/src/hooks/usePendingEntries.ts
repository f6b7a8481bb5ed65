import { useMemo } from 'react';
import type { WeightEntry } from '../domain/averages';
import { graphEntries, mergePendingEntries, type ShownEntry } from '../domain/pendingEntries';
import type { DateRange } from '../domain/periods';
import { selectPendingEntries } from '../state/pendingEntriesSlice';
import { useAppSelector } from '../state/store';

/** The history's rows: the saved entries of `range` with the weights logged offline laid over them. */
export function useHistoryEntries<T extends WeightEntry>(saved: readonly T[], range: DateRange | null): readonly (T | ShownEntry)[] {
  const pending = useAppSelector(selectPendingEntries);
  const start = range?.start;
  const end = range?.end;
  return useMemo(() => mergePendingEntries(saved, pending, start && end ? { start, end } : null), [saved, pending, start, end]);
}

/** The graph's weights: the saved entries of `range` with the weights waiting to be sent laid over them. */
export function useGraphEntries<T extends WeightEntry>(saved: readonly T[], range: DateRange | null): readonly (T | ShownEntry)[] {
  const pending = useAppSelector(selectPendingEntries);
  const start = range?.start;
  const end = range?.end;
  return useMemo(() => graphEntries(saved, pending, start && end ? { start, end } : null), [saved, pending, start, end]);
}
