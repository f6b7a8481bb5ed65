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
  it('explains honestly where the link goes', () => {
    renderAuth('/forgot-password');
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByText(/only where this server has mail configured/)).toBeInTheDocument();
    expect(screen.getByText(/writes the e-mail to its console/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  });

  it('requires the address', async () => {
    const { calls } = installFetchMock(() => json(202, {}));
    renderAuth('/forgot-password');
    await ask('');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('answers with the same neutral confirmation for any address', async () => {
    const { calls } = installFetchMock(() => json(202, {}));
    renderAuth('/forgot-password');
    await ask(' someone@example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent(
      "If an account exists for someone@example.com, we've sent a link to reset your password. It expires in 30 minutes.",
    );
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/password-reset/request' });
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ email: 'someone@example.com' });
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
