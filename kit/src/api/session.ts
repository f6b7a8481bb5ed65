import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { clearAuth, loggedOut, setAccessToken, setAuth, type AuthState } from '../state/authSlice';
import { setPreferences } from '../state/preferencesSlice';
import type { User } from '../state/types';
import { api } from './apiSlice';

// Typed on the slices they touch rather than RootState, so the store module can import this file.
type SessionThunk<R> = ThunkAction<R, { auth: AuthState }, unknown, UnknownAction>;

/** The server's unit and week start become the client's preferences (spec §4, design.md §6). */
export function preferencesFromUser(user: Pick<User, 'unitPreference' | 'weekStartsOn'>) {
  return setPreferences({
    unit: user.unitPreference ?? 'METRIC',
    ...(user.weekStartsOn === 0 || user.weekStartsOn === 1 ? { weekStartsOn: user.weekStartsOn } : {}),
  });
}

/**
 * Session restore before protected routes render (spec §4): with "Remember me" on and no access token,
 * trade the refresh cookie for a token, load the user and sign in. Resolves true when signed in.
 * Never redirects: the caller decides where a signed-out user goes.
 */
export function restoreSession(): SessionThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const { accessToken, user, persist } = getState().auth;
    if (accessToken && user) return true;
    if (!persist) return false;
    try {
      const { accessToken: token } = await dispatch(api.endpoints.refreshToken.initiate()).unwrap();
      dispatch(setAccessToken(token));
      const me = await dispatch(api.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
      dispatch(setAuth({ user: me, accessToken: getState().auth.accessToken ?? token }));
      dispatch(preferencesFromUser(me));
      return true;
    } catch {
      dispatch(clearAuth());
      return false;
    }
  };
}

/**
 * Log out (spec §4): auth cleared at once, persist off, then the server session revoked (a failure there
 * changes nothing for the user), then every cached response dropped. The caller navigates to '/'.
 */
export function logoutUser(): SessionThunk<Promise<void>> {
  return async (dispatch) => {
    dispatch(loggedOut());
    try {
      await dispatch(api.endpoints.logout.initiate()).unwrap();
    } catch {
      /* the session dies with its cookie anyway */
    }
    dispatch(api.util.resetApiState());
  };
}
