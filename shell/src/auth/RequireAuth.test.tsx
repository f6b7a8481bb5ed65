import { act, screen } from '@testing-library/react';
import { loggedOut, OFFLINE_USER_STORAGE_KEY } from '@app/kit';
import { LandingPage } from '../screens/LandingPage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '@app/kit/testing';
import { renderRoutes, signedIn, USER } from '../test/renderWithStore';
import { RequireAuth } from './RequireAuth';

function LoginProbe() {
  return <p>login page</p>;
}

const routes = [
  {
    path: '/dashboard/overview',
    element: (
      <RequireAuth>
        <p>protected content</p>
      </RequireAuth>
    ),
  },
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

  it('takes a user who logs out to the landing page; Back then asks to sign in, remembering the page', async () => {
    const routes2 = [...routes, { path: '/', element: <LandingPage /> }];
    const { store, router } = renderRoutes(routes2, '/dashboard/overview', signedIn());
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    act(() => void store.dispatch(loggedOut()));
    expect(await screen.findByText('Track your weight.')).toBeInTheDocument();
    expect(store.getState().auth.loggedOut).toBe(false);
    await act(() => router.navigate(-1));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/dashboard/overview' });
  });

  it('a restore that gets no answer keeps the remembered session and shows the 503 page', async () => {
    installFetchMock(() => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    const routes2 = [...routes, { path: '/503', element: <p>unavailable page</p> }];
    const { store, router } = renderRoutes(routes2, '/dashboard/overview', { auth: { user: null, accessToken: null, persist: true } });
    expect(await screen.findByText('unavailable page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/dashboard/overview' });
    expect(store.getState().auth.persist).toBe(true);
  });

  it('opened with nothing answering, the person "Remember me" kept here is let in offline, and signed in when the API answers', async () => {
    localStorage.setItem(OFFLINE_USER_STORAGE_KEY, JSON.stringify(USER));
    let reachable = false;
    installFetchMock((call) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      if (call.path === '/api/auth/token') return json(200, { accessToken: 'fresh' });
      if (call.path === '/api/users/me') return json(200, USER);
      return apiError(404, 'Not found');
    });
    const { store } = renderRoutes(routes, '/dashboard/overview', { auth: { user: null, accessToken: null, persist: true } });
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ user: USER, accessToken: null, offline: true });
    reachable = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(store.getState().auth).toMatchObject({ accessToken: 'fresh', offline: false }));
    expect(screen.getByText('protected content')).toBeInTheDocument();
  });

  it('let in offline, a session that ended meanwhile sends the person to sign in once the API answers', async () => {
    localStorage.setItem(OFFLINE_USER_STORAGE_KEY, JSON.stringify(USER));
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    installFetchMock(() => answer());
    renderRoutes(routes, '/dashboard/overview', { auth: { user: null, accessToken: null, persist: true } });
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    answer = () => apiError(401, 'Session expired');
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('login page')).toBeInTheDocument();
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
