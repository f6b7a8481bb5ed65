import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATAR } from '@app/kit';
import { makeUser } from './testData';
import { callsTo, openSettings, toastsOf } from './testUtils';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 12, 9));
  URL.createObjectURL = vi.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Account tab', () => {
  it('shows profile, password and body metrics from the server', async () => {
    const user = makeUser({ gender: 'FEMALE', dateOfBirth: '1990-05-01', heightCm: 168 });
    await openSettings({ user, goal: null });
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    const gender = screen.getByLabelText('Gender');
    expect(gender).toHaveValue('FEMALE');
    expect([...(gender as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Not set', 'Male', 'Female', 'Other']);
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-05-01');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('max', '2025-03-12');
    expect(screen.getByLabelText('Height (cm)')).toHaveValue(168);
    expect(screen.getByLabelText('Height (cm)')).toHaveAttribute('step', '0.1');
    expect(screen.getByAltText('Profile picture preview')).toHaveAttribute('src', DEFAULT_AVATAR);
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
  });

  it('asks for the current password once a new password or a changed email is entered', async () => {
    await openSettings({ user: makeUser(), goal: null });
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-secret');
    expect(screen.getByLabelText('Current password *')).toBeRequired();
    await userEvent.clear(screen.getByLabelText('New password'));
    expect(screen.queryByLabelText('Current password *')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.getByLabelText('Current password *')).toBeInTheDocument();
  });

  it('refuses to save without an email or the current password, and editing clears the error', async () => {
    const { calls, store } = await openSettings({ user: makeUser(), goal: null });
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Enter your current password to change email or password')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Nothing was saved');
    expect(toastsOf(store)).toEqual(['error: Failed to update personal info']);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await userEvent.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('sends only the changed fields and shows the new name in the auth state', async () => {
    const { calls, store } = await openSettings({ user: makeUser({ gender: 'MALE' }), goal: null });
    await userEvent.clear(screen.getByLabelText('First Name'));
    await userEvent.type(screen.getByLabelText('First Name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Height (cm)'), '172.5');
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-secret');
    await userEvent.type(screen.getByLabelText('Current password *'), 'old-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastsOf(store)).toEqual(['success: Saved changes successfully']));
    const patch = callsTo(calls, 'PATCH', '/api/users/me');
    expect(JSON.parse(String(patch[0].body))).toEqual({
      firstName: 'Grace',
      heightCm: 172.5,
      password: 'brand-new-secret',
      currentPassword: 'old-secret',
    });
    expect(store.getState().auth.user?.firstName).toBe('Grace');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(callsTo(calls, 'PATCH', '/api/goals')).toEqual([]);
  });

  it('previews a chosen picture, revokes the preview, and uploads it on Save', async () => {
    const { calls, store } = await openSettings({ user: makeUser(), goal: null });
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    const input = screen.getByLabelText('Choose a profile picture');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/tiff');
    await userEvent.upload(input, file);
    expect(screen.getByAltText('Profile picture preview')).toHaveAttribute('src', 'blob:preview-1');
    expect(URL.createObjectURL).toHaveBeenCalledWith(file);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastsOf(store)).toEqual(['success: Saved changes successfully']));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    const upload = callsTo(calls, 'POST', '/api/users/me/avatar');
    expect(upload).toHaveLength(1);
    expect((upload[0].body as FormData).get('avatar')).toMatchObject({ type: 'image/png' });
    expect(store.getState().auth.user?.avatarUrl).toBe('/api/avatars/abc');
    expect(screen.getByAltText('Profile picture preview')).toHaveAttribute('src', '/api/avatars/abc');
  });

  it('takes a GIF, and names a refused file at once without uploading it', async () => {
    const { calls, store } = await openSettings({ user: makeUser(), goal: null });
    const input = screen.getByLabelText('Choose a profile picture');
    // userEvent honours accept; a drag and drop or the "all files" choice does not
    await userEvent.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Use a JPEG, PNG, WebP, GIF, AVIF or TIFF image');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.upload(input, new File(['GIF89a'], 'dance.gif', { type: 'image/gif' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastsOf(store)).toEqual(['success: Saved changes successfully']));
    const upload = callsTo(calls, 'POST', '/api/users/me/avatar');
    expect(upload).toHaveLength(1);
    expect((upload[0].body as FormData).get('avatar')).toMatchObject({ type: 'image/gif' });
  });

  it('removes the saved picture on Save', async () => {
    const { calls, store } = await openSettings({ user: makeUser({ avatarUrl: '/api/avatars/old' }), goal: null });
    expect(screen.getByAltText('Profile picture preview')).toHaveAttribute('src', '/api/avatars/old');
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByAltText('Profile picture preview')).toHaveAttribute('src', DEFAULT_AVATAR);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastsOf(store)).toEqual(['success: Saved changes successfully']));
    expect(callsTo(calls, 'DELETE', '/api/users/me/avatar')).toHaveLength(1);
    expect(store.getState().auth.user?.avatarUrl).toBeNull();
  });
});
