// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createAppStore } from '../state/store';
import { selectSignedInOffline, setAccessToken, setAuth } from '../state/authSlice';
import { apiError, installFetchMock, json } from '../test/fetchMock';
import { makeUser } from '../test/fixtures';
import { api } from './apiSlice';
import { setApiNavigator, type ApiNavigator } from './navigation';
import { OFFLINE_USER_HEADER, OFFLINE_USER_STORAGE_KEY } from './offlineSession';
import { logoutUser, restoreSession } from './session';

let navigate: Mock<ApiNavigator>;
beforeEach(() => {
  navigate = vi.fn<ApiNavigator>();
  setApiNavigator(navigate);
});
afterEach(() => {
  setApiNavigator(null);
  vi.unstubAllGlobals();
});

describe('opening offline, "Remember me" on', () => {
  const remembered = makeUser({ id: 'user-7', firstName: 'Rem' });
  const unreachable = () => {
    throw new TypeError('Failed to fetch');
  };
  afterEach(() => localStorage.clear());

  it('keeps the signed-in person on this device only while remembered, and forgets them on logout', async () => {
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
    expect(localStorage.getItem(OFFLINE_USER_STORAGE_KEY)).toBeNull();
    store.dispatch(setAuth({ user: remembered, accessToken: 'token' }));
    expect(JSON.parse(localStorage.getItem(OFFLINE_USER_STORAGE_KEY)!)).toMatchObject({ id: 'user-7', firstName: 'Rem' });
    // the token never leaves the tab's own storage
    expect(localStorage.getItem(OFFLINE_USER_STORAGE_KEY)).not.toContain('token');
    installFetchMock(() => json(204));
    await store.dispatch(logoutUser());
    expect(localStorage.getItem(OFFLINE_USER_STORAGE_KEY)).toBeNull();

    const notRemembered = createAppStore({ auth: { user: null, accessToken: null, persist: false } });
    notRemembered.dispatch(setAuth({ user: remembered, accessToken: 'token' }));
    expect(localStorage.getItem(OFFLINE_USER_STORAGE_KEY)).toBeNull();
  });

  it('a new page still restoring does not forget the remembered person', () => {
    localStorage.setItem(OFFLINE_USER_STORAGE_KEY, JSON.stringify(remembered));
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
    store.dispatch(setAccessToken('token'));
    expect(localStorage.getItem(OFFLINE_USER_STORAGE_KEY)).not.toBeNull();
  });

  it('nothing answering: the remembered person is let in on what this device kept, with no token', async () => {
    localStorage.setItem(OFFLINE_USER_STORAGE_KEY, JSON.stringify(remembered));
    installFetchMock(unreachable);
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
    await expect(store.dispatch(restoreSession())).resolves.toBe('offline');
    expect(store.getState().auth).toMatchObject({ user: remembered, accessToken: null, offline: true });
    expect(selectSignedInOffline(store.getState())).toBe(true);
    // tried again with still nothing answering: the same
    await expect(store.dispatch(restoreSession())).resolves.toBe('offline');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('nobody remembered, or not "Remember me": no answer, as before', async () => {
    installFetchMock(unreachable);
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
    await expect(store.dispatch(restoreSession())).resolves.toBe('no-answer');
    localStorage.setItem(OFFLINE_USER_STORAGE_KEY, JSON.stringify({ firstName: 'no id' }));
    await expect(store.dispatch(restoreSession())).resolves.toBe('no-answer');
    localStorage.setItem(OFFLINE_USER_STORAGE_KEY, JSON.stringify(remembered));
    const notRemembered = createAppStore({ auth: { user: null, accessToken: null, persist: false } });
    await expect(notRemembered.dispatch(restoreSession())).resolves.toBe('signed-out');
  });

  it('let in offline, reads are answered from the device (no token sent, the person named), saves are not sent', async () => {
    localStorage.setItem(OFFLINE_USER_STORAGE_KEY, JSON.stringify(remembered));
    const { calls } = installFetchMock((call) =>
      call.path.startsWith('/api/auth/') ? unreachable() : json(200, { date: '2026-11-30', weightKg: 80, notes: '' }),
    );
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
    await store.dispatch(restoreSession());
    const read = await store.dispatch(api.endpoints.getLatestWeight.initiate());
    expect(read.data).toMatchObject({ weightKg: 80 });
    const sent = calls.find((c) => c.path.startsWith('/api/weights'))!;
    expect(sent.headers.get('authorization')).toBeNull();
    expect(sent.headers.get(OFFLINE_USER_HEADER)).toBe('user-7');

    const before = calls.length;
    const save = await store.dispatch(api.endpoints.saveWeight.initiate({ date: '2026-11-30', weightKg: 80.5, notes: '' }));
    expect(save.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(calls).toHaveLength(before);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('the connection back: the session is restored in place and every screen reads again', async () => {
    localStorage.setItem(OFFLINE_USER_STORAGE_KEY, JSON.stringify(remembered));
    let reachable = false;
    const { calls } = installFetchMock((call) => {
      if (!reachable) return unreachable();
      if (call.path === '/api/auth/token') return json(200, { accessToken: 'fresh' });
      if (call.path === '/api/users/me') return json(200, remembered);
      return json(200, { date: '2026-11-30', weightKg: 81, notes: '' });
    });
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
    await store.dispatch(restoreSession());
    reachable = true;
    await expect(store.dispatch(restoreSession())).resolves.toBe('signed-in');
    expect(store.getState().auth).toMatchObject({ user: remembered, accessToken: 'fresh', offline: false });
    expect(selectSignedInOffline(store.getState())).toBe(false);
    const read = await store.dispatch(api.endpoints.getLatestWeight.initiate());
    expect(calls.at(-1)!.headers.get('authorization')).toBe('Bearer fresh');
    expect(read.data).toMatchObject({ weightKg: 81 });
  });

  it('the session ended meanwhile (refresh refused): signed out, and the device forgets the person', async () => {
    localStorage.setItem(OFFLINE_USER_STORAGE_KEY, JSON.stringify(remembered));
    let answer = unreachable as () => Response;
    installFetchMock(() => answer());
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
    await store.dispatch(restoreSession());
    answer = () => apiError(401, 'No session');
    await expect(store.dispatch(restoreSession())).resolves.toBe('signed-out');
    expect(store.getState().auth).toMatchObject({ user: null, accessToken: null });
    expect(localStorage.getItem(OFFLINE_USER_STORAGE_KEY)).toBeNull();
  });
});
