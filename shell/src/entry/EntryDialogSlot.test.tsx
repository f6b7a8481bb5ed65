import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeEntryDialog, openEntryDialog } from '@app/kit';
import { apiError, installFetchMock } from '@app/kit/testing';
import { renderRoutes, signedIn } from '../test/renderWithStore';
import { EntryDialogSlot } from './EntryDialogSlot';

afterEach(() => vi.unstubAllGlobals());

describe('EntryDialogSlot', () => {
  it('renders nothing until the dialog is first opened, then loads it and keeps it', async () => {
    installFetchMock(() => apiError(404, 'Not found'));
    const { store } = renderRoutes([{ path: '/', element: <p>page</p> }], '/', signedIn(), <EntryDialogSlot />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => void store.dispatch(openEntryDialog()));
    expect(await screen.findByRole('dialog', { name: 'Weight Entry' })).toBeInTheDocument();

    act(() => void store.dispatch(closeEntryDialog()));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // loaded once: the next opening shows at once
    act(() => void store.dispatch(openEntryDialog()));
    expect(screen.getByRole('dialog', { name: 'Weight Entry' })).toBeInTheDocument();
  });
});
