import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '@app/kit/testing';
import { makeGoal, makeUser } from './testData';
import { callsTo, openSettings, toastsOf } from './testUtils';

beforeEach(() => {
  localStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const png = () => new File(['png'], 'me.png', { type: 'image/png' });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const status = () => screen.getByRole('status');

/** Fails `method path` with `response` the first `times` times, then lets the fake server answer. */
function failing(method: string, path: string, response: () => Response, times = 1) {
  let left = times;
  return (call: { method: string; path: string }) => {
    if (call.method === method && call.path === path && left > 0) {
      left -= 1;
      return response();
    }
    return undefined;
  };
}

describe('the save sequence in the screen', () => {
  it("shows 'Saving...' and disables Save while busy, keeping the focus it has", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await openSettings({ user: makeUser(), goal: null }, (call, state) =>
      call.method === 'PATCH' ? (gate.then(() => json(200, state.user)) as unknown as Response) : undefined,
    );
    await userEvent.type(screen.getByLabelText('First Name'), 'x');
    void save();
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    // aria-disabled: a disabled button would drop the focus of whoever pressed it to the top of the page
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).not.toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('avatar upload 415: upload toast, error under the avatar, nothing else sent', async () => {
    const { calls, store } = await openSettings(
      { user: makeUser(), goal: null },
      failing('POST', '/api/users/me/avatar', () =>
        apiError(415, 'Unsupported image type', [{ field: 'avatar', issue: 'Use a JPEG, PNG or WebP image' }]),
      ),
    );
    await userEvent.upload(screen.getByLabelText('Choose a profile picture'), png());
    await userEvent.type(screen.getByLabelText('First Name'), 'x');
    await save();
    await waitFor(() => expect(toastsOf(store)).toEqual(['error: Failed to upload avatar image']));
    expect(screen.getByText('Use a JPEG, PNG or WebP image')).toBeInTheDocument();
    expect(status()).toHaveTextContent(
      'Your avatar was not saved (your profile was not sent yet): fix the highlighted fields and save again.',
    );
    expect(callsTo(calls, 'PATCH', '/api/users/me')).toEqual([]);
  });

  it('a picture refused when chosen is no success: Save says nothing was saved and sends nothing', async () => {
    const { calls, store } = await openSettings({ user: makeUser(), goal: null });
    await userEvent.upload(screen.getByLabelText('Choose a profile picture'), new File(['BM'], 'me.bmp', { type: 'image/bmp' }), {
      applyAccept: false,
    });
    await save();
    await waitFor(() => expect(toastsOf(store)).toEqual(['error: Failed to update personal info']));
    expect(status()).toHaveTextContent('Nothing was saved: fix the highlighted fields and save again.');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // the field at fault is the hidden file input: the focus goes to the Edit button that shows it, described by the error
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit profile picture' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Edit profile picture' })).toHaveAccessibleDescription(/Use a JPEG/);
    // a picture that will do clears it
    await userEvent.upload(screen.getByLabelText('Choose a profile picture'), png());
    await save();
    await waitFor(() => expect(toastsOf(store)).toContain('success: Saved changes successfully'));
  });

  it('a refused picture can be let go without losing the saved one: Keep current picture, then the rest saves', async () => {
    const { calls, store } = await openSettings({ user: makeUser({ avatarUrl: '/api/avatars/old' }), goal: null });
    await userEvent.upload(screen.getByLabelText('Choose a profile picture'), new File(['BM'], 'me.bmp', { type: 'image/bmp' }), {
      applyAccept: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Keep current picture' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit profile picture' })).toHaveFocus();
    await userEvent.clear(screen.getByLabelText('First Name'));
    await userEvent.type(screen.getByLabelText('First Name'), 'Grace');
    await save();
    await waitFor(() => expect(toastsOf(store)).toContain('success: Saved changes successfully'));
    // the name went, and nothing touched the saved picture
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/users/me']);
  });

  it('avatar delete 500: delete toast and the status line', async () => {
    const { store } = await openSettings(
      { user: makeUser({ avatarUrl: '/api/avatars/old' }), goal: null },
      failing('DELETE', '/api/users/me/avatar', () => apiError(500, 'Internal error')),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await save();
    await waitFor(() => expect(toastsOf(store)).toEqual(['error: Failed to delete avatar image']));
    expect(status()).toHaveTextContent('Your avatar was not saved (Internal error): try saving again.');
    // no field to fix: focus is on the line that says what happened, not lost to the page
    await waitFor(() => expect(status()).toHaveFocus());
    expect(store.getState().auth.user?.avatarUrl).toBe('/api/avatars/old');
  });

  it('profile 422 on email after the avatar was saved: field error, Account tab, and no second upload', async () => {
    const { calls, store } = await openSettings(
      { user: makeUser(), goal: null },
      failing('PATCH', '/api/users/me', () =>
        apiError(422, 'Validation failed', [{ field: 'email', issue: 'Email has already been taken' }]),
      ),
    );
    await userEvent.upload(screen.getByLabelText('Choose a profile picture'), png());
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.type(screen.getByLabelText('Current password *'), 'old-secret');
    await userEvent.click(screen.getByRole('tab', { name: 'Goals' }));
    await save();

    await waitFor(() => expect(toastsOf(store)).toEqual(['error: Failed to update personal info']));
    expect(screen.getByRole('tab', { name: /Account/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Email has already been taken')).toBeInTheDocument();
    // focus is on the field to fix, on the tab the save opened
    expect(email).toHaveFocus();
    expect(status()).toHaveTextContent('Your avatar was saved; your profile was not: fix the highlighted fields and save again.');
    // What was saved is shown at once: the sidebar reads this user.
    expect(store.getState().auth.user?.avatarUrl).toBe('/api/avatars/abc');

    await userEvent.clear(email);
    expect(screen.queryByText('Email has already been taken')).not.toBeInTheDocument();
    await userEvent.type(email, 'free@example.com');
    await save();
    await waitFor(() => expect(toastsOf(store)).toContain('success: Saved changes successfully'));
    expect(callsTo(calls, 'POST', '/api/users/me/avatar')).toHaveLength(1);
    expect(callsTo(calls, 'PATCH', '/api/users/me')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('goal 422 on targetDate after the profile was saved: Goals tab, field error, profile not sent again', async () => {
    const { calls, store } = await openSettings(
      { user: makeUser(), goal: makeGoal() },
      failing('PATCH', '/api/goals', () =>
        apiError(422, 'Validation failed', [{ field: 'targetDate', issue: 'Target date must be a real calendar date (yyyy-MM-dd)' }]),
      ),
    );
    await userEvent.type(screen.getByLabelText('Last Name'), '-King');
    await userEvent.click(screen.getByRole('tab', { name: 'Goals' }));
    const target = screen.getByLabelText('Target weight (kg) *');
    await userEvent.clear(target);
    await userEvent.type(target, '78');
    await userEvent.click(screen.getByRole('tab', { name: 'Account' }));
    await save();

    await waitFor(() => expect(toastsOf(store)).toEqual(['error: Failed to update personal info']));
    expect(screen.getByRole('tab', { name: /Goals/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Target date must be a real calendar date (yyyy-MM-dd)')).toBeInTheDocument();
    expect(screen.getByLabelText('Target date *')).toHaveFocus();
    expect(status()).toHaveTextContent('Your profile was saved; your goal was not: fix the highlighted fields and save again.');
    expect(store.getState().auth.user?.lastName).toBe('Lovelace-King');

    await save();
    await waitFor(() => expect(toastsOf(store)).toContain('success: Saved changes successfully'));
    expect(callsTo(calls, 'PATCH', '/api/users/me')).toHaveLength(1);
    expect(callsTo(calls, 'PATCH', '/api/goals')).toHaveLength(2);
  });

  it("the server's 'general' error shows above the form, with the failure toast", async () => {
    const { store } = await openSettings(
      { user: makeUser(), goal: null },
      failing('PATCH', '/api/users/me', () => apiError(422, 'Validation failed', [{ field: 'general', issue: 'Profile is locked' }])),
    );
    await userEvent.type(screen.getByLabelText('First Name'), 'x');
    await save();
    await waitFor(() => expect(toastsOf(store)).toEqual(['error: Failed to update personal info']));
    const general = screen.getByRole('alert');
    expect(general).toHaveTextContent('Profile is locked');
    // above the form: before its first field in the page's order
    const firstField = screen.getByLabelText('First Name');
    expect(general.compareDocumentPosition(firstField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('getMe failure after saving: toast and a status line saying what was saved; a re-save only reloads', async () => {
    let getMeCalls = 0;
    let failReload = true;
    const { calls, store } = await openSettings({ user: makeUser(), goal: null }, (call) => {
      if (call.method === 'GET' && call.path === '/api/users/me' && ++getMeCalls > 1 && failReload) return apiError(500, 'Internal error');
      return undefined;
    });
    await userEvent.upload(screen.getByLabelText('Choose a profile picture'), png());
    await userEvent.type(screen.getByLabelText('First Name'), 'x');
    await save();
    await waitFor(() => expect(toastsOf(store)).toEqual(['error: Failed to update personal info']));
    expect(status()).toHaveTextContent(
      'Your avatar and profile were saved, but reloading your profile failed (Internal error): reload the page to see them.',
    );
    expect(store.getState().auth.user?.firstName).toBe('Adax');
    expect(toastsOf(store)).not.toContain('error: Failed to fetch data');

    failReload = false;
    await save();
    await waitFor(() => expect(toastsOf(store)).toContain('success: Saved changes successfully'));
    expect(callsTo(calls, 'POST', '/api/users/me/avatar')).toHaveLength(1);
    expect(callsTo(calls, 'PATCH', '/api/users/me')).toHaveLength(1);
  });

  it('a password change keeps the new access token the server returns', async () => {
    const { store } = await openSettings({ user: makeUser(), goal: null }, (call, state) =>
      call.method === 'PATCH' && call.path === '/api/users/me'
        ? new Response(JSON.stringify({ ...state.user, accessToken: 'token-2' }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : undefined,
    );
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-secret');
    await userEvent.type(screen.getByLabelText('Current password *'), 'old-secret');
    await save();
    await waitFor(() => expect(toastsOf(store)).toEqual(['success: Saved changes successfully']));
    expect(store.getState().auth.accessToken).toBe('token-2');
    expect(store.getState().auth.user).not.toHaveProperty('accessToken');
  });
});
