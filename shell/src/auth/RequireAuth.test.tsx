import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '../../../kit/src/test/fetchMock';
import { renderRoutes, signedIn, USER } from '../test/renderWithStore';
import { RequireAuth } from './RequireAuth';

function LoginProbe() {
  return <p>login page</p>;
}

const routes = [
  { path: '/dashboard/overview', element: <RequireAuth><p>protected content</p></RequireAuth> },
  { path: '/login', element: <LoginProbe /> },
  { path: '/401', element: <p>unauthorized page</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    const { router } = renderRoutes(routes, '/dashboard/overview', {});
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/dashboard/overview' });
  });

  it('sends a user who has just logged out to the landing page, not /login', async () => {
    const routes2 = [...routes, { path: '/', element: <p>landing page</p> }];
    renderRoutes(routes2, '/dashboard/overview', {
      auth: { user: null, accessToken: null, persist: false, loggedOut: true },
    });
    expect(await screen.findByText('landing page')).toBeInTheDocument();
  });

  it('renders the screen for a signed-in USER or ADMIN', async () => {
    renderRoutes(routes, '/dashboard/overview', signedIn());
    expect(await screen.findByText('protected content')).toBeInTheDocument();
  });

  it('sends a signed-in user with another role to /401', async () => {
    renderRoutes(routes, '/dashboard/overview', signedIn({ user: { ...USER, role: 'GUEST' as never } }));
    expect(await screen.findByText('unauthorized page')).toBeInTheDocument();
  });

  it('restores a remembered session before rendering, showing Loading... meanwhile', async () => {
    const { calls } = installFetchMock((call) => {
      if (call.path === '/api/auth/token') return json(200, { accessToken: 'fresh' });
      if (call.path === '/api/users/me') return json(200, USER);
      return apiError(404, 'Not found');
    });
    const { store } = renderRoutes(routes, '/dashboard/overview', {
      auth: { user: null, accessToken: null, persist: true },
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    expect(store.getState().auth.accessToken).toBe('fresh');
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/token', '/api/users/me']);
  });

  it('goes to /login when the remembered session cannot be restored', async () => {
    installFetchMock(() => apiError(401, 'Session expired'));
    renderRoutes(routes, '/dashboard/overview', { auth: { user: null, accessToken: null, persist: true } });
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });
});
