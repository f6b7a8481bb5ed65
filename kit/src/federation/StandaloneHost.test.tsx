// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '../test/fetchMock';
import { makeUser } from '../test/fixtures';
import { StandaloneHost } from './StandaloneHost';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('StandaloneHost', () => {
  it('shows the screen only once the shell’s remembered session is restored, so its first reads carry the token', async () => {
    installFetchMock((call) => {
      if (call.path === '/api/auth/token') return json(200, { accessToken: 'restored' });
      if (call.path === '/api/users/me') return json(200, makeUser());
      return apiError(404, 'Not found');
    }, 'http://localhost:3002/');
    render(
      <StandaloneHost>
        <p>The screen</p>
      </StandaloneHost>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('The screen')).toBeInTheDocument();
  });

  it('says how to get a session when there is none', async () => {
    installFetchMock(() => apiError(401, 'No valid session'), 'http://localhost:3002/');
    render(
      <StandaloneHost>
        <p>The screen</p>
      </StandaloneHost>,
    );
    expect(await screen.findByText(/Sign in on the shell with Remember me/)).toBeInTheDocument();
    expect(screen.queryByText('The screen')).toBeNull();
  });
});
