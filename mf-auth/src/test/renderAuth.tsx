import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { createAppStore, type AppStore, type RootState } from '@app/kit';
import Login from '../Login';
import Register from '../Register';
import ForgotPassword from '../ForgotPassword';
import ResetPassword from '../ResetPassword';
import { makeUser } from '@app/kit/testing';

export const USER = makeUser({ unitPreference: 'IMPERIAL', weekStartsOn: 1 });

/** Where the screen sent the user, with the router state it passed. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page <output data-testid="landed-state">{JSON.stringify(location.state ?? null)}</output>
    </p>
  );
}

const routes = [
  { path: '/login', element: <Login /> },
  { path: '/register', element: <Register /> },
  { path: '/forgot-password', element: <ForgotPassword /> },
  { path: '/reset-password', element: <ResetPassword /> },
  { path: '/dashboard/overview', element: <Landed name="overview" /> },
  { path: '/dashboard/analytics', element: <Landed name="analytics" /> },
  { path: '/503', element: <Landed name="503" /> },
];

/** Renders the auth screens as the shell mounts them, over a real store, at `path` (with router state). */
export function renderAuth(
  path: string,
  options: { state?: unknown; preloaded?: Partial<RootState> } = {},
): RenderResult & { store: AppStore; router: ReturnType<typeof createMemoryRouter> } {
  const store = createAppStore(options.preloaded ?? {});
  const url = new URL(path, 'http://localhost');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: url.pathname, search: url.search, hash: url.hash, state: options.state }],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, ...view };
}

/** The calls a form sent: without the sign-in screens' own request for the list of providers. */
export const sent = <T extends { path: string }>(calls: T[]) => calls.filter((c) => c.path !== '/api/auth/providers');

/** A fetch answer that waits until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
