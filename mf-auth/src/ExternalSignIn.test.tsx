import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json, type MockCall } from '@app/kit/testing';
import { renderAuth, USER } from './test/renderAuth';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const PROVIDERS = {
  providers: [
    { id: 'google', name: 'Google' },
    { id: 'github', name: 'GitHub' },
  ],
};
const PENDING = {
  provider: { id: 'google', name: 'Google' },
  kind: 'link',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  accountHasPassword: true,
  accountProviders: [],
  remember: true,
  returnTo: '/dashboard/analytics',
};

function api(routes: Record<string, (call: MockCall) => Response | Promise<Response>>) {
  return installFetchMock((call) => {
    const key = `${call.method} ${call.path.split('?')[0]}`;
    const route = routes[key];
    return route ? route(call) : apiError(404, `No such route: ${key}`);
  });
}

describe('Continue with a provider', () => {
  it('one button per configured provider; a click starts the sign-in and opens the provider', async () => {
    const { calls, location } = api({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'POST /api/auth/external/github/start': () => json(200, { authorizationUrl: 'https://github.example/login/oauth/authorize?x=1' }),
    });
    renderAuth('/login', { state: { from: '/dashboard/analytics' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with GitHub' }));
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Remember me'));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://github.example/login/oauth/authorize?x=1'));
    const start = calls.find((c) => c.path === '/api/auth/external/github/start')!;
    expect(JSON.parse(start.body as string)).toMatchObject({ returnTo: '/dashboard/analytics' });
  });

  it('says so on the screen when the provider cannot be reached', async () => {
    api({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'POST /api/auth/external/google/start': () =>
        apiError(503, 'Google could not be reached. Try again in a moment, or sign in with your password.'),
    });
    renderAuth('/register');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google could not be reached');
  });

  it('back from a failed sign-in: the reason, with the provider by name', async () => {
    api({ 'GET /api/auth/providers': () => json(200, PROVIDERS) });
    renderAuth('/login?signin_error=denied&provider=google');
    expect(await screen.findByText(/^Signing in with Google was cancelled, so nothing was created\./)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('back signed in: takes the session from the refresh cookie and goes where the user was going', async () => {
    const { calls } = api({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'GET /api/auth/token': () => json(200, { accessToken: 'tok' }),
      'GET /api/users/me': () => json(200, USER),
    });
    const { store, router } = renderAuth('/login?signin=google&next=%2Fdashboard%2Fanalytics&remember=1');
    expect(await screen.findByText(/analytics page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(store.getState().auth).toMatchObject({ user: USER, accessToken: 'tok', persist: true });
    expect(calls.find((c) => c.path === '/api/users/me')!.headers.get('authorization')).toBe('Bearer tok');
  });

  it('never goes to another site after signing in', async () => {
    api({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'GET /api/auth/token': () => json(200, { accessToken: 'tok' }),
      'GET /api/users/me': () => json(200, USER),
    });
    renderAuth('/login?signin=google&next=%2F%2Fevil.example%2F');
    expect(await screen.findByText(/overview page/)).toBeInTheDocument();
  });

  it('an existing account: its password connects the provider, then the user is signed in', async () => {
    const { calls } = api({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'GET /api/auth/external/pending': () => json(200, PENDING),
      'POST /api/auth/external/pending/link': (call) =>
        JSON.parse(call.body as string).password === 'right-password'
          ? json(200, { accessToken: 'tok', ...USER })
          : apiError(401, 'Password is incorrect', [{ field: 'password', issue: 'Password is incorrect' }]),
    });
    const { store } = renderAuth('/login?signin=pending');
    expect(await screen.findByRole('heading', { name: 'Connect Google' })).toBeInTheDocument();
    expect(screen.getByText(/An account with ada@example.com already exists/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Connect Google and sign in' }));
    expect(await screen.findByText('Password is incorrect')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Connect Google and sign in' }));
    expect(await screen.findByText(/analytics page/)).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ accessToken: 'tok', persist: true });
    expect(calls.filter((c) => c.path === '/api/auth/external/pending/link')).toHaveLength(2);
  });

  it('an address the person typed: the API tells nothing of how that account signs in, and its password is asked', async () => {
    const { accountHasPassword: _password, accountProviders: _providers, ...typed } = PENDING;
    api({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'GET /api/auth/external/pending': () => json(200, typed),
    });
    renderAuth('/login?signin=pending');
    expect(await screen.findByRole('heading', { name: 'Connect Google' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByText(/signs in with/)).not.toBeInTheDocument();
  });

  it('an account the provider found that has no password: sign in its usual way, then connect', async () => {
    api({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'GET /api/auth/external/pending': () => json(200, { ...PENDING, accountHasPassword: false, accountProviders: ['GitHub'] }),
    });
    renderAuth('/login?signin=pending');
    expect(await screen.findByText(/already exists and signs in with GitHub/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('no verified e-mail: the new account takes the one the person types', async () => {
    const { calls } = api({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'GET /api/auth/external/pending': () =>
        json(200, { ...PENDING, kind: 'email', email: null, accountHasPassword: false, remember: false }),
      'POST /api/auth/external/pending/email': () => json(201, { accessToken: 'tok', ...USER }),
    });
    const { store } = renderAuth('/login?signin=pending');
    expect(await screen.findByRole('heading', { name: 'Finish signing up' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/analytics page/)).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body as string)).toEqual({ email: 'ada@example.com' });
    expect(store.getState().auth.persist).toBe(false);
  });

  it('a step that expired says so', async () => {
    api({ 'GET /api/auth/providers': () => json(200, PROVIDERS) });
    renderAuth('/login?signin=pending');
    expect(await screen.findByRole('alert')).toHaveTextContent('That sign-in expired or was already finished. Start again.');
  });
});
