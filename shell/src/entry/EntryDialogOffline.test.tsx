import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, openEntryDialog, setPendingEntries } from '@app/kit';
import { apiError, installFetchMock, json } from '@app/kit/testing';
import { renderRoutes, signedIn } from '../test/renderWithStore';
import { Toaster } from '../toasts/Toaster';
import { queueEntry } from '../offline/entryQueue';
import { EntryDialog } from './EntryDialog';

vi.mock('../offline/entryQueue', async (original) => ({
  ...(await original<typeof import('../offline/entryQueue')>()),
  // the device's queue (IndexedDB, which the test's DOM lacks): what is kept there is what counts
  queueEntry: vi.fn(async () => ({})),
  removeEntry: vi.fn(async () => {}),
}));

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

describe('EntryDialog when nothing answers though the browser says it is online', () => {
  it('keeps the weight on the device to send later, instead of losing it to the error page', async () => {
    installFetchMock((call) => {
      if (call.method === 'POST') throw new TypeError('Failed to fetch');
      return apiError(404, 'Not found');
    });
    const { store } = renderRoutes(
      [{ path: '/', element: <p>page</p> }],
      '/',
      signedIn(),
      <>
        <EntryDialog />
        <Toaster />
      </>,
    );
    act(() => void store.dispatch(openEntryDialog({ editDate: '2025-03-11' })));
    const weight = await screen.findByLabelText('Weight (kg)');
    await userEvent.type(weight, '80.4');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Saved on this device: it will be sent when you’re back online')).toBeInTheDocument();
    expect(vi.mocked(queueEntry)).toHaveBeenCalledWith(store.getState().auth.user!.id, { weightKg: 80.4, date: '2025-03-11' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('page')).toBeInTheDocument();
  });
});
