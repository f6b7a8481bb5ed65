import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createAppStore, DEFAULT_PREFERENCES, type AppStore, type ApiWeightEntry, type Preferences, type RootState } from '@app/kit';
import Analytics from '../Analytics';
import { makeUser } from '@app/kit/testing';

export const USER = makeUser();

/** The screen as the shell mounts it: a signed-in store and a router. */
export function renderAnalytics(preferences: Partial<Preferences> = {}): RenderResult & { store: AppStore } {
  const store = createAppStore({
    auth: { user: USER, accessToken: 'token', persist: false },
    preferences: { ...DEFAULT_PREFERENCES, ...preferences },
  } as Partial<RootState>);
  const router = createMemoryRouter([{ path: '/dashboard/analytics', element: <Analytics /> }], {
    initialEntries: ['/dashboard/analytics'],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, ...view };
}

export function entry(date: string, weightKg: number, notes: string | null = null): ApiWeightEntry {
  return { id: date, date, weightKg, notes };
}

/** `count` daily entries ending on `last` (ascending, as the API answers). */
export function dailyEntries(last: string, count: number): ApiWeightEntry[] {
  const end = new Date(`${last}T12:00:00Z`).getTime();
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return entry(date, 70 + (i % 20) / 10);
  });
}
