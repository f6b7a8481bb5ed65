import { act, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createAppStore, loggedOut, Provider, setAuth } from '@app/kit';
import { makeUser } from '@app/kit/testing';
import { ForgetOnSignOut } from './ForgetOnSignOut';

afterEach(() => vi.unstubAllGlobals());

it('drops every cache of API answers when the person signs out on purpose, and none before', async () => {
  const names = new Set(['weightwise-api:a', 'weightwise-pages']);
  vi.stubGlobal('caches', { keys: async () => [...names], delete: async (n: string) => names.delete(n) });
  const store = createAppStore({});
  store.dispatch(setAuth({ user: makeUser(), accessToken: 'token' }));
  render(
    <Provider store={store}>
      <ForgetOnSignOut />
    </Provider>,
  );
  await act(async () => {});
  expect([...names]).toEqual(['weightwise-api:a', 'weightwise-pages']);
  // Log out and the account's deletion both end in this
  act(() => void store.dispatch(loggedOut()));
  await vi.waitFor(() => expect([...names]).toEqual(['weightwise-pages']));
});
