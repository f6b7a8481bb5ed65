// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../state/store';
import { AUTH_STORAGE_KEY, READ_AHEAD_STORAGE_KEY } from '../state/storage';
import { installFetchMock, json } from '../test/fetchMock';
import { makeUser } from '../test/fixtures';
import { api } from './apiSlice';
import { setApiNavigator } from './navigation';
import { EARLY_READS_MAX, earlyUrls, startEarlyReads } from './earlyReads';

const user = makeUser();
/** An access token as the API signs it (only its expiry is read here): valid for 15 minutes from `iat`. */
const jwt = (sub: string, expMs: number) =>
  ['e30', btoa(JSON.stringify({ sub, exp: Math.floor(expMs / 1000) })).replace(/=+$/, ''), 'sig'].join('.');
const TOKEN_1 = jwt('one', Date.now() + 15 * 60_000);
const TOKEN_2 = jwt('two', Date.now() + 15 * 60_000);
const auth = { user, accessToken: TOKEN_1 };
const visit = (urls: unknown[]) => ({
  user: user.id,
  paths: { '/dashboard/overview': urls.map((url, i) => ({ endpoint: `read${i}`, args: undefined, url })) },
});

describe('the URLs read early', () => {
  it('are the signed-in user’s last visit of the path: same-origin API paths, once each, at most a screen’s worth', () => {
    expect(earlyUrls(auth, visit(['/api/goals?none=null', '/api/weights?a=1', '/api/goals?none=null']), '/dashboard/overview')).toEqual({
      token: TOKEN_1,
      urls: ['/api/goals?none=null', '/api/weights?a=1'],
    });
    expect(
      earlyUrls(
        auth,
        visit(['https://elsewhere.test/api/x', '//elsewhere.test/api/x', '/remotes.json', 7, null, '/api/me']),
        '/dashboard/overview',
      ),
    ).toEqual({ token: TOKEN_1, urls: ['/api/me'] });
    const many = Array.from({ length: 30 }, (_, i) => `/api/weights?n=${i}`);
    expect(earlyUrls(auth, visit(many), '/dashboard/overview')?.urls).toHaveLength(EARLY_READS_MAX);
  });

  it('are none signed out, for another user, for a path never visited, or from a broken log', () => {
    const log = visit(['/api/goals?none=null']);
    expect(earlyUrls(undefined, log, '/dashboard/overview')).toBeUndefined();
    expect(earlyUrls({ user, accessToken: null }, log, '/dashboard/overview')).toBeUndefined();
    // an expired token would only earn a 403 per read, and one about to be renewed would be sent again with the new one;
    // a malformed one is not sent
    expect(earlyUrls({ user, accessToken: jwt('one', Date.now() - 1) }, log, '/dashboard/overview')).toBeUndefined();
    expect(earlyUrls({ user, accessToken: jwt('one', Date.now() + 2_000) }, log, '/dashboard/overview')).toBeUndefined();
    expect(earlyUrls({ user, accessToken: jwt('one', Date.now() + 50_000) }, log, '/dashboard/overview')).toBeUndefined();
    expect(earlyUrls({ user, accessToken: jwt('one', Date.now() + 120_000) }, log, '/dashboard/overview')?.urls).toEqual([
      '/api/goals?none=null',
    ]);
    expect(earlyUrls({ user, accessToken: 'not-a-jwt' }, log, '/dashboard/overview')).toBeUndefined();
    expect(earlyUrls({ user: makeUser({ id: 'other' }), accessToken: 't' }, log, '/dashboard/overview')).toBeUndefined();
    expect(earlyUrls(auth, log, '/dashboard/analytics')).toBeUndefined();
    expect(earlyUrls(auth, { user: user.id, paths: null }, '/dashboard/overview')).toBeUndefined();
    expect(earlyUrls(auth, { user: user.id, paths: { '/dashboard/overview': 'x' } }, '/dashboard/overview')).toBeUndefined();
  });
});

describe('early reads on a page load', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    setApiNavigator(vi.fn());
  });
  afterEach(() => {
    delete window.__earlyReads;
    setApiNavigator(null);
    vi.unstubAllGlobals();
  });

  const goal = { id: 'g', startWeightKg: 90, targetWeightKg: 80, startDate: '2025-01-01', targetDate: '2025-12-31' };

  it('are asked for before the store exists, and the store takes the answers over instead of asking again', async () => {
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(auth));
    localStorage.setItem(READ_AHEAD_STORAGE_KEY, JSON.stringify(visit(['/api/goals?none=null'])));
    const { calls } = installFetchMock((call) => (call.path === '/api/goals?none=null' ? json(200, goal) : json(404)));
    startEarlyReads();
    expect(calls.map((c) => [c.path, c.headers.get('authorization')])).toEqual([['/api/goals?none=null', `Bearer ${TOKEN_1}`]]);

    const store = createAppStore();
    const result = await store.dispatch(api.endpoints.getGoal.initiate());
    expect(result.data).toMatchObject({ id: 'g', targetWeightKg: 80 });
    expect(calls).toHaveLength(1);
    // taken once: a later read of the same URL goes to the network
    await store.dispatch(api.endpoints.getGoal.initiate(undefined, { forceRefetch: true }));
    expect(calls).toHaveLength(2);
  });

  it('are not taken by a read with another token, and none start without the user’s log', async () => {
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(auth));
    localStorage.setItem(READ_AHEAD_STORAGE_KEY, JSON.stringify(visit(['/api/goals?none=null'])));
    const { calls } = installFetchMock(() => json(200, goal));
    startEarlyReads();
    const store = createAppStore({ auth: { user, accessToken: TOKEN_2, persist: false } });
    await store.dispatch(api.endpoints.getGoal.initiate());
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual([`Bearer ${TOKEN_1}`, `Bearer ${TOKEN_2}`]);

    delete window.__earlyReads;
    localStorage.clear();
    const none = installFetchMock(() => json(200, goal));
    startEarlyReads();
    expect(none.calls).toEqual([]);
    expect(window.__earlyReads).toBeUndefined();
  });

  it('a failed early read is asked again by the store, not shown as an error', async () => {
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(auth));
    localStorage.setItem(READ_AHEAD_STORAGE_KEY, JSON.stringify(visit(['/api/goals?none=null'])));
    let first = true;
    const { calls } = installFetchMock(() => {
      if (first) {
        first = false;
        throw new TypeError('network down');
      }
      return json(200, goal);
    });
    startEarlyReads();
    const result = await createAppStore().dispatch(api.endpoints.getGoal.initiate());
    expect(result.data).toMatchObject({ id: 'g' });
    expect(calls).toHaveLength(2);
  });
});
