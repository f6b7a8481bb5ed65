// Bench-only stand-in for shell/src/federation/remotes.ts in the single-bundle build: the same
// exported functions, but every remote screen is imported statically from its own source file, so
// the shell and all screens compile into one bundle with no federation runtime.
import Login from '../../mf-auth/src/Login';
import Register from '../../mf-auth/src/Register';
import ForgotPassword from '../../mf-auth/src/ForgotPassword';
import ResetPassword from '../../mf-auth/src/ResetPassword';
import Overview from '../../mf-overview/src/Overview';
import Analytics from '../../mf-analytics/src/Analytics';
import Settings from '../../mf-settings/src/Settings';
import { REMOTE_SCREENS } from '@app/kit';

const SCREENS: Record<string, React.ComponentType<never>> = {
  [REMOTE_SCREENS.login]: Login,
  [REMOTE_SCREENS.register]: Register,
  [REMOTE_SCREENS.forgotPassword]: ForgotPassword,
  [REMOTE_SCREENS.resetPassword]: ResetPassword,
  [REMOTE_SCREENS.overview]: Overview,
  [REMOTE_SCREENS.analytics]: Analytics,
  [REMOTE_SCREENS.settings]: Settings,
};

export type ScreenModule<P> = { default: React.ComponentType<P> };

export async function registerRemotesFromServer(): Promise<void> {}

const MODULES = new Map(Object.entries(SCREENS).map(([id, screen]) => [id, { default: screen }]));

/** Every screen is loaded from the start, as the federated shell's are once their remote has run. */
export function loadedScreen<P>(id: string): ScreenModule<P> | undefined {
  return MODULES.get(id) as ScreenModule<P> | undefined;
}

export async function loadScreen<P>(id: string): Promise<ScreenModule<P> | null> {
  return loadedScreen<P>(id) ?? null;
}

/** Every screen is in the bundle already: nothing to fetch early. */
export function prefetchScreen(_id: string | undefined): void {}
