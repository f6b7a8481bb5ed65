import { useEffect } from 'react';
import { selectLoggedOut, useAppSelector } from '@app/kit';
import { dropApiCaches } from './apiCaches';

/**
 * Signed out on purpose (Log out, or the account deleted): the answers the worker kept for reading offline leave
 * the device with the person, whichever screen did it.
 */
export function ForgetOnSignOut(): null {
  const loggedOut = useAppSelector(selectLoggedOut);
  useEffect(() => {
    if (!loggedOut || typeof caches === 'undefined') return;
    dropApiCaches(caches).catch((error: unknown) => console.warn('[shell] the offline data stays:', error));
  }, [loggedOut]);
  return null;
}
