import { useEffect } from 'react';
import { restoreSession, selectSignedInOffline, useAppDispatch, useAppSelector } from '@app/kit';

/** While let in offline with the browser saying it is online (a Wi-Fi that carries nothing, the service down). */
export const RESTORE_RETRY_MS = 30_000;

/**
 * Let in offline, the session is restored as soon as the API answers: when the connection returns, when the app is
 * looked at again, and every half minute meanwhile. Then the weights kept on the device are sent and every screen
 * reads the current data; a session that ended meanwhile sends the person to sign in.
 */
export function useOfflineSessionRestore(): void {
  const dispatch = useAppDispatch();
  const offline = useAppSelector(selectSignedInOffline);
  useEffect(() => {
    if (!offline) return;
    let trying = false;
    const tryNow = () => {
      if (trying || !navigator.onLine) return;
      trying = true;
      void dispatch(restoreSession()).finally(() => (trying = false));
    };
    const onVisible = () => document.visibilityState === 'visible' && tryNow();
    const timer = setInterval(tryNow, RESTORE_RETRY_MS);
    window.addEventListener('online', tryNow);
    window.addEventListener('focus', tryNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', tryNow);
      window.removeEventListener('focus', tryNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [offline, dispatch]);
}
