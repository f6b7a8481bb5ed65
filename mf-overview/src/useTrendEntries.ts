import { addDaysToDate, useGetWeightsQuery, type ApiWeightEntry } from '@app/kit';
import { TREND_LOOKBACK_DAYS } from './trendCardModel';

const NONE: readonly ApiWeightEntry[] = [];

/**
 * The last months of entries up to today (TREND_LOOKBACK_DAYS), whatever period is shown: the trend and forecast need recent
 * history, so 'This Week' on a Monday still has a trend. Shares kit's 'Weight' tag, so saves refetch it.
 */
export function useTrendEntries(today: string) {
  const query = useGetWeightsQuery({ startDate: addDaysToDate(today, -(TREND_LOOKBACK_DAYS - 1)), endDate: today });
  return { entries: query.data ?? NONE, fulfilledAt: query.fulfilledTimeStamp, loading: query.isLoading, failed: query.isError };
}
