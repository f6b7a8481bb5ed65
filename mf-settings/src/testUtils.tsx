import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { createAppStore, DEFAULT_PREFERENCES, type AppStore, type Goal, type Preferences, type User } from '@app/kit';
import { apiError, installFetchMock, json, type MockCall, type MockHandler } from '@app/kit/testing';
import type { SignInMethods } from './signInApi';
import Settings from './Settings';
import { makeUser } from './testData';

export interface ServerState {
  user: User;
  goal: Goal | null;
  /** GET /users/me/sign-in-methods (default: a password, no provider). */
  signInMethods?: SignInMethods;
}

/**
 * A small in-memory API for the Settings calls; `override` answers first (return undefined to fall through),
 * so a test can make any one call fail.
 */
export function fakeServer(state: ServerState, override?: (call: MockCall, state: ServerState) => Response | undefined): MockHandler {
  return (call) => {
    const answer = override?.(call, state);
    if (answer) return answer;
    const body = typeof call.body === 'string' && call.body ? JSON.parse(call.body) : undefined;
    const route = `${call.method} ${call.path}`;
    if (route === 'GET /api/users/me') return json(200, state.user);
    if (route === 'GET /api/users/me/sign-in-methods')
      return json(200, state.signInMethods ?? { password: true, identities: [], providers: [] });
    if (route === 'PATCH /api/users/me') {
      const { password: _p, currentPassword: _c, ...rest } = body;
      state.user = { ...state.user, ...rest };
      return json(200, state.user);
    }
    if (route === 'POST /api/users/me/avatar') {
      state.user = { ...state.user, avatarUrl: '/api/avatars/abc' };
      return json(200, state.user);
    }
    if (route === 'DELETE /api/users/me/avatar') {
      state.user = { ...state.user, avatarUrl: null };
      return json(204);
    }
    if (route === 'GET /api/goals?none=null') return json(200, state.goal ?? null);
    if (route === 'PATCH /api/goals') {
      state.goal = { ...(state.goal ?? {}), ...body } as Goal;
      return json(200, state.goal);
    }
    return apiError(404, 'Not found');
  };
}

export interface RenderedSettings {
  calls: MockCall[];
  store: AppStore;
  reload: ReturnType<typeof vi.fn>;
  unmount: () => void;
  router: ReturnType<typeof createMemoryRouter>;
}

export function renderSettings(
  handler: MockHandler,
  user: User = makeUser(),
  prefs: Partial<Preferences> = {},
  path = '/dashboard/settings',
): RenderedSettings {
  const mock = installFetchMock(handler, 'http://localhost:3000/dashboard/settings');
  const reload = vi.fn();
  Object.assign(mock.location, { reload });
  const store: AppStore = createAppStore({
    auth: { user, accessToken: 'token-1', persist: false },
    preferences: { ...DEFAULT_PREFERENCES, unit: user.unitPreference, ...prefs },
  });
  // the shell's landing page, where deleting the account leaves for
  const routes = [
    { path: '/dashboard/settings', element: <Settings /> },
    { path: '/', element: <p>landing page</p> },
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { calls: mock.calls, store, reload, unmount: view.unmount, router };
}

/** Renders the screen against a fake server and waits until the form is there. */
export async function openSettings(
  state: ServerState,
  override?: (call: MockCall, state: ServerState) => Response | undefined,
  prefs: Partial<Preferences> = {},
): Promise<RenderedSettings> {
  const rendered = renderSettings(fakeServer(state, override), state.user, prefs);
  await screen.findByRole('tab', { name: /Account/ });
  return rendered;
}

export const toastsOf = (store: AppStore) => store.getState().toasts.map((t) => `${t.kind}: ${t.message}`);
export const callsTo = (calls: MockCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

/** The screen at another URL of the route (e.g. with '?tab='), against a fake server with a new user. */
export function renderSettingsAt(path: string): RenderedSettings {
  const user = makeUser();
  return renderSettings(fakeServer({ user, goal: null }), user, {}, path);
}
