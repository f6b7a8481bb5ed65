import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeUser } from '@app/kit/testing';
import { callsTo, fakeServer, openSettings, renderSettings } from './testUtils';

afterEach(() => vi.unstubAllGlobals());

const PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'github', name: 'GitHub' },
];
const GOOGLE = { provider: 'google', name: 'Google', email: 'ada@gmail.example', createdAt: '2026-01-02T10:00:00.000Z', lastUsedAt: null };

describe('Settings → Account → Sign-in methods', () => {
  it('connects a provider with the current password, then opens the provider', async () => {
    const user = makeUser();
    const { calls } = await openSettings(
      { user, goal: null, signInMethods: { password: true, identities: [GOOGLE], providers: PROVIDERS } },
      (call) =>
        call.method === 'POST' && call.path === '/api/users/me/identities'
          ? JSON.parse(call.body as string).currentPassword === 'right'
            ? json(200, { authorizationUrl: 'https://github.example/login/oauth/authorize?state=x' })
            : apiError(422, 'Validation failed', [{ field: 'currentPassword', issue: 'Current password is incorrect' }])
          : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Sign-in methods' })).toBeInTheDocument();
    expect(screen.getByText('Connected as ada@gmail.example since 02/01/2026')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Connect GitHub' }));
    expect(screen.getByText('Enter your current password to connect a provider')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/users/me/identities')).toHaveLength(0);
    const field = screen.getAllByLabelText('Current password').at(-1)!;
    await u.type(field, 'wrong');
    await u.click(screen.getByRole('button', { name: 'Connect GitHub' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    await u.clear(field);
    await u.type(field, 'right');
    await u.click(screen.getByRole('button', { name: 'Connect GitHub' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://github.example/login/oauth/authorize?state=x'));
    expect(JSON.parse(callsTo(calls, 'POST', '/api/users/me/identities').at(-1)!.body as string)).toEqual({
      provider: 'github',
      currentPassword: 'right',
    });
  });

  it('disconnects a provider; the last way to sign in cannot be disconnected', async () => {
    const user = makeUser();
    const state = { user, goal: null, signInMethods: { password: false, identities: [GOOGLE], providers: PROVIDERS } };
    await openSettings(state);
    expect(await screen.findByRole('button', { name: 'Disconnect Google' })).toBeDisabled();
    expect(screen.getByText('This is your only way to sign in, so it cannot be disconnected.')).toBeInTheDocument();
    // with no password, there is no current password to give
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('disconnecting leaves the keyboard on that provider’s Connect, which takes the place of Disconnect', async () => {
    const user = makeUser();
    const methods = { password: true, identities: [GOOGLE], providers: PROVIDERS };
    const { calls } = await openSettings({ user, goal: null, signInMethods: methods }, (call) => {
      if (call.method !== 'DELETE' || call.path !== '/api/users/me/identities/google') return undefined;
      methods.identities = [];
      return json(204);
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connect Google' })).toHaveFocus());
    expect(callsTo(calls, 'DELETE', '/api/users/me/identities/google')).toHaveLength(1);
  });

  it('says how connecting went when the provider sends the user back', async () => {
    const user = makeUser();
    const server = fakeServer({ user, goal: null, signInMethods: { password: true, identities: [GOOGLE], providers: PROVIDERS } });
    renderSettings(server, user, {}, '/dashboard/settings?tab=account&linked=google');
    expect(await screen.findByText('Google is connected: you can sign in with it now.')).toBeInTheDocument();
  });

  it('says why connecting failed', async () => {
    const user = makeUser();
    const server = fakeServer({ user, goal: null, signInMethods: { password: true, identities: [], providers: PROVIDERS } });
    renderSettings(server, user, {}, '/dashboard/settings?tab=account&link_error=taken&provider=github');
    expect(await screen.findByText('That GitHub account is already connected to another account here.')).toBeInTheDocument();
  });
});
