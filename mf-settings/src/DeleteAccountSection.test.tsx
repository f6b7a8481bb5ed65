import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@app/kit/testing';
import { makeUser } from './testData';
import { callsTo, openSettings } from './testUtils';

describe('Delete account', () => {
  it('Escape at the confirmation keeps the account and returns the focus to the delete button', async () => {
    const { calls } = await openSettings({ user: makeUser(), goal: null }, (call) =>
      call.path === '/api/tokens' ? json(200, []) : undefined,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete my account' })).toHaveFocus());
    expect(callsTo(calls, 'DELETE', '/api/users/me')).toHaveLength(0);
  });
});
