import { useEffect, useMemo } from 'react';
import {
  overviewSummary,
  showToast,
  useAppDispatch,
  useGetGoalQuery,
  useGetLatestWeightQuery,
  useGetWeightsQuery,
  usePeriodRange,
  type PeriodKey,
} from '@app/kit';

export const FETCH_ERROR_TOAST = 'Failed to fetch data';

/**
 * Everything the overview shows for a period: the period's entries, the goal and the latest weight
 * overall. 404s arrive as null (no goal, no entries) and are calm empty states; only real failures toast.
 */
export function useOverviewData(period: PeriodKey) {
  const dispatch = useAppDispatch();
  const { range, requestRange, today, loading: rangeLoading } = usePeriodRange(period);

  const weights = useGetWeightsQuery(
    requestRange ? { startDate: requestRange.start, endDate: requestRange.end } : undefined,
    { skip: !requestRange },
  );
  const goal = useGetGoalQuery();
  // The latest entry overall: goal progress and the graph's "current weight" stay meaningful on the
  // first day of a new period, before anything is logged in it (design.md §6 keeps the cards period-bound).
  const latest = useGetLatestWeightQuery();

  const failed = weights.isError || goal.isError || latest.isError;
  useEffect(() => {
    if (failed) dispatch(showToast(FETCH_ERROR_TOAST, 'error'));
  }, [failed, dispatch]);

  const entries = requestRange ? weights.data : undefined;
  const goalData = goal.data ?? null;
  const latestEntry = latest.data ?? null;

  const summary = useMemo(
    () => overviewSummary({ entries: entries ?? [], goal: goalData, range, today, latestKg: latestEntry?.weightKg ?? null }),
    [entries, goalData, range, today, latestEntry],
  );

  const loading = rangeLoading || goal.isLoading || latest.isLoading || (!!requestRange && weights.isLoading);

  return {
    loading,
    /** A new period's entries are on their way; the previous ones stay on screen meanwhile. */
    refreshing: !!requestRange && weights.isFetching,
    failed,
    range,
    today,
    entries: entries ?? [],
    goal: goalData,
    latest: latestEntry,
    /** No entry at all: the overview invites the first one. */
    isNewUser: !latest.isLoading && !latest.isError && latestEntry === null,
    summary,
  };
}
