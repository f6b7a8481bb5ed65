import { useCallback } from 'react';
import { type AuthResponse, preferencesFromUser, setAuth, setPersist, useAppDispatch, useLocation, useNavigate } from '@app/kit';
import { AFTER_SIGN_IN, fromPathOf } from './navigation';

/**
 * After login or register: auth set, persist as chosen, unit and week start from the user,
 * then the page the user came from (or `next`, where a provider sign-in was asked to return to) or the overview,
 * replacing the form in history.
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    ({ accessToken, ...user }: AuthResponse, persist: boolean, next?: string) => {
      dispatch(setAuth({ user, accessToken }));
      dispatch(setPersist(persist));
      dispatch(preferencesFromUser(user));
      navigate(fromPathOf({ from: next }) ?? fromPathOf(location.state) ?? AFTER_SIGN_IN, { replace: true });
    },
    [dispatch, navigate, location.state],
  );
}

/** No response: the 503 page, whose Go back returns to where the user was going (or this form). */
export function useNoResponse() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    () => navigate('/503', { state: { from: fromPathOf(location.state) ?? location.pathname } }),
    [navigate, location.state, location.pathname],
  );
}
