import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, openEntryDialog, selectEntryDialog } from '@app/kit';
import { apiError, installFetchMock } from '@app/kit/testing';
import { signedIn } from '../test/renderWithStore';
import { CloseEntryDialogOnNavigation } from './CloseEntryDialogOnNavigation';
import { EntryDialogSlot } from './EntryDialogSlot';

afterEach(() => vi.unstubAllGlobals());

function renderApp() {
  const store = createAppStore(signedIn());
  const router = createMemoryRouter(
    [
      { path: '/dashboard/analytics', element: <p>analytics</p> },
      { path: '/500', element: <p>Server Error</p> },
    ],
    { initialEntries: ['/dashboard/analytics'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <EntryDialogSlot />
      <CloseEntryDialogOnNavigation router={router} />
    </Provider>,
  );
  return { store, router };
}

describe('CloseEntryDialogOnNavigation', () => {
  it('closes the dialog when the app goes to another page, as a failed lookup leads to the error page', async () => {
    installFetchMock(() => apiError(404, 'Not found'));
    const { store, router } = renderApp();
    act(() => void store.dispatch(openEntryDialog({ editDate: '2026-11-20' })));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();

    await act(() => router.navigate('/500', { state: { from: '/dashboard/analytics' } }));
    expect(screen.getByText('Server Error')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(selectEntryDialog(store.getState())).toEqual({ open: false, editDate: null });
  });

  it('keeps it open while the page stays, a change of query or hash included', async () => {
    installFetchMock(() => apiError(404, 'Not found'));
    const { store, router } = renderApp();
    act(() => void store.dispatch(openEntryDialog()));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await act(() => router.navigate('/dashboard/analytics?period=month'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
