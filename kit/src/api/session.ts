import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { clearAuth, loggedOut, savesFinishWith, setAccessToken, setAuth, signedInOffline, type AuthState } from '../state/authSlice';
import { local, readJson, writeJson } from '../state/storage';
import { setPreferences } from '../state/preferencesSlice';
import type { User } from '../state/types';
import { api } from './apiSlice';
import { forgetAnswers } from './etagCache';
import { OFFLINE_USER_STORAGE_KEY } from './offlineSession';
import { readAllAgain } from './connection';
import { announceLogout } from './otherTabs';
import { savesUnderWay } from './savesUnderWay';

// Typed on the slices they touch rather than RootState, so the store module can import this file.
type SessionThunk<R> = ThunkAction<R, { auth: AuthState }, unknown, UnknownAction>;

/**
 * The server's unit, week start and appearance become the client's preferences (the server holds them; a new
 * device starts from them).
 */
export function preferencesFromUser(user: Pick<User, 'unitPreference' | 'weekStartsOn'> & Partial<Pick<User, 'colorScheme'>>) {
  return setPreferences({
    unit: user.unitPreference ?? 'METRIC',
    ...(user.weekStartsOn === 0 || user.weekStartsOn === 1 ? { weekStartsOn: user.weekStartsOn } : {}),
    ...(user.colorScheme ? { colorScheme: user.colorScheme } : {}),
  });
}

/**
 * Where restoring a session ended: signed in, signed out (no session, or it ended), no answer from the API, or no
 * answer but the remembered person let in on this device's last data (`signedInOffline`).
 */
export type RestoreResult = 'signed-in' | 'signed-out' | 'no-answer' | 'offline';

/** The person "Remember me" kept on this device for opening offline, if any. */
function rememberedUser(): User | undefined {
  const user = readJson<User>(local(), OFFLINE_USER_STORAGE_KEY);
  return user && typeof user === 'object' && typeof user.id === 'string' && user.id && typeof user.role === 'string' ? user : undefined;
}

const isNoAnswer = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status >= 500;
};

/**
 * Session restore before protected routes render: with "Remember me" on and no access token, trade the refresh
 * cookie for a token, load the user and sign in. Only a refused refresh (401) or user ends the session; a request
 * cut off by a reload or a dead network keeps it, so the next load tries again; with nothing answering, the person
 * remembered on this device is let in offline, and a later call (the connection back) restores the session in place.
 * Never redirects: the caller decides.
 */
export function restoreSession(): SessionThunk<Promise<RestoreResult>> {
  return async (dispatch, getState) => {
    const { accessToken, user, persist, offline } = getState().auth;
    if (accessToken && user) return 'signed-in';
    if (!persist) return 'signed-out';
    try {
      const { accessToken: token } = await dispatch(api.endpoints.refreshToken.initiate()).unwrap();
      dispatch(setAccessToken(token));
      const me = await dispatch(api.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
      dispatch(setAuth({ user: me, accessToken: getState().auth.accessToken ?? token }));
      dispatch(preferencesFromUser(me));
      // screens drawn from this device's copy while offline read the current data
      if (offline) readAllAgain();
      return 'signed-in';
    } catch (error) {
      if (isNoAnswer(error)) {
        if (getState().auth.offline) return 'offline';
        const remembered = user ? undefined : rememberedUser();
        if (!remembered) return 'no-answer';
        dispatch(signedInOffline(remembered));
        return 'offline';
      }
      writeJson(local(), OFFLINE_USER_STORAGE_KEY, null);
      dispatch(clearAuth());
      return 'signed-out';
    }
  };
}

/** How long logout lets the saves already sent finish before it ends the session they were sent with. */
export const LOGOUT_SETTLE_MS = 3_000;

/**
 * Log out: auth cleared at once, persist off, then the server session revoked (a failure there
 * changes nothing for the user), then every cached response dropped. The caller navigates to '/'.
 * Reads still on their way are called off first: nobody will show them, and answered after the revoke they would be
 * 401s. Saves on their way finish first (for at most LOGOUT_SETTLE_MS), so a save made just before lands, all of its
 * calls when it was marked with trackSave (they are sent with the leaving session's token meanwhile). The server
 * is told which session is left by its access token: signed in again meanwhile, the new session (whose cookie
 * replaced the old one) stays, and so does what it has read.
 */
export function logoutUser(): SessionThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const leaving = getState().auth.accessToken;
    const signIns = getState().auth.signIns;
    announceLogout(getState().auth.user?.id);
    dispatch(loggedOut());
    for (const read of dispatch(api.util.getRunningQueriesThunk())) read.abort();
    const saves = [...dispatch(api.util.getRunningMutationsThunk()), ...savesUnderWay()];
    if (saves.length > 0) {
      dispatch(savesFinishWith(leaving));
      // the page may go away meanwhile: the session is then ended as it goes
      const endAsThePageGoes = () => {
        const token = getState().auth.leavingToken ?? leaving;
        void fetch('/api/auth/logout', {
          method: 'POST',
          credentials: 'include',
          keepalive: true,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }).catch(() => {});
      };
      const page = typeof window === 'undefined' ? undefined : window;
      page?.addEventListener('pagehide', endAsThePageGoes);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, LOGOUT_SETTLE_MS)));
      await Promise.race([Promise.allSettled(saves), timeUp]);
      clearTimeout(timer);
      page?.removeEventListener('pagehide', endAsThePageGoes);
    }
    const signedInAgain = getState().auth.signIns !== signIns;
    // a password change among those saves started a new session in place of the one left: that one is ended
    const ending = signedInAgain ? leaving : (getState().auth.leavingToken ?? leaving);
    // a save's answer or a refresh finished meanwhile may have put a token of the session left back
    if (!signedInAgain) dispatch(clearAuth());
    try {
      await dispatch(api.endpoints.logout.initiate(ending)).unwrap();
    } catch {
      /* the session dies with its cookie anyway */
    }
    if (signedInAgain) return;
    dispatch(api.util.resetApiState());
    forgetAnswers();
  };
}
