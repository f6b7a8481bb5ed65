// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../state/store';
import { apiError, installFetchMock, json } from '../test/fetchMock';
import { usePeriodRange } from './usePeriodRange';

function wrapper(prefs: Record<string, unknown>) {
  const store = createAppStore({
    auth: { user: null, accessToken: 't', persist: false },
    preferences: { unit: 'METRIC', defaultSelectedPeriod: 'week', alignToCalendar: true, weekStartsOn: 0, themeColor: '#3ab0b9', ...prefs },
  } as never);
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 12, 9, 0)); // Wednesday 12 March 2025, local time
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('usePeriodRange', () => {
  it('gives the calendar month and the part of it up to today', () => {
    const { result } = renderHook(() => usePeriodRange('month'), { wrapper: wrapper({}) });
    expect(result.current.range).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(result.current.requestRange).toEqual({ start: '2025-03-01', end: '2025-03-12' });
  });

  it('honours the week start and rolling mode', () => {
    const sunday = renderHook(() => usePeriodRange('week'), { wrapper: wrapper({ weekStartsOn: 0 }) });
    expect(sunday.result.current.range).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    const monday = renderHook(() => usePeriodRange('week'), { wrapper: wrapper({ weekStartsOn: 1 }) });
    expect(monday.result.current.range).toEqual({ start: '2025-03-10', end: '2025-03-16' });
    const rolling = renderHook(() => usePeriodRange('week'), { wrapper: wrapper({ alignToCalendar: false }) });
    expect(rolling.result.current.range).toEqual({ start: '2025-03-06', end: '2025-03-12' });
  });

  it("starts 'all' at the earliest entry", async () => {
    installFetchMock(() => json(200, { id: 'e', date: '2023-07-04', weightKg: 80, notes: null }));
    const { result } = renderHook(() => usePeriodRange('all'), { wrapper: wrapper({}) });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.range).toEqual({ start: '2023-07-04', end: '2025-03-12' }));
    expect(result.current.noEntries).toBe(false);
  });

  it("has no range for 'all' when there are no entries", async () => {
    installFetchMock(() => apiError(404, 'No entries'));
    const { result } = renderHook(() => usePeriodRange('all'), { wrapper: wrapper({}) });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.range).toBeNull();
    expect(result.current.noEntries).toBe(true);
  });
});
