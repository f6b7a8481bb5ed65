import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from './types';
import { AUTH_STORAGE_KEY, local, readJson, session } from './storage';

export { AUTH_STORAGE_KEY };
export const PERSIST_STORAGE_KEY = 'persist';

export interface AuthState {
  user: User | null;
  accessToken: string | null;
  /** "Remember me": restore the session from the refresh cookie after a reload. */
  persist: boolean;
  /**
   * Set when the user logs out (or deletes the account) on purpose: the guard then takes them to the landing page,
   * which clears it, so a later visit to the dashboard (Back) asks to sign in like any signed-out visit.
   */
  loggedOut?: boolean;
  /** Sign-ins so far in this page: a logout waiting on a save can tell whether someone signed in meanwhile. */
  signIns?: number;
  /**
   * The token of a session being logged out, while logout lets the saves under way finish: a save of several calls
   * sends its later ones with it. Cleared with the session.
   */
  leavingToken?: string | null;
  /**
   * Let in with no connection on this device's last data ("Remember me" on, the session not reachable): no token
   * until the session is restored, so nothing is sent as the person meanwhile.
   */
  offline?: boolean;
}

export function loadAuthState(): AuthState {
  const stored = readJson<{ user: User; accessToken: string }>(session(), AUTH_STORAGE_KEY);
  return {
    user: stored?.user ?? null,
    accessToken: stored?.accessToken ?? null,
    persist: readJson<boolean>(local(), PERSIST_STORAGE_KEY) === true,
  };
}

const initialState: AuthState = { user: null, accessToken: null, persist: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    setAuth(state, action: PayloadAction<{ user: User; accessToken: string }>) {
      state.user = action.payload.user;
      state.accessToken = action.payload.accessToken;
      state.loggedOut = false;
      state.signIns = (state.signIns ?? 0) + 1;
      state.leavingToken = null;
      if (state.offline) state.offline = false;
    },
    /** The app opened with no connection: the remembered person, on what this device kept for them. */
    signedInOffline(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.accessToken = null;
      state.offline = true;
    },
    setAccessToken(state, action: PayloadAction<string>) {
      state.accessToken = action.payload;
    },
    setUser(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    clearAuth(state) {
      state.user = null;
      state.accessToken = null;
      state.leavingToken = null;
      if (state.offline) state.offline = false;
    },
    loggedOut(state) {
      state.user = null;
      state.accessToken = null;
      state.persist = false;
      state.loggedOut = true;
      if (state.offline) state.offline = false;
    },
    /**
     * A password change answers with its new session's token. Signed in, it becomes the page's token. While logout
     * waits for that save, the old session has already ended: the new one is what the save's later calls go with and
     * what logout then ends, and the page is not signed in again.
     */
    sessionRotated(state, action: PayloadAction<string>) {
      if (state.accessToken === null && state.leavingToken) state.leavingToken = action.payload;
      else state.accessToken = action.payload;
    },
    /** Logout lets saves under way finish with the leaving session's token (cleared with the session). */
    savesFinishWith(state, action: PayloadAction<string | null>) {
      state.leavingToken = action.payload;
    },
    /** The landing page was reached after a logout: from now on a signed-out visit is an ordinary one. */
    logoutCompleted(state) {
      state.loggedOut = false;
    },
    setPersist(state, action: PayloadAction<boolean>) {
      state.persist = action.payload;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectAccessToken: (state) => state.accessToken,
    selectPersist: (state) => state.persist,
    selectIsSignedIn: (state) => state.accessToken !== null && state.user !== null,
    /** Let in offline, on this device's last data (see `signedInOffline`). */
    selectSignedInOffline: (state) => state.offline === true && state.user !== null && state.accessToken === null,
    selectLoggedOut: (state) => state.loggedOut === true,
  },
});

export const {
  setAuth,
  signedInOffline,
  setAccessToken,
  setUser,
  clearAuth,
  loggedOut,
  sessionRotated,
  savesFinishWith,
  logoutCompleted,
  setPersist,
} = authSlice.actions;
export const { selectUser, selectAccessToken, selectPersist, selectIsSignedIn, selectSignedInOffline, selectLoggedOut } =
  authSlice.selectors;
