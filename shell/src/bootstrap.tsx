import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore, followConnection, followOtherTabs, Provider, readAhead, setApiNavigator } from '@app/kit';
import '@app/kit/styles.css';
import { App, createRouter } from './App';
import { prefetchScreen, registerRemotesFromServer } from './federation/remotes';
import { registerServiceWorker } from './offline/registerServiceWorker';
import { screenForPath } from './screens/remoteRoutes';
import { markStartup } from './startupMarks';

// every module of the app is here and has run (in the federated page: the shared modules agreed on and loaded)
markStartup('modules');

async function start() {
  await registerRemotesFromServer();
  prefetchScreen(screenForPath(window.location.pathname));
  const store = createAppStore();
  // the connection's return refetches every screen's reads (what failed offline loads, what was old is fresh)
  followConnection(store.dispatch);
  // a logout in another tab signs this one out too
  followOtherTabs(store.dispatch, store.getState);
  const router = createRouter();
  // kit's API client sends the user to /login, /401, /500 or /503 through the shell's router.
  setApiNavigator((to, opts) => router.navigate(to, opts));
  // the screen's data is asked for now, while its remote loads, and again on each route it goes to
  let path = window.location.pathname;
  readAhead(store, path);
  router.subscribe(({ location }) => {
    if (location.pathname !== path) readAhead(store, (path = location.pathname));
  });
  markStartup('render');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <App router={router} />
      </Provider>
    </StrictMode>,
  );
}

start();
registerServiceWorker();
