import { useEffect } from 'react';
import { useAppSelector } from '@app/kit';

const KEY = 'lastUpdated';

type QueriesState = { api?: { queries?: Record<string, { fulfilledTimeStamp?: number } | undefined> } };

/** When the newest answer of the API arrived (ms), from the API client's cache. */
const newestAnswer = (state: unknown): number => {
  const queries = (state as QueriesState).api?.queries ?? {};
  let newest = 0;
  for (const q of Object.values(queries)) newest = Math.max(newest, q?.fulfilledTimeStamp ?? 0);
  return newest;
};

/**
 * When the data on screen was last read from the server: kept on this device while online (answers read offline
 * come from the service worker's copy and do not count), so the offline banner can say how old it is.
 */
export function useLastUpdated(online: boolean): Date | null {
  const newest = useAppSelector(newestAnswer);
  useEffect(() => {
    if (online && newest > 0) localStorage.setItem(KEY, String(newest));
  }, [online, newest]);
  const stored = Number(localStorage.getItem(KEY));
  return stored > 0 ? new Date(stored) : null;
}
