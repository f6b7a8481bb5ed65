import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createAppStore } from '../state/store';
import { apiError, installFetchMock, json, type MockHandler } from '../test/fetchMock';
import { api } from './apiSlice';
import { errorRedirectTarget } from './baseQuery';
import { logoutUser } from './session';
import { noteReconnected, SETTLING_MS } from './connection';
import { setApiNavigator, type ApiNavigator } from './navigation';
import { makeUser } from '../test/fixtures';

const user = makeUser();

const FROM = '/dashboard/overview?tab=1';

function signedInStore(accessToken = 'old-token') {
  return createAppStore({ auth: { user, accessToken, persist: true } });
}

let navigate: Mock<ApiNavigator>;

beforeEach(() => {
  navigate = vi.fn<ApiNavigator>();
  setApiNavigator(navigate);
});

afterEach(() => {
  setApiNavigator(null);
  vi.unstubAllGlobals();
});

/** A server that accepts only `validToken` and hands it out on refresh. */
function tokenServer(validToken: string, refresh: () => Response): MockHandler {
  return (call) => {
    if (call.path === '/api/auth/token') return refresh();
    if (call.headers.get('authorization') !== `Bearer ${validToken}`) return apiError(403, 'Invalid token');
    if (call.path === '/api/users/me') return json(200, user);
    if (call.path === '/api/goals')
      return json(200, { startWeightKg: 80, targetWeightKg: 70, startDate: '2025-01-01', targetDate: '2025-06-01' });
    if (call.path.startsWith('/api/weights')) return json(200, []);
    return apiError(404, 'Not found');
  };
}

describe('bearer header', () => {
  it('sends the access token of the auth state', async () => {
    const { calls } = installFetchMock(() => json(200, user));
    const store = signedInStore('abc');
    await store.dispatch(api.endpoints.getMe.initiate());
    expect(calls[0].headers.get('authorization')).toBe('Bearer abc');
    expect(calls[0].path).toBe('/api/users/me');
  });

  it('sends no authorization header when signed out', async () => {
    const { calls } = installFetchMock(() => apiError(401, 'Unauthorized'));
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: false } });
    await store.dispatch(api.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    expect(calls[0].headers.has('authorization')).toBe(false);
  });

  it('uses credentials: include so the refresh cookie travels', async () => {
    const { fetchMock } = installFetchMock(() => json(200, user));
    await signedInStore().dispatch(api.endpoints.getMe.initiate());
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.credentials).toBe('include');
  });
});

