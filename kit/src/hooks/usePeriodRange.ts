import { useEffect, useMemo, useState } from 'react';
import { useGetEarliestWeightQuery } from '../api/apiSlice';
import { getPeriodRange, getRequestRange, type DateRange, type PeriodKey } from '../domain/periods';
import { todayString } from '../domain/dates';
import { selectPreferences } from '../state/preferencesSlice';
import { useAppSelector } from '../state/store';

export interface PeriodRangeState {
  /** The whole period (a calendar month runs to its last day), for axes and "days of the period". */
  range: DateRange | null;
  /** The part up to today: what is requested from the API. */
  requestRange: DateRange | null;
  today: string;
  /** 'all' waits for the earliest entry before it has a range. */
  loading: boolean;
  /** The user has no entries at all, so 'all' has no range. */
  noEntries: boolean;
}

/**
 * The selected period's dates under the user's preferences (alignment, week start). Shared by
 * every screen that shows a period, so overview and analytics always agree on what "This Month" is.
 */
export function usePeriodRange(period: PeriodKey): PeriodRangeState {
  const { alignToCalendar, weekStartsOn } = useAppSelector(selectPreferences);
  const today = useToday();
  const earliest = useGetEarliestWeightQuery(undefined, { skip: period !== 'all' });
  const earliestDate = earliest.data?.date ?? null;

  return useMemo(() => {
    const options = { today, alignToCalendar, weekStartsOn, earliestDate };
    const loading = period === 'all' && earliest.isLoading;
    return {
      range: getPeriodRange(period, options),
      requestRange: getRequestRange(period, options),
      today,
      loading,
      noEntries: period === 'all' && !loading && !earliestDate,
    };
  }, [period, today, alignToCalendar, weekStartsOn, earliestDate, earliest.isLoading]);
}

/** Today's calendar date, updated when the day changes while the page stays open. */
export function useToday(): string {
  const [today, setToday] = useState(() => todayString());
  useEffect(() => {
    const timer = setInterval(() => setToday((prev) => (prev === todayString() ? prev : todayString())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
