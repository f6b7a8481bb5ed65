import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEntryDialog, setPendingEntries } from '@app/kit';
import { apiError, installFetchMock } from '@app/kit/testing';
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
