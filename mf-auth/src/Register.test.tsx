import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '@app/kit/testing';
import { deferred, renderAuth, sent, USER } from './test/renderAuth';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const FORM = { 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ada@example.com', Password: 'plum-Tractor-9' };

async function fill(values: Partial<typeof FORM>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return user;
}

describe('Sign Up', () => {
  it('shows labelled inputs with autocomplete, the password hint and a link to /login', () => {
    renderAuth('/register');
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('requires every field and sends nothing while one is blank', async () => {
    const { calls } = installFetchMock(() => json(201, {}));
    renderAuth('/register');
    await fill({ Email: 'ada@example.com' });
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(sent(calls)).toHaveLength(0);
  });

  it('is busy while registering, then signs in without persist and goes to the from-path', async () => {
    const answer = deferred<Response>();
    const { calls } = installFetchMock((call) => (call.path === '/api/auth/providers' ? json(200, { providers: [] }) : answer.promise));
    const { store, router } = renderAuth('/register', { state: { from: '/dashboard/analytics' } });
    await fill(FORM);
    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
    expect(JSON.parse(sent(calls)[0]!.body as string)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'plum-Tractor-9',
      // the browser's own zone (the suite runs in UTC)
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    answer.resolve(json(201, { accessToken: 'tok', ...USER }));
    expect(await screen.findByText(/analytics page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(store.getState().auth).toMatchObject({ user: USER, accessToken: 'tok', persist: false });
    expect(store.getState().preferences.unit).toBe('IMPERIAL');
  });

  it('shows server field errors under their fields, cleared on edit', async () => {
    installFetchMock(() =>
      apiError(422, 'Validation failed', [
        { field: 'email', issue: 'Email has already been taken' },
        { field: 'password', issue: 'This password is too common. Choose a less guessable one.' },
      ]),
    );
    renderAuth('/register');
    const user = await fill(FORM);
    expect(await screen.findByText('Email has already been taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'This password is too common. Choose a less guessable one. At least 8 characters',
    );
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText(/too common/)).not.toBeInTheDocument();
    expect(screen.getByText('Email has already been taken')).toBeInTheDocument();
  });

  it('goes to /503 keeping the from-path when the server does not answer', async () => {
    installFetchMock(() => Promise.reject(new TypeError('Failed to fetch')));
    renderAuth('/register', { state: { from: '/dashboard/analytics' } });
    await fill(FORM);
    expect(await screen.findByText(/503 page/)).toBeInTheDocument();
    expect(screen.getByTestId('landed-state')).toHaveTextContent('{"from":"/dashboard/analytics"}');
  });

  it('treats a gateway without its API as no response', async () => {
    installFetchMock(() => new Response('Bad Gateway', { status: 502 }));
    renderAuth('/register');
    await fill(FORM);
    expect(await screen.findByText(/503 page/)).toBeInTheDocument();
    expect(screen.getByTestId('landed-state')).toHaveTextContent('{"from":"/register"}');
  });

  it('sends a signed-in user to the overview', async () => {
    renderAuth('/register', { preloaded: { auth: { user: USER, accessToken: 'tok', persist: true } } });
    expect(await screen.findByText(/overview page/)).toBeInTheDocument();
  });
});
