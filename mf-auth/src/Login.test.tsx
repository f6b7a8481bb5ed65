import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '@app/kit/testing';
import { NO_PROVIDER_LABEL, NO_PROVIDER_MESSAGE, PROVIDERS_UNREACHABLE_MESSAGE } from './ProviderButtons';
import { deferred, renderAuth, sent, USER } from './test/renderAuth';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

async function fillAndSubmit(email: string, password: string, remember = false) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (remember) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return user;
}

describe('Sign In', () => {
  it('shows the form with its links and labelled inputs', () => {
    renderAuth('/login');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('requires email and password and sends nothing without them', async () => {
    const { calls } = installFetchMock(() => json(200, {}));
    renderAuth('/login');
    await fillAndSubmit('', '');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // the keyboard is taken to the first field at fault, whose label and message a screen reader then reads
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await fillAndSubmit('ada@example.com', '');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(sent(calls)).toHaveLength(0);
  });

  it('is busy while signing in, then sets auth, preferences and goes to the overview replacing /login', async () => {
    const answer = deferred<Response>();
    const { calls } = installFetchMock((call) => (call.path === '/api/auth/providers' ? json(200, { providers: [] }) : answer.promise));
    const { store, router } = renderAuth('/login');
    await fillAndSubmit('ada@example.com', 'secret-pass');
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(JSON.parse(sent(calls)[0]!.body as string)).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
    answer.resolve(json(200, { accessToken: 'tok', ...USER }));
    expect(await screen.findByText(/overview page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(store.getState().auth).toMatchObject({ user: USER, accessToken: 'tok', persist: false });
    expect(store.getState().preferences).toMatchObject({ unit: 'IMPERIAL', weekStartsOn: 1 });
    expect(JSON.parse(sessionStorage.getItem('auth')!)).toEqual({ user: USER, accessToken: 'tok' });
  });

  it('with Remember me sends remember and keeps persist; goes back to the from-path', async () => {
    const { calls } = installFetchMock(() => json(200, { accessToken: 'tok', ...USER, unitPreference: undefined }));
    const { store, router } = renderAuth('/login', { state: { from: '/dashboard/analytics' } });
    await fillAndSubmit('ada@example.com', 'secret-pass', true);
    expect(await screen.findByText(/analytics page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(JSON.parse(sent(calls)[0]!.body as string)).toEqual({ email: 'ada@example.com', password: 'secret-pass', remember: true });
    expect(store.getState().auth.persist).toBe(true);
    expect(localStorage.getItem('persist')).toBe('true');
    // unitPreference absent → METRIC
    expect(store.getState().preferences.unit).toBe('METRIC');
  });

  it('Register keeps the from-path: signing up from there still returns to it', async () => {
    const { router } = renderAuth('/login', { state: { from: '/dashboard/analytics' } });
    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.state).toEqual({ from: '/dashboard/analytics' });
  });

  it('never follows a from-path to another origin', async () => {
    installFetchMock(() => json(200, { accessToken: 'tok', ...USER }));
    renderAuth('/login', { state: { from: '//evil.example/steal' } });
    await fillAndSubmit('ada@example.com', 'secret-pass');
    expect(await screen.findByText(/overview page/)).toBeInTheDocument();
  });

  it("shows the server's message above the form for wrong credentials", async () => {
    installFetchMock(() =>
      apiError(401, 'Email or password is incorrect', [{ field: 'general', issue: 'Email or password is incorrect' }]),
    );
    const { store } = renderAuth('/login');
    await fillAndSubmit('ada@example.com', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
    // the button was disabled while sending: focus goes to the message rather than falling to the page
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(store.getState().auth.accessToken).toBeNull();
  });

  it('shows field errors under their fields and clears one when its field is edited', async () => {
    installFetchMock(() =>
      apiError(422, 'Validation failed', [
        { field: 'email', issue: 'Email is not valid' },
        { field: 'password', issue: 'Password is too long' },
      ]),
    );
    renderAuth('/login');
    const user = await fillAndSubmit('ada', 'secret-pass');
    expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is not valid');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.type(screen.getByLabelText('Email'), '@example.com');
    expect(screen.queryByText('Email is not valid')).not.toBeInTheDocument();
    expect(screen.getByText('Password is too long')).toBeInTheDocument();
  });

  it('shows the wait when rate-limited', async () => {
    installFetchMock(() =>
      apiError(429, 'Too many attempts, try again later', [{ field: 'general', issue: 'Too many attempts. Try again in 15 minute(s).' }]),
    );
    renderAuth('/login');
    await fillAndSubmit('ada@example.com', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minute(s).');
  });

  it('says so and stays when the server is too busy checking passwords (its own 503)', async () => {
    installFetchMock(() =>
      apiError(503, 'The service is busy. Try again in a moment.', [
        { field: 'general', issue: 'The service is busy. Try again in a moment.' },
      ]),
    );
    renderAuth('/login');
    await fillAndSubmit('ada@example.com', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy. Try again in a moment.');
    expect(screen.queryByText(/503 page/)).not.toBeInTheDocument();
  });

  it('goes to /503 when the server does not answer, keeping where the user was going', async () => {
    installFetchMock(() => Promise.reject(new TypeError('Failed to fetch')));
    renderAuth('/login', { state: { from: '/dashboard/analytics' } });
    await fillAndSubmit('ada@example.com', 'secret-pass');
    expect(await screen.findByText(/503 page/)).toBeInTheDocument();
    expect(screen.getByTestId('landed-state')).toHaveTextContent('{"from":"/dashboard/analytics"}');
  });

  it('sends a signed-in user to the overview', async () => {
    renderAuth('/login', { preloaded: { auth: { user: USER, accessToken: 'tok', persist: false } } });
    expect(await screen.findByText(/overview page/)).toBeInTheDocument();
  });

  it('submits from the keyboard', async () => {
    const { calls } = installFetchMock(() => json(200, { accessToken: 'tok', ...USER }));
    renderAuth('/login');
    const user = userEvent.setup();
    await user.tab();
    // the brand link comes first, then the form
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.keyboard('ada@example.com');
    await user.tab();
    await user.keyboard('secret-pass{Enter}');
    expect(await screen.findByText(/overview page/)).toBeInTheDocument();
    expect(sent(calls)).toHaveLength(1);
  });

  it('with no provider set up, its identity-provider button asks the server again and says so in a toast', async () => {
    let providers: Array<{ id: string; name: string }> = [];
    const { calls } = installFetchMock((call) =>
      call.path === '/api/auth/providers' ? json(200, { providers }) : apiError(404, 'No such route'),
    );
    const { store } = renderAuth('/login');
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/auth/providers']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: NO_PROVIDER_LABEL }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toEqual([NO_PROVIDER_MESSAGE]));
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/providers', '/api/auth/providers']);

    // set up since the page was drawn: the next press brings its own button instead
    providers = [{ id: 'google', name: 'Google' }];
    await user.click(screen.getByRole('button', { name: NO_PROVIDER_LABEL }));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: NO_PROVIDER_LABEL })).not.toBeInTheDocument();
    expect(store.getState().toasts).toHaveLength(1);
  });

  it('a server that cannot be reached for the providers: the button says so', async () => {
    installFetchMock((call) => (call.path === '/api/auth/providers' ? new Response('', { status: 502 }) : apiError(404, 'No such route')));
    const { store } = renderAuth('/login');
    await userEvent.setup().click(screen.getByRole('button', { name: NO_PROVIDER_LABEL }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toEqual([PROVIDERS_UNREACHABLE_MESSAGE]));
  });
});
