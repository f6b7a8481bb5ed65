import { useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { restoreSession } from '../api/session';
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
  useEffect(() => {
    store.dispatch(setPersist(true));
    void store.dispatch(restoreSession());
  }, [store]);
  return (
    <Provider store={store}>
      <BrowserRouter>{children}</BrowserRouter>
    </Provider>
  );
}
