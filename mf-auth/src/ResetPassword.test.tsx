import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '@app/kit/testing';
import { renderAuth } from './test/renderAuth';

afterEach(() => {
  vi.unstubAllGlobals();
});

const INVALID = 'This reset link is invalid or has expired';

async function choose(password: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('New password'), password);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
  return user;
}

describe('Reset password', () => {
  it('sends the token from the fragment with the new password, then offers to sign in', async () => {
    const { calls } = installFetchMock(() => json(204));
    const { router } = renderAuth('/reset-password#token=abc234');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    // the token leaves the address bar once read
    expect(router.state.location.hash).toBe('');
    await choose('violet-Harbour-42');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ token: 'abc234', password: 'violet-Harbour-42' });
    expect(screen.getByRole('link', { name: 'Sign in with your new password' })).toHaveAttribute('href', '/login');
  });

  it('says so when the link is invalid, used or expired, with a way to ask for a new one', async () => {
    installFetchMock(() => apiError(400, INVALID, [{ field: 'token', issue: INVALID }]));
    renderAuth('/reset-password#token=used');
    await choose('violet-Harbour-42');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says so at once when the link carries no token', () => {
    const { calls } = installFetchMock(() => json(204));
    renderAuth('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('requires a password and shows the server password rules under the field', async () => {
    const { calls } = installFetchMock(() =>
      apiError(422, 'Validation failed', [{ field: 'password', issue: 'Password must be at least 8 characters' }]),
    );
    renderAuth('/reset-password#token=abc234');
    const user = await choose('');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });
});
