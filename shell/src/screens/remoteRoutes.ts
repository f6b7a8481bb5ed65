import { REMOTE_SCREENS, type RemoteScreenId } from '@app/kit';

/** The routes drawn by remotes: their path, the exposed screen and the page's title. */
export const REMOTE_ROUTES: ReadonlyArray<{ path: string; id: RemoteScreenId; title: string }> = [
  { path: '/login', id: REMOTE_SCREENS.login, title: 'Sign In' },
  { path: '/register', id: REMOTE_SCREENS.register, title: 'Sign Up' },
  { path: '/forgot-password', id: REMOTE_SCREENS.forgotPassword, title: 'Forgot password' },
  { path: '/reset-password', id: REMOTE_SCREENS.resetPassword, title: 'Reset password' },
  { path: '/dashboard/overview', id: REMOTE_SCREENS.overview, title: 'Overview' },
  { path: '/dashboard/analytics', id: REMOTE_SCREENS.analytics, title: 'Analytics' },
  { path: '/dashboard/settings', id: REMOTE_SCREENS.settings, title: 'Settings' },
];

/** The remote screen a page load at `pathname` will show first (/dashboard opens the overview), if any. */
export function screenForPath(pathname: string): RemoteScreenId | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/dashboard') return REMOTE_SCREENS.overview;
  return REMOTE_ROUTES.find((r) => r.path === path)?.id;
}