describe('403: one shared refresh, one retry', () => {
  it('refreshes once for three concurrent calls, stores the token and retries each', async () => {
    const { calls } = installFetchMock(tokenServer('new-token', () => json(200, { accessToken: 'new-token' })));
    const store = signedInStore();
    const results = await Promise.all([
      store.dispatch(api.endpoints.getMe.initiate()),
      store.dispatch(api.endpoints.getGoal.initiate()),
      store.dispatch(api.endpoints.getWeights.initiate({ startDate: '2025-01-01', endDate: '2025-01-31' })),
    ]);
    expect(calls.filter((c) => c.path === '/api/auth/token')).toHaveLength(1);
    expect(results.map((r) => r.isSuccess)).toEqual([true, true, true]);
    expect(results[0].data).toEqual(user);
    expect(store.getState().auth.accessToken).toBe('new-token');
    // Each original call ran twice: once refused, once with the fresh token.
    expect(calls.filter((c) => c.path === '/api/users/me').map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not send the stale bearer token to the refresh call', async () => {
    const { calls } = installFetchMock(tokenServer('new-token', () => json(200, { accessToken: 'new-token' })));
    await signedInStore().dispatch(api.endpoints.getMe.initiate());
    const refresh = calls.find((c) => c.path === '/api/auth/token');
    expect(refresh?.method).toBe('GET');
    expect(refresh?.headers.has('authorization')).toBe(false);
  });

  it('a later 403 refreshes again (the in-flight promise is released)', async () => {
    let issued = 0;
    const { calls } = installFetchMock((call) => {
      if (call.path === '/api/auth/token') return json(200, { accessToken: `t${++issued}` });
      return call.headers.get('authorization') === `Bearer t${issued}` && issued > 0 ? json(200, user) : apiError(403, 'Expired');
    });
    const store = signedInStore();
    await store.dispatch(api.endpoints.getMe.initiate());
    issued++; // the server rotates the key: t1 is now refused
    await store.dispatch(api.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    expect(calls.filter((c) => c.path === '/api/auth/token')).toHaveLength(2);
  });

  it.each([401, 403, 400])('refresh refused (%i) clears auth and goes to /login with from', async (refused) => {
    const { calls } = installFetchMock(tokenServer('never', () => apiError(refused, 'No session')));
    const store = signedInStore();
    const results = await Promise.allSettled([
      store.dispatch(api.endpoints.getMe.initiate()).unwrap(),
      store.dispatch(api.endpoints.getGoal.initiate()).unwrap(),
      store.dispatch(api.endpoints.getLatestWeight.initiate()).unwrap(),
    ]);
    expect(calls.filter((c) => c.path === '/api/auth/token')).toHaveLength(1);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as { status: unknown }).status)).toEqual([403, 403, 403]);
    expect(store.getState().auth).toMatchObject({ user: null, accessToken: null });
    expect(navigate).toHaveBeenCalledWith('/login', { state: { from: FROM } });
  });

  it('a refresh that gets no answer (aborted by a reload, network down, 5xx) keeps the session and goes to /503', async () => {
    for (const refresh of [
      () => {
        throw new DOMException('The user aborted a request.', 'AbortError');
      },
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => apiError(503, 'Service unavailable'),
    ]) {
      navigate.mockClear();
      installFetchMock(tokenServer('never', refresh));
      const store = signedInStore();
      const before = store.getState().auth;
      await expect(store.dispatch(api.endpoints.getMe.initiate()).unwrap()).rejects.toMatchObject({ status: 'FETCH_ERROR' });
      expect(store.getState().auth).toEqual(before);
      expect(navigate).toHaveBeenCalledWith('/503', { state: { from: FROM } });
      expect(navigate).not.toHaveBeenCalledWith('/login', expect.anything());
    }
  });

  it('a retry refused again ends the session instead of looping', async () => {
    const { calls } = installFetchMock((call) =>
      call.path === '/api/auth/token' ? json(200, { accessToken: 'fresh' }) : apiError(403, 'Forbidden'),
    );
    const store = signedInStore();
    await expect(store.dispatch(api.endpoints.getMe.initiate()).unwrap()).rejects.toMatchObject({ status: 403 });
    expect(calls.filter((c) => c.path === '/api/users/me')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/api/auth/token')).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login', { state: { from: FROM } });
  });

  it("a refresh that answers with someone else's token (they signed in in another tab) ends this tab's session: their token is never used", async () => {
    const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const theirs = `${b64url({ alg: 'HS256' })}.${b64url({ sub: 'someone-else', sid: 's', role: 'USER' })}.sig`;
    const { calls } = installFetchMock((call) =>
      call.path === '/api/auth/token' ? json(200, { accessToken: theirs }) : apiError(403, 'Forbidden'),
    );
    const store = signedInStore();
    await expect(store.dispatch(api.endpoints.getMe.initiate()).unwrap()).rejects.toMatchObject({ status: 403 });
    expect(calls.filter((c) => c.headers.get('authorization') === `Bearer ${theirs}`)).toEqual([]);
    expect(store.getState().auth.accessToken).toBeNull();
    expect(store.getState().auth.user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { state: { from: FROM } });
  });

  it("a refresh that answers with the same person's token is taken", async () => {
    const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const mine = `${b64url({ alg: 'HS256' })}.${b64url({ sub: user.id, sid: 's', role: 'USER' })}.sig`;
    installFetchMock(tokenServer(mine, () => json(200, { accessToken: mine })));
    const store = signedInStore();
    expect((await store.dispatch(api.endpoints.getMe.initiate())).isSuccess).toBe(true);
    expect(store.getState().auth.accessToken).toBe(mine);
  });

  it('login itself never refreshes on 403', async () => {
    const { calls } = installFetchMock(() => apiError(403, 'Forbidden'));
    await signedInStore().dispatch(api.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    expect(calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a token about to end is renewed before the call', () => {
  const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const jwt = (id: string, endsInMs: number) => {
    const exp = Math.floor((Date.now() + endsInMs) / 1000);
    // the signed-in person's, each its own session
    return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: user.id, sid: id, iat: exp - 900, exp })}.sig`;
  };

  it('after a pause: one refresh, then each call goes out once with the fresh token, and no 403', async () => {
    const fresh = jwt('fresh', 900_000);
    const { calls } = installFetchMock(tokenServer(fresh, () => json(200, { accessToken: fresh })));
    const store = signedInStore(jwt('slept', -60_000));
    const results = await Promise.all([
      store.dispatch(api.endpoints.getMe.initiate()),
      store.dispatch(api.endpoints.getWeights.initiate({ startDate: '2025-01-01', endDate: '2025-01-31' })),
    ]);
    expect(results.map((r) => r.isSuccess)).toEqual([true, true]);
    expect(calls.map((c) => c.path)).toEqual([
      '/api/auth/token',
      '/api/users/me',
      '/api/weights?start_date=2025-01-01&end_date=2025-01-31',
    ]);
    expect(calls.slice(1).map((c) => c.headers.get('authorization'))).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(store.getState().auth.accessToken).toBe(fresh);
  });

  it('a token with minutes to go is sent as it is', async () => {
    const token = jwt('lasting', 600_000);
    const { calls } = installFetchMock(tokenServer(token, () => json(200, { accessToken: 'unused' })));
    await signedInStore(token).dispatch(api.endpoints.getMe.initiate());
    expect(calls.map((c) => c.path)).toEqual(['/api/users/me']);
  });

  it('a session that ended still ends at the 403: the call is sent, then the user signs in again', async () => {
    const { calls } = installFetchMock(tokenServer('none', () => apiError(401, 'No session')));
    await signedInStore(jwt('ended', -1000)).dispatch(api.endpoints.getMe.initiate());
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/token', '/api/users/me', '/api/auth/token']);
    expect(navigate).toHaveBeenCalledWith('/login', expect.anything());
  });
});

describe('signing out while calls are in flight', () => {
  it('does not redirect a call refused because the user has just logged out', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    installFetchMock(async (call) => {
      if (call.path === '/api/auth/token') return apiError(401, 'No session');
      await gate;
      return apiError(403, 'Session revoked');
    });
    const store = signedInStore();
    const pending = store.dispatch(api.endpoints.getGoal.initiate());
    store.dispatch({ type: 'auth/clearAuth' });
    release();
    await pending;
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect a 401 that arrives after sign-out', async () => {
    installFetchMock(() => apiError(401, 'No bearer token'));
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: false } });
    await store.dispatch(api.endpoints.getWeights.initiate({}));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not send to /503 the reads that logout cuts off', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock } = installFetchMock(async (call) => {
      if (call.path === '/api/auth/logout') return new Response(null, { status: 204 });
      await gate;
      return json(200, []);
    });
    // a browser rejects a call whose signal is aborted, as RTK Query does to every running call on logout
    vi.stubGlobal('fetch', (input: Request) =>
      Promise.race([
        fetchMock(input),
        new Promise<never>((_, reject) =>
          input.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))),
        ),
      ]),
    );
    const store = signedInStore();
    const reads = [store.dispatch(api.endpoints.getWeights.initiate({})), store.dispatch(api.endpoints.getGoal.initiate())];
    await store.dispatch(logoutUser());
    release();
    await Promise.all(reads);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['as logout takes the user away', true],
    ['after the landing page has said the logout is done (a save finishing reads the profile again)', false],
  ])('sends nothing that needs the token once logged out, %s, and redirects nowhere', async (_when, loggedOut) => {
    const { calls } = installFetchMock(() => apiError(401, 'No bearer token'));
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: false, loggedOut } });
    const result = await store.dispatch(api.endpoints.getWeights.initiate({}));
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    // the calls that carry the refresh cookie instead still go
    await store.dispatch(api.endpoints.logout.initiate());
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/logout']);
  });
});

describe('error pages', () => {
  it.each([
    [401, '/401'],
    [500, '/500'],
    [502, '/503'],
    [503, '/503'],
  ])('HTTP %i goes to %s with from', async (status, target) => {
    installFetchMock(() => apiError(status, 'Failure'));
    const result = await signedInStore().dispatch(api.endpoints.getMe.initiate());
    expect(result.isError).toBe(true);
    expect(navigate).toHaveBeenCalledWith(target, { state: { from: FROM } });
  });

  it("the API's own 503 asking to be tried again (Retry-After) stays on the screen, which shows its message", async () => {
    installFetchMock(() => {
      const busy = apiError(503, 'The service is busy. Try again in a moment.');
      busy.headers.set('Retry-After', '1');
      return busy;
    });
    const result = await signedInStore().dispatch(api.endpoints.getMe.initiate());
    expect(result.error).toMatchObject({ status: 503, data: { error: { message: 'The service is busy. Try again in a moment.' } } });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('no response goes to /503 with from', async () => {
    installFetchMock(() => {
      throw new TypeError('Failed to fetch');
    });
    const result = await signedInStore().dispatch(api.endpoints.getWeights.initiate({}));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(navigate).toHaveBeenCalledWith('/503', { state: { from: FROM } });
  });

  it('with no connection the screen stays: no answer is not sent to /503 while the browser is offline', async () => {
    installFetchMock(() => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const result = await signedInStore().dispatch(api.endpoints.getWeights.initiate({}));
      expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('with the connection just back, the screen stays too: its reads are asked for again once the network settles', async () => {
    installFetchMock(() => {
      throw new TypeError('Failed to fetch');
    });
    noteReconnected(Date.now());
    try {
      const result = await signedInStore().dispatch(api.endpoints.getWeights.initiate({}));
      expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
      expect(navigate).not.toHaveBeenCalled();
      noteReconnected(Date.now() - SETTLING_MS);
      await signedInStore().dispatch(api.endpoints.getWeights.initiate({}));
      expect(navigate).toHaveBeenCalledWith('/503', { state: { from: FROM } });
    } finally {
      noteReconnected(Number.NEGATIVE_INFINITY);
    }
  });

  it('a call sent with no connection that fails once the browser has it back leaves the screen as it is', async () => {
    const nav = { onLine: false };
    vi.stubGlobal('navigator', nav);
    installFetchMock(() => {
      nav.onLine = true; // the connection came back while the call was out; the page has not heard yet
      throw new TypeError('Failed to fetch');
    });
    const result = await signedInStore().dispatch(api.endpoints.getWeights.initiate({}));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect again when already on the target page', async () => {
    installFetchMock(() => apiError(500, 'Failure'), 'http://localhost:3000/500');
    await signedInStore().dispatch(api.endpoints.getMe.initiate());
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([400, 404, 413, 415, 422, 429])('HTTP %i is returned to the caller untouched', async (status) => {
    installFetchMock(() => apiError(status, 'Nope', [{ field: 'weightKg', issue: 'Too heavy' }]));
    const result = await signedInStore().dispatch(api.endpoints.saveWeight.initiate({ weightKg: 1, date: '2025-01-01' }));
    expect('error' in result && result.error).toEqual({
      status,
      data: { error: { message: 'Nope', details: [{ field: 'weightKg', issue: 'Too heavy' }] } },
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['login', (s: ReturnType<typeof signedInStore>) => s.dispatch(api.endpoints.login.initiate({ email: 'a@b.c', password: 'bad' }))],
    [
      'register',
      (s: ReturnType<typeof signedInStore>) =>
        s.dispatch(api.endpoints.register.initiate({ firstName: 'A', lastName: 'B', email: 'a@b.c', password: 'password1' })),
    ],
    ['refreshToken', (s: ReturnType<typeof signedInStore>) => s.dispatch(api.endpoints.refreshToken.initiate())],
    ['logout', (s: ReturnType<typeof signedInStore>) => s.dispatch(api.endpoints.logout.initiate())],
  ])('%s 401 stays in the form (no redirect)', async (_name, call) => {
    installFetchMock(() => apiError(401, 'Unauthorized', [{ field: 'general', issue: 'Email or password is incorrect' }]));
    const result = await call(signedInStore());
    expect('error' in result && result.error).toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('login with no response does not redirect either (the form handles it)', async () => {
    installFetchMock(() => {
      throw new TypeError('Failed to fetch');
    });
    await signedInStore().dispatch(api.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('the default navigator does a full page load', async () => {
    setApiNavigator(null);
    const { location } = installFetchMock(() => apiError(500, 'Failure'));
    await signedInStore().dispatch(api.endpoints.getMe.initiate());
    expect(location.assign).toHaveBeenCalledWith('/500');
  });
});

describe('errorRedirectTarget', () => {
  it.each([
    [{ status: 'FETCH_ERROR', error: 'x' }, '/503'],
    [{ status: 'TIMEOUT_ERROR', error: 'x' }, '/503'],
    [{ status: 'PARSING_ERROR', originalStatus: 500, data: '<html>', error: 'x' }, '/500'],
    [{ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'x' }, null],
    [{ status: 'CUSTOM_ERROR', error: 'x' }, null],
    [{ status: 401, data: null }, '/401'],
    [{ status: 500, data: null }, '/500'],
    [{ status: 504, data: null }, '/503'],
    [{ status: 503, data: { error: { message: 'The service is unavailable. Try again in a moment.', details: [] } } }, '/503'],
    [{ status: 503, data: { error: { message: 'Busy', details: [{ field: 'general', issue: 'Busy' }] } } }, null],
    [{ status: 403, data: null }, null],
    [{ status: 422, data: null }, null],
  ] as const)('%j → %s', (error, target) => {
    expect(errorRedirectTarget(error as never)).toBe(target);
  });
});
