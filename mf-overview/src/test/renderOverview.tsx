import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { createAppStore, DEFAULT_PREFERENCES, type AppStore, type Goal, type Preferences, type RootState } from '@app/kit';
import { apiError, installFetchMock, json, makeUser, type MockCall } from '@app/kit/testing';
import Overview from '../Overview';

export interface Entry {
  date: string;
  weightKg: number;
  notes?: string | null;
}

export interface Backend {
  /** Every entry the user has; GET /weights filters them by the query's range. */
  entries: Entry[];
  goal: Goal | null;
  /** Paths (without query) that answer 500. */
  failing?: string[];
}

/** A tiny in-memory API: the answers the real one gives for the calls the overview makes. */
export function mockApi(backend: Backend) {
  return installFetchMock((call: MockCall) => {
    const url = new URL(call.path, 'http://localhost');
    if (backend.failing?.includes(url.pathname)) return apiError(500, 'boom');
    const sorted = [...backend.entries].sort((a, b) => a.date.localeCompare(b.date));
    const withId = (e: Entry) => ({ id: e.date, notes: null, ...e });
    switch (url.pathname) {
      case '/api/weights': {
        const start = url.searchParams.get('start_date') ?? '0000';
        const end = url.searchParams.get('end_date') ?? '9999';
        return json(200, sorted.filter((e) => e.date >= start && e.date <= end).map(withId));
      }
      case '/api/weights/latest':
        return sorted.length ? json(200, withId(sorted[sorted.length - 1])) : apiError(404, 'Not found');
      case '/api/weights/earliest':
        return sorted.length ? json(200, withId(sorted[0])) : apiError(404, 'Not found');
      case '/api/goals':
        return backend.goal ? json(200, backend.goal) : apiError(404, 'Not found');
      default:
        return apiError(404, 'Not found');
    }
  });
}

/** Renders the screen as the shell mounts it: a real store and a router at /dashboard/overview. */
export type RenderedOverview = RenderResult & ReturnType<typeof mockApi> & { store: AppStore };

export function renderOverview(backend: Backend, preferences: Partial<Preferences> = {}): RenderedOverview {
  const mock = mockApi(backend);
  // signed in, as the shell only mounts the screen for a signed-in user
  const store = createAppStore({
    auth: { user: makeUser(), accessToken: 'token', persist: false },
    preferences: { ...DEFAULT_PREFERENCES, ...preferences },
  } as Partial<RootState>);
  const router = createMemoryRouter(
    [
      { path: '/dashboard/overview', element: <Overview /> },
      { path: '/dashboard/settings', element: <p>Settings screen</p> },
    ],
    { initialEntries: ['/dashboard/overview'] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...mock, ...view, store };
}

/** Wednesday 12 March 2025; with weeks starting on Sunday the calendar week is 09/03–15/03. */
export function freezeToday() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 12, 9));
}
