import { useCallback } from 'react';
import { useAppStore } from '../state/store';

/**
 * Takes note of the sign-in now; the check it returns later says whether the page is still signed in with it. A
 * screen that awaits something long (a save of several calls) asks it before it shows the outcome: logged out
 * meanwhile, the person is on the landing page, and signed in again, the screen would be another session's.
 */
export function useSameSignIn(): () => () => boolean {
  const store = useAppStore();
  return useCallback(() => {
    const at = store.getState().auth.signIns;
    return () => {
      const { user, accessToken, signIns } = store.getState().auth;
      return user !== null && accessToken !== null && signIns === at;
    };
  }, [store]);
}
