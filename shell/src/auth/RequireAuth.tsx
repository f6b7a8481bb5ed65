import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, type RestoreResult, restoreSession, useAppDispatch, useAppSelector, useLocation } from '@app/kit';
import { useOfflineSessionRestore } from './useOfflineSessionRestore';

const ALLOWED_ROLES = new Set(['USER', 'ADMIN']);

/**
 * Dashboard guard: a signed-in USER or ADMIN only. With "Remember me" on and no access token, the refresh cookie is
 * traded for a session before anything protected renders, so a reload never flashes the login page. With nothing
 * answering, the person remembered on this device is let in offline (the shell restores the session when the
 * connection returns); anyone else is told the service cannot be reached.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { user, accessToken, persist, loggedOut, offline } = useAppSelector((state) => state.auth);
  // Decided once per mount: restoring sets the token itself, which must not cancel the restore.
  useOfflineSessionRestore();
  const [restore, setRestore] = useState<RestoreResult | 'pending' | 'not-needed'>(() =>
    persist && !accessToken ? 'pending' : 'not-needed',
  );

  useEffect(() => {
    if (restore !== 'pending') return;
    let active = true;
    void dispatch(restoreSession()).then((result) => active && setRestore(result));
    return () => {
      active = false;
    };
  }, [restore, dispatch]);

  if (restore === 'pending') {
    return (
      <div className="screen-loading full-page" role="status">
        Loading...
      </div>
    );
  }
  // the API could not be reached: the session is kept for the next try, the user is told
  if (restore === 'no-answer') return <Navigate to="/503" replace state={{ from: location.pathname + location.search }} />;
  // let in offline ("Remember me", nothing answering): the dashboard on this device's last data
  if (!user || (!accessToken && !offline)) {
    // Signed out on purpose: the landing page (a new history entry: Back returns here and is asked to sign in). The
    // log-out buttons go there themselves, drawn at once; this covers any other way of signing out on purpose.
    // Anything else (expired, never signed in, Back after logging out) asks to sign in.
    if (loggedOut) return <Navigate to="/" />;
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (!ALLOWED_ROLES.has(user.role)) {
    return <Navigate to="/401" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
