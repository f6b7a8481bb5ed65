import { act, screen, waitFor } from '@testing-library/react';
import { setupListeners } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_UNAVAILABLE_TITLE } from '@app/kit';
import { apiError, installFetchMock, json, type MockCall } from '@app/kit/testing';
import { entry, renderAnalytics } from './test/renderAnalytics';

vi.mock('react-chartjs-2', async () => ({ Line: (await import('./test/chartMock')).LineMock }));

let online = true;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 12, 9));
  localStorage.clear();
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  installFetchMock((call: MockCall) => {
    // with no connection, and nothing kept by the service worker, a read fails as fetch does
    if (!online) throw new TypeError('Failed to fetch');
    if (call.path === '/api/weights/earliest') return apiError(404, 'Not found');
    if (call.path.startsWith('/api/weights')) return json(200, [entry('2025-03-11', 80.1)]);
    return apiError(404, 'Not found');
  }, 'http://localhost:3000/dashboard/analytics');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('analytics never read on this device, offline', () => {
  it('says it is offline instead of loading forever or showing no entries, without an error toast, and shows the screen once back online', async () => {
    const { store } = renderAnalytics();
    const stop = setupListeners(store.dispatch);
    try {
      expect(await screen.findByRole('heading', { name: OFFLINE_UNAVAILABLE_TITLE })).toBeInTheDocument();
      expect(screen.queryByText('No weight entries available for this period')).toBeNull();
      expect(screen.queryByText('Loading...')).toBeNull();
      expect(store.getState().toasts).toEqual([]);

      online = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await screen.findByText('1 entry');
      expect(screen.queryByRole('heading', { name: OFFLINE_UNAVAILABLE_TITLE })).toBeNull();
      await waitFor(() => expect(store.getState().toasts).toEqual([]));
    } finally {
      stop();
    }
  });
});
