import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createAppStore, type AppStore, type RootState } from '@app/kit';
import { makeUser } from '@app/kit/testing';

export const USER = makeUser({ weekStartsOn: 1 });

export function signedIn(overrides: Partial<RootState['auth']> = {}): Partial<RootState> {
  return { auth: { user: USER, accessToken: 'token', persist: false, ...overrides } } as Partial<RootState>;
}

/** Renders routes in a memory router over a real store, as the shell composes them. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  preloaded?: Partial<RootState>,
  extra?: ReactElement,
): RenderResult & { store: AppStore; router: ReturnType<typeof createMemoryRouter> } {
  const store = createAppStore(preloaded ?? {});
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      {extra}
    </Provider>,
  );
  return { store, router, ...view };
}
