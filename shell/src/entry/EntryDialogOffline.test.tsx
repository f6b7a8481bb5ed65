import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, openEntryDialog, setPendingEntries } from '@app/kit';
import { apiError, installFetchMock, json } from '@app/kit/testing';
import { renderRoutes, signedIn } from '../test/renderWithStore';
import { EntryDialog } from './EntryDialog';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('EntryDialog offline', () => {
  it('opened on a day whose weight waits to be sent, shows that weight and its notes to edit', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    installFetchMock(() => apiError(404, 'Not found'));
    const { store } = renderRoutes([{ path: '/', element: <p>page</p> }], '/', signedIn(), <EntryDialog />);
    act(() => {
      store.dispatch(
        setPendingEntries([
          { date: '2025-03-11', weightKg: 79.9, notes: 'hotel scale' },
          { date: '2025-03-10', weightKg: 5000, refused: 'Too heavy.' },
        ]),
      );
      store.dispatch(openEntryDialog({ editDate: '2025-03-11' }));
    });
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(79.9);
    expect(screen.getByLabelText('Notes')).toHaveValue('hotel scale');
  });

  it('opened on a saved day the screen has read, shows its weight and notes, which saving keeps', async () => {
    installFetchMock((call) =>
      call.path.startsWith('/api/weights?')
        ? json(200, [{ id: 'e1', date: '2025-03-11', weightKg: 80.2, notes: 'after the run' }])
        : apiError(404, 'Not found'),
    );
    const { store } = renderRoutes([{ path: '/', element: <p>page</p> }], '/', signedIn(), <EntryDialog />);
    // the history read it while online
    await act(() => store.dispatch(api.endpoints.getWeights.initiate({ startDate: '2025-03-05', endDate: '2025-03-11' })));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void store.dispatch(openEntryDialog({ editDate: '2025-03-11' })));
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(80.2);
    expect(screen.getByLabelText('Notes')).toHaveValue('after the run');
  });

  it('does not offer a refused weight as the day’s entry', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    installFetchMock(() => apiError(404, 'Not found'));
    const { store } = renderRoutes([{ path: '/', element: <p>page</p> }], '/', signedIn(), <EntryDialog />);
    act(() => {
      store.dispatch(setPendingEntries([{ date: '2025-03-10', weightKg: 5000, refused: 'Too heavy.' }]));
      store.dispatch(openEntryDialog({ editDate: '2025-03-10' }));
    });
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(null);
  });
});
