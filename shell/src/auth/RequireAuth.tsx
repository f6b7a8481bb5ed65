import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { restoreSession, useAppDispatch, useAppSelector } from '@app/kit';

const ALLOWED_ROLES = new Set(['USER', 'ADMIN']);

/**
 * Dashboard guard (spec §6). With "Remember me" on and no access token, the refresh cookie is
 * traded for a session before anything protected renders, so a reload never flashes the login page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { user, accessToken, persist, loggedOut } = useAppSelector((state) => state.auth);
  // Decided once per mount: restoring sets the token itself, which must not cancel the restore.
  const [restored, setRestored] = useState(() => !(persist && !accessToken));

  useEffect(() => {
    if (restored) return;
    dispatch(restoreSession()).finally(() => setRestored(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!restored) {
    return (
      <div className="screen-loading full-page" role="status">
        Loading...
      </div>
    );
  }
  if (!user || !accessToken) {
    // Logging out leaves for the landing page; anything else (expired, never signed in) asks to sign in.
    if (loggedOut) return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (!ALLOWED_ROLES.has(user.role)) {
    return <Navigate to="/401" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
