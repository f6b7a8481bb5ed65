import { act, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEntryDialog } from '@app/kit';
import { apiError, installFetchMock } from '@app/kit/testing';
import { renderRoutes, signedIn } from '../test/renderWithStore';
import { DIALOG_FAILED_MESSAGE, EntryDialogSlot } from './EntryDialogSlot';

// the dialog's code cannot be fetched the first time (no connection, or a shell redeployed since the page loaded)
vi.mock('./lazyEntryDialog', async (original) => {
  const real = await original<typeof import('./lazyEntryDialog')>();
  let loads = 0;
  return {
    ...real,
    lazyEntryDialog: () =>
      lazy(() =>
        ++loads === 1
          ? Promise.reject(new Error('Loading chunk failed'))
          : real.loadEntryDialog().then((m) => ({ default: m.EntryDialog })),
      ),
  };
});

afterEach(() => vi.unstubAllGlobals());

describe('EntryDialogSlot when the dialog cannot be loaded', () => {
  it('says so, keeps the page, and loads it again at the next opening', async () => {
    installFetchMock(() => apiError(404, 'Not found'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = renderRoutes([{ path: '/', element: <p>page</p> }], '/', signedIn(), <EntryDialogSlot />);

    act(() => void store.dispatch(openEntryDialog()));
    await vi.waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain(DIALOG_FAILED_MESSAGE));
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(store.getState().entryDialog.open).toBe(false);

    act(() => void store.dispatch(openEntryDialog()));
    expect(await screen.findByRole('dialog', { name: 'Weight Entry' })).toBeInTheDocument();
  });
});
