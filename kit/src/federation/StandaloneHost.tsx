import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { restoreSession, type RestoreResult } from '../api/session';
import { BrowserRouter } from '../router';
import { setPersist } from '../state/authSlice';
import { createAppStore } from '../state/store';

/**
 * Hosts one remote's screen on its own dev server, with a store and router of its own, so a team can work on its
 * screen without the shell running. In the composed app the shell provides both. A session started on the shell
 * with Remember me (its cookie is sent to every port of the host) is picked up here.
 */
export function StandaloneHost({ children }: { children: ReactNode }) {
  const store = useMemo(() => createAppStore(), []);
  // the screen reads as soon as it renders, and a read needs the session's token: it waits for the restore
  const [restored, setRestored] = useState<RestoreResult | null>(null);
  useEffect(() => {
    store.dispatch(setPersist(true));
    void store.dispatch(restoreSession()).then(setRestored);
  }, [store]);
  return (
    <Provider store={store}>
      <BrowserRouter>
        {restored === 'signed-in' ? (
          children
        ) : restored === null ? (
          <p role="status">Loading...</p>
        ) : (
          <p role="status">Sign in on the shell with Remember me, then reload: this screen uses that session.</p>
        )}
      </BrowserRouter>
    </Provider>
  );
}
