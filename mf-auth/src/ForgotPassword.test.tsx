import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '@app/kit/testing';
import { renderAuth } from './test/renderAuth';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function ask(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('Forgot password', () => {
  /** A server that delivers reset links as `delivery` says, and accepts every request. */
  const server = (delivery: string) => (call: { method: string; path: string }) =>
    call.method === 'GET' && call.path === '/api/auth/password-reset' ? json(200, { delivery }) : json(202, {});
  const posts = <T extends { method: string }>(calls: T[]) => calls.filter((c) => c.method === 'POST');

  it('where links go by e-mail, says only that', async () => {
    installFetchMock(server('email'));
    renderAuth('/forgot-password');
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByText(/we'll send you a link to choose a new password/)).toBeInTheDocument();
    await ask('ada@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(/we've sent a link/);
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.getByText(/Check your spam folder/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.queryByText(/no e-mail set up/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  });

  it('where the server has no mail set up, says honestly that the link waits in its log', async () => {
    installFetchMock(server('server-log'));
    renderAuth('/forgot-password');
    expect(await screen.findByText(/no e-mail set up: it keeps the message in its log/)).toBeInTheDocument();
    await ask('ada@example.com');
    expect(await screen.findByText(/ask whoever runs it to pass the link on/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reset link requested' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Check your spam folder/)).not.toBeInTheDocument();
  });

  it('where mail is turned off, offers no form that could not deliver', async () => {
    const { calls } = installFetchMock(server('off'));
    renderAuth('/forgot-password');
    expect(await screen.findByRole('status')).toHaveTextContent('This server sends no e-mail, so it cannot send you a link');
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('requires the address', async () => {
    const { calls } = installFetchMock(() => json(202, {}));
    renderAuth('/forgot-password');
    await ask('');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('answers with the same neutral confirmation for any address', async () => {
    const { calls } = installFetchMock(() => json(202, {}));
    renderAuth('/forgot-password');
    await ask(' someone@example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent(
      "If an account exists for someone@example.com, we've sent a link to reset your password. It expires in 30 minutes.",
    );
    expect(posts(calls)[0]).toMatchObject({ method: 'POST', path: '/api/auth/password-reset/request' });
    expect(JSON.parse(posts(calls)[0]!.body as string)).toEqual({ email: 'someone@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  });

  it('shows the wait when rate-limited, and a connection problem as such', async () => {
    let fail: () => Response | Promise<Response> = () =>
      apiError(429, 'Too many attempts, try again later', [{ field: 'general', issue: 'Too many attempts. Try again in 60 minute(s).' }]);
    installFetchMock(() => fail());
    renderAuth('/forgot-password');
    await ask('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 60 minute(s).');
    fail = () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/Could not reach the server/)).toBeInTheDocument();
  });
});
