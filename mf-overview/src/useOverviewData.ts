import { useEffect, useMemo } from 'react';
import {
  overviewSummary,
  showToast,
  useAppDispatch,
  useGetEarliestWeightQuery,
  useGetGoalQuery,
  useGetLatestWeightQuery,
  useGetWeightsQuery,
  useOnline,
  usePeriodRange,
  type PeriodKey,
  type UnitSystem,
} from '@app/kit';
import { freshestLatest } from './latestEntry';
import { trendCardModel } from './trendCardModel';
import { useTrendEntries } from './useTrendEntries';

export const FETCH_ERROR_TOAST = 'Failed to fetch data';

/**
 * Everything the overview shows for a period: the period's entries, the goal and the latest weight
 * overall. 404s arrive as null (no goal, no entries) and are calm empty states; only real failures toast.
 */
export function useOverviewData(period: PeriodKey, unit: UnitSystem) {
  const dispatch = useAppDispatch();
  const { range, requestRange, today, loading: rangeLoading } = usePeriodRange(period);

  const weights = useGetWeightsQuery(requestRange ? { startDate: requestRange.start, endDate: requestRange.end } : undefined, {
    skip: !requestRange,
  });
  const goal = useGetGoalQuery();
  // The latest entry overall: goal progress and the graph's "current weight" stay meaningful on the
  // first day of a new period, before anything is logged in it (the cards describe the chosen period only).
  const latest = useGetLatestWeightQuery();
  const recent = useTrendEntries(today);
  const earliest = useGetEarliestWeightQuery();

  const failed = weights.isError || goal.isError || latest.isError || recent.failed;
  // offline, a read that fails is no news: the banner says the app is offline, the screen says what it lacks
  const online = useOnline();
  useEffect(() => {
    if (failed && online) dispatch(showToast(FETCH_ERROR_TOAST, 'error'));
  }, [failed, online, dispatch]);

  const entries = requestRange ? weights.data : undefined;
  const goalData = goal.data ?? null;
  const latestEntry = useMemo(
    () =>
      freshestLatest([
        { entries: latest.data ? [latest.data] : [], at: latest.fulfilledTimeStamp },
        { entries: entries ?? [], at: weights.fulfilledTimeStamp },
        { entries: recent.entries, at: recent.fulfilledAt },
      ]),
    [latest.data, latest.fulfilledTimeStamp, entries, weights.fulfilledTimeStamp, recent.entries, recent.fulfilledAt],
  );

  const summary = useMemo(
    () => overviewSummary({ entries: entries ?? [], goal: goalData, range, today, latestKg: latestEntry?.weightKg ?? null, unit }),
    [entries, goalData, range, today, latestEntry, unit],
  );

  const first = earliest.data ?? null;
  const trend = useMemo(() => trendCardModel(recent.entries, goalData, unit, today, first), [recent.entries, goalData, unit, today, first]);

  const loading = rangeLoading || goal.isLoading || latest.isLoading || recent.loading || (!!requestRange && weights.isLoading);

  return {
    loading,
    /** A new period's entries are on their way; the previous ones stay on screen meanwhile. */
    refreshing: !!requestRange && weights.isFetching,
    failed,
    /** The period's weights could not be read and none are at hand (offline, never read on this device). */
    entriesFailed: !!requestRange && weights.isError && weights.data === undefined,
    /** Reads the period's weights again (after they failed). */
    retryEntries: () => {
      if (requestRange) void weights.refetch();
    },
    range,
    today,
    entries: entries ?? [],
    goal: goalData,
    latest: latestEntry,
    /** No entry at all: the overview invites the first one. */
    isNewUser: !latest.isLoading && !latest.isError && latestEntry === null,
    summary,
    /** The trend card, from the last months rather than the selected period. */
    trend,
    /** The same months, seeding the graph's trend line so it agrees with the card. */
    recentEntries: recent.entries,
  };
}
