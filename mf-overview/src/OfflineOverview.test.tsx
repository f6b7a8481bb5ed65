import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_UNAVAILABLE_TITLE } from '@app/kit';
import { freezeToday, renderOverview } from './test/renderOverview';

vi.mock('react-chartjs-2', () => ({ Line: () => <div data-testid="line-chart" /> }));

beforeEach(() => {
  localStorage.clear();
  freezeToday();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Overview never read on this device, offline', () => {
  it('says it is offline instead of loading forever or showing empty cards, with no error toast', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // every read fails as fetch does with no connection and nothing kept by the service worker
    const { store } = renderOverview({ entries: [], goal: null, failing: ['/api/weights', '/api/weights/latest', '/api/goals'] });
    expect(await screen.findByRole('heading', { name: OFFLINE_UNAVAILABLE_TITLE })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByTestId('line-chart')).toBeNull();
    expect(store.getState().toasts).toEqual([]);
  });

  it('shows what it read when only something else is missing offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { store } = renderOverview({ entries: [{ date: '2025-03-10', weightKg: 79.5 }], goal: null, failing: ['/api/goals'] });
    expect(await screen.findByTestId('line-chart')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: OFFLINE_UNAVAILABLE_TITLE })).toBeNull();
    expect(store.getState().toasts).toEqual([]);
  });
});
