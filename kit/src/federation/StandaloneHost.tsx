import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { createAppStore } from '../state/store';

/**
 * Hosts one remote's screen on its own dev server, with a store and router of its own, so a team
 * can work on its screen without the shell running. In the composed app the shell provides both.
 */
export function StandaloneHost({ children }: { children: ReactNode }) {
  const store = useMemo(() => createAppStore(), []);
  return (
    <Provider store={store}>
      <BrowserRouter>{children}</BrowserRouter>
    </Provider>
  );
}
