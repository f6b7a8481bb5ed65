import { useCallback } from 'react';
import { useAppStore } from '../state/store';

/** What became of the sign-in a screen took note of. */
export interface SignInCheck {
  /** The page is still signed in with it: the outcome of what it awaited is that person's to see. */
  signedIn(): boolean;
  /** No one has signed in since (it may be on its way out): calls made for it may still go out. */
  current(): boolean;
}

/**
 * Takes note of the sign-in now; the check it returns says later what became of it. A screen that awaits something
 * long (a save of several calls) asks it before each call and before it shows the outcome: logged out meanwhile, the
 * person is on the landing page; signed in again, the calls and the screen would be another session's.
 */
export function useSameSignIn(): () => SignInCheck {
  const store = useAppStore();
  return useCallback(() => {
    const at = store.getState().auth.signIns;
    return {
      signedIn: () => {
        const { user, accessToken, signIns } = store.getState().auth;
        return user !== null && accessToken !== null && signIns === at;
      },
      current: () => store.getState().auth.signIns === at,
    };
  }, [store]);
}
