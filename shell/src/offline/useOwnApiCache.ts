import { useEffect } from 'react';
import { selectUser, useAppSelector } from '@app/kit';
import { dropApiCaches } from './apiCaches';

/** How long after the dashboard shows the tidying waits: the first screen's own work comes first. */
const DELAY_MS = 2_000;

/**
 * Once someone is signed in, the answers this browser kept for anyone else (who signed in here before and never
 * signed out) leave the device.
 */
export function useOwnApiCache(): void {
  const userId = useAppSelector(selectUser)?.id;
  useEffect(() => {
    if (!userId || typeof caches === 'undefined') return;
    const timer = setTimeout(() => {
      dropApiCaches(caches, userId).catch((error: unknown) => console.warn('[shell] other accounts’ offline data stays:', error));
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId]);
}
