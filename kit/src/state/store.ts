import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { authSlice, AUTH_STORAGE_KEY, loadAuthState, PERSIST_STORAGE_KEY } from './authSlice';
import { entryDialogSlice } from './entryDialogSlice';
import { pendingEntriesSlice } from './pendingEntriesSlice';
import { loadPreferences, preferencesSlice } from './preferencesSlice';
import { toastSlice } from './toastSlice';
import { api } from '../api/apiSlice';
import { API_REDUCER_PATH } from '../api/baseQuery';
import { readAheadRecorder } from '../api/readAhead';
import { local, PREFERENCES_STORAGE_KEY, session, writeJson } from './storage';
import { OFFLINE_USER_STORAGE_KEY } from '../api/offlineSession';

/**
 * The one reducer of the page. Remotes add their own slices with `rootReducer.inject(slice)`
 * at import time, so a new screen never needs a shell rebuild.
 */
export const rootReducer = combineSlices(authSlice, preferencesSlice, entryDialogSlice, toastSlice, pendingEntriesSlice, api);

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware, readAheadRecorder(API_REDUCER_PATH)),
    preloadedState: preloadedState ?? {
      auth: loadAuthState(),
      preferences: loadPreferences(),
    },
  });
  persistToStorage(store);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * Mirror auth (sessionStorage), persist and preferences (localStorage) whenever they change; with "Remember me" on,
 * the signed-in person's profile too, so the app can open offline for them (api/offlineSession.ts).
 */
function persistToStorage(store: { getState(): RootState; subscribe(cb: () => void): () => void }) {
  let prev: RootState | undefined;
  store.subscribe(() => {
    const state = store.getState();
    if (prev?.auth !== state.auth) {
      const { user, accessToken, persist } = state.auth;
      writeJson(session(), AUTH_STORAGE_KEY, user && accessToken ? { user, accessToken } : null);
      if (prev?.auth.persist !== persist) writeJson(local(), PERSIST_STORAGE_KEY, persist);
      // kept while remembered; dropped when signed out or no longer remembered (a page still restoring has no user yet)
      const wasUser = prev?.auth.user ?? null;
      if (user && (user !== wasUser || prev?.auth.persist !== persist)) writeJson(local(), OFFLINE_USER_STORAGE_KEY, persist ? user : null);
      else if (!user && wasUser) writeJson(local(), OFFLINE_USER_STORAGE_KEY, null);
      else if (!persist && prev?.auth.persist) writeJson(local(), OFFLINE_USER_STORAGE_KEY, null);
    }
    if (prev?.preferences !== state.preferences) writeJson(local(), PREFERENCES_STORAGE_KEY, state.preferences);
    prev = state;
  });
}

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

// Redux reaches the apps only through kit (the store's provider and the typed hooks above), so Redux Toolkit and
// react-redux ship inside kit's chunk with only what is used, one instance because kit is one.
export { Provider } from 'react-redux';
