import { useEffect, useState } from 'react';
import {
  selectPreferences,
  showToast,
  useAppDispatch,
  useAppSelector,
  addDaysToDate,
  useGetAveragesQuery,
  useGetGoalQuery,
  useGetWeightsQuery,
  useOnline,
  usePeriodRange,
  type ApiAveragedItem,
  type ApiWeightEntry,
  type AveragingMode,
  type Goal,
  type PeriodKey,
} from '@app/kit';
import { MIN_DATE } from '@app/contract';

export const FETCH_FAILED_MESSAGE = 'Failed to fetch data';

export interface AnalyticsData {
  entries: readonly ApiWeightEntry[];
  averages: readonly ApiAveragedItem[] | undefined;
  range: ReturnType<typeof usePeriodRange>['range'];
  today: string;
  /** Readings of the months before the period: they carry the trend line in from before its first day. */
  trendHistory: readonly ApiWeightEntry[];
  goal: Goal | null;
  /** The first load of what the screen shows is still under way. */
  loadingEntries: boolean;
  loadingAverages: boolean;
  /**
   * The graph waits: for what it draws (entries, averages) and, before its first draw, also for the goal and the trend's
   * earlier readings, so that it is drawn once, whole.
   */
  loadingGraph: boolean;
  /** The period's entries could not be read and none are at hand (offline, never read on this device). */
  entriesFailed: boolean;
  /** Reads the period's entries again (after they failed). */
  retryEntries: () => void;
}

const NO_ENTRIES: readonly ApiWeightEntry[] = [];

/** How far before the period the trend line looks for readings to start from. */
export const TREND_HISTORY_DAYS = 120;

/**
 * The days before a period that the trend looks at: the 120 before its first day, none before the first day an entry
 * may have (a period that starts there has nothing before it to ask for).
 */
export function trendHistoryRange(periodStart: string): { startDate: string; endDate: string } | null {
  if (periodStart <= MIN_DATE) return null;
  const startDate = addDaysToDate(periodStart, -TREND_HISTORY_DAYS);
  return { startDate: startDate < MIN_DATE ? MIN_DATE : startDate, endDate: addDaysToDate(periodStart, -1) };
}

/** A toast for each real failure of a query; an empty result is not a failure. */
function useFailureToast(failed: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (failed) dispatch(showToast(FETCH_FAILED_MESSAGE, 'error'));
  }, [failed, dispatch]);
}

/**
 * The entries of the period and, when an averaging mode is chosen, its averages. Both queries carry
 * kit's 'Weight' tag, so a save or delete anywhere refetches them.
 */
export function useAnalyticsData(period: PeriodKey, averaging: AveragingMode): AnalyticsData {
  const { weekStartsOn, showTrend } = useAppSelector(selectPreferences);
  const { range, requestRange, today, loading: rangeLoading } = usePeriodRange(period);
  const noRange = requestRange === null;

  const weights = useGetWeightsQuery(noRange ? undefined : { startDate: requestRange.start, endDate: requestRange.end }, { skip: noRange });
  const averages = useGetAveragesQuery(
    noRange || averaging === 'none'
      ? { mode: 'weekly', weekStartsOn }
      : { mode: averaging, startDate: requestRange.start, endDate: requestRange.end, weekStartsOn },
    { skip: noRange || averaging === 'none' },
  );

  const historyRange = noRange ? null : trendHistoryRange(requestRange.start);
  const wantsHistory = historyRange !== null && showTrend && averaging === 'none';
  const history = useGetWeightsQuery(wantsHistory ? historyRange : undefined, { skip: !wantsHistory });
  const goal = useGetGoalQuery();

  // offline, a read that fails is no news: the banner says the app is offline, the screen says what it lacks
  const online = useOnline();
  useFailureToast(online && weights.isError);
  useFailureToast(online && averages.isError);

  const loadingEntries = rangeLoading || (!noRange && weights.currentData === undefined && !weights.isError);
  const loadingAverages = averaging !== 'none' && !noRange && averages.currentData === undefined && !averages.isError;
  // Drawn without the goal or the earlier readings, the graph would be drawn again as each arrived, its legend and its
  // description growing and the history under it moving down. Later (Show trend turned on, another goal) it redraws
  // in place rather than give way to Loading... again.
  const [drawn, setDrawn] = useState(false);
  const goalPending = goal.data === undefined && !goal.isError;
  const historyPending = wantsHistory && history.data === undefined && !history.isError;
  const loadingGraph = loadingEntries || loadingAverages || (!drawn && (goalPending || historyPending));
  useEffect(() => {
    if (!loadingGraph) setDrawn(true);
  }, [loadingGraph]);

  return {
    // currentData, not data: another period's rows never stand in while this period loads.
    entries: noRange ? NO_ENTRIES : (weights.currentData ?? NO_ENTRIES),
    averages: averaging === 'none' || noRange ? undefined : averages.currentData,
    range,
    today,
    trendHistory: wantsHistory ? (history.data ?? NO_ENTRIES) : NO_ENTRIES,
    goal: goal.data ?? null,
    loadingEntries,
    loadingAverages,
    loadingGraph,
    entriesFailed: !noRange && weights.isError && weights.currentData === undefined,
    retryEntries: () => {
      if (!noRange) void weights.refetch();
    },
  };
}
