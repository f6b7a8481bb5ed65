/**
 * Kit cannot import the shell's router, so the shell hands in react-router's navigate once at start-up.
 * Until then (and in tests) a full page load does the job.
 */
export interface ApiNavigateOptions {
  state?: unknown;
  replace?: boolean;
}

export type ApiNavigator = (to: string, opts?: ApiNavigateOptions) => void;

const defaultNavigator: ApiNavigator = (to) => {
  if (typeof location !== 'undefined') location.assign(to);
};

let navigator: ApiNavigator = defaultNavigator;

/** Called once by the shell with react-router's `navigate`; pass nothing to restore the default. */
export function setApiNavigator(fn?: ApiNavigator | null): void {
  navigator = fn ?? defaultNavigator;
}

/** Path and query of the page the user is on, for the `from` of error pages and /login. */
export function currentPath(): string {
  if (typeof location === 'undefined') return '/';
  return `${location.pathname}${location.search}`;
}

/**
 * Sends the user to an error page (or /login) with `{ from }` in router state. Concurrent failing calls
 * would each redirect; once the browser is already there, later ones are dropped.
 */
export function redirectWithFrom(to: string): void {
  const from = currentPath();
  if (typeof location !== 'undefined' && location.pathname === to) return;
  navigator(to, { state: { from } });
}
