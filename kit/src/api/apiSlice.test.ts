import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createAppStore } from '../state/store';
import { apiError, installFetchMock, json, type MockCall } from '../test/fetchMock';
import { api } from './apiSlice';
import { setApiNavigator, type ApiNavigator } from './navigation';
import { LOGOUT_SETTLE_MS, logoutUser, restoreSession } from './session';
import { trackSave } from './savesUnderWay';
import { makeUser } from '../test/fixtures';
import { logoutCompleted, sessionRotated, setAuth } from '../state/authSlice';

const user = makeUser({ unitPreference: 'IMPERIAL', weekStartsOn: 1 });

const signedIn = () => createAppStore({ auth: { user, accessToken: 'token', persist: false } });

let navigate: Mock<ApiNavigator>;
beforeEach(() => {
  navigate = vi.fn<ApiNavigator>();
  setApiNavigator(navigate);
});
afterEach(() => {
  setApiNavigator(null);
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it.each([
    [
      'login',
      () => api.endpoints.login.initiate({ email: 'a@b.c', password: 'pw', remember: true }),
      'POST',
      '/api/auth/login',
      '{"email":"a@b.c","password":"pw","remember":true}',
    ],
    [
      'register',
      () => api.endpoints.register.initiate({ firstName: 'A', lastName: 'B', email: 'a@b.c', password: 'pw' }),
      'POST',
      '/api/auth/register',
      '{"firstName":"A","lastName":"B","email":"a@b.c","password":"pw"}',
    ],
    ['refreshToken', () => api.endpoints.refreshToken.initiate(), 'GET', '/api/auth/token', null],
    ['logout', () => api.endpoints.logout.initiate(), 'POST', '/api/auth/logout', ''],
    ['getMe', () => api.endpoints.getMe.initiate(), 'GET', '/api/users/me', null],
    [
      'updateMe',
      () => api.endpoints.updateMe.initiate({ firstName: 'Ada', weekStartsOn: 0 }),
      'PATCH',
      '/api/users/me',
      '{"firstName":"Ada","weekStartsOn":0}',
    ],
    ['deleteAvatar', () => api.endpoints.deleteAvatar.initiate(), 'DELETE', '/api/users/me/avatar', ''],
    [
      'getWeights',
      () => api.endpoints.getWeights.initiate({ startDate: '2025-01-01', endDate: '2025-01-31' }),
      'GET',
      '/api/weights?start_date=2025-01-01&end_date=2025-01-31',
      null,
    ],
    ['getWeights (all)', () => api.endpoints.getWeights.initiate({}), 'GET', '/api/weights', null],
    ['getWeightByDate', () => api.endpoints.getWeightByDate.initiate('2025-01-05'), 'GET', '/api/weights/date/2025-01-05?none=null', null],
    ['getLatestWeight', () => api.endpoints.getLatestWeight.initiate(), 'GET', '/api/weights/latest?none=null', null],
    ['getEarliestWeight', () => api.endpoints.getEarliestWeight.initiate(), 'GET', '/api/weights/earliest?none=null', null],
    [
      'saveWeight',
      () => api.endpoints.saveWeight.initiate({ weightKg: 72.5, date: '2025-01-05', notes: 'hi' }),
      'POST',
      '/api/weights',
      '{"weightKg":72.5,"date":"2025-01-05","notes":"hi"}',
    ],
    ['deleteWeight', () => api.endpoints.deleteWeight.initiate('2025-01-05'), 'DELETE', '/api/weights/date/2025-01-05', ''],
    [
      'getAverages',
      () => api.endpoints.getAverages.initiate({ mode: 'weekly', startDate: '2025-01-01', endDate: '2025-03-31', weekStartsOn: 0 }),
      'GET',
      '/api/weights/average/weekly?start_date=2025-01-01&end_date=2025-03-31&week_starts_on=0',
      null,
    ],
    ['getGoal', () => api.endpoints.getGoal.initiate(), 'GET', '/api/goals?none=null', null],
    ['updateGoal', () => api.endpoints.updateGoal.initiate({ targetWeightKg: 70 }), 'PATCH', '/api/goals', '{"targetWeightKg":70}'],
  ] as const)('%s → %s %s', async (_name, action, method, path, body) => {
    const { calls } = installFetchMock(() => json(200, {}));
    await signedIn().dispatch(action() as never);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method, path });
    if (body !== null) expect(calls[0].body).toBe(body);
    if (typeof body === 'string' && body !== '') expect(calls[0].headers.get('content-type')).toBe('application/json');
  });

  it('uploadAvatar sends multipart with the file in field avatar', async () => {
    const { calls } = installFetchMock(() => json(200, { ...user, avatarUrl: '/api/avatars/x' }));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    const result = await signedIn().dispatch(api.endpoints.uploadAvatar.initiate(file));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/users/me/avatar' });
    const form = calls[0].body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const sent = form.get('avatar') as File;
    expect(sent.name).toBe('me.png');
    expect(sent.size).toBe(4);
    expect('data' in result && result.data?.avatarUrl).toBe('/api/avatars/x');
  });
});

describe('404 is "none", not an error (an API deployed before none=null)', () => {
  it.each([
    ['getGoal', () => api.endpoints.getGoal.initiate()],
    ['getLatestWeight', () => api.endpoints.getLatestWeight.initiate()],
    ['getEarliestWeight', () => api.endpoints.getEarliestWeight.initiate()],
    ['getWeightByDate', () => api.endpoints.getWeightByDate.initiate('2025-01-05')],
  ] as const)('%s resolves with null data', async (_name, action) => {
    installFetchMock(() => apiError(404, 'Not found'));
    const result = (await signedIn().dispatch(action() as never)) as { isSuccess: boolean; isError: boolean; data: unknown };
    expect(result.isSuccess).toBe(true);
    expect(result.isError).toBe(false);
    expect(result.data).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 404 goal still resolves with null after a 403 refresh and retry', async () => {
    installFetchMock((call) => {
      if (call.path === '/api/auth/token') return json(200, { accessToken: 'fresh' });
      return call.headers.get('authorization') === 'Bearer fresh' ? apiError(404, 'No goal') : apiError(403, 'Expired');
    });
    const result = await signedIn().dispatch(api.endpoints.getGoal.initiate());
    expect(result.data).toBeNull();
    expect(result.isSuccess).toBe(true);
  });

  it('a 404 elsewhere (deleteWeight) stays an error for the caller', async () => {
    installFetchMock(() => apiError(404, 'No entry'));
    const result = await signedIn().dispatch(api.endpoints.deleteWeight.initiate('2025-01-05'));
    expect('error' in result && result.error).toMatchObject({ status: 404 });
  });
});

describe('cache tags', () => {
  /** A server with one entry list; counts GETs per path prefix. */
  function weightServer() {
    let entries = [{ id: 1, date: '2025-01-01', weightKg: 80, notes: null }];
    const { calls } = installFetchMock((call: MockCall) => {
      if (call.method === 'POST' && call.path === '/api/weights') {
        const body = JSON.parse(call.body as string);
        entries = [...entries, { id: entries.length + 1, notes: null, ...body }];
        return json(201, entries.at(-1));
      }
      if (call.method === 'DELETE') {
        entries = entries.slice(0, -1);
        return json(204);
      }
      if (call.path.startsWith('/api/weights/average')) return json(200, [{ month: '2025-01', average: 80, count: entries.length }]);
      if (call.path === '/api/weights/latest?none=null') return json(200, entries.at(-1));
      if (call.path.startsWith('/api/weights/date/')) return json(200, null);
      if (call.path.startsWith('/api/weights')) return json(200, entries);
      if (call.path === '/api/goals?none=null')
        return json(200, { startWeightKg: 80, targetWeightKg: 70, startDate: '2025-01-01', targetDate: '2025-06-01' });
      if (call.path === '/api/users/me') return json(200, user);
      return json(200, user);
    });
    const count = (method: string, prefix: string) => calls.filter((c) => c.method === method && c.path.startsWith(prefix)).length;
    return { calls, count };
  }

  it('saveWeight refetches every active weight query (list, per-date, latest, averages)', async () => {
    const { count } = weightServer();
    const store = signedIn();
    const range = { startDate: '2025-01-01', endDate: '2025-01-31' };
    const subs = [
      store.dispatch(api.endpoints.getWeights.initiate(range)),
      store.dispatch(api.endpoints.getLatestWeight.initiate()),
      store.dispatch(api.endpoints.getWeightByDate.initiate('2025-01-02')),
      store.dispatch(api.endpoints.getAverages.initiate({ mode: 'monthly', ...range, weekStartsOn: 0 })),
      store.dispatch(api.endpoints.getGoal.initiate()),
    ];
    await Promise.all(subs);
    expect(count('GET', '/api/weights?')).toBe(1);

    await store.dispatch(api.endpoints.saveWeight.initiate({ weightKg: 79, date: '2025-01-02' }));
    await vi.waitFor(() => {
      expect(count('GET', '/api/weights?')).toBe(2);
      expect(count('GET', '/api/weights/latest')).toBe(2);
      expect(count('GET', '/api/weights/date/')).toBe(2);
      expect(count('GET', '/api/weights/average/')).toBe(2);
    });
    await vi.waitFor(() => expect(api.endpoints.getWeights.select(range)(store.getState()).data).toHaveLength(2));
    // The goal is another tag: untouched.
    expect(count('GET', '/api/goals')).toBe(1);
    subs.forEach((s) => s.unsubscribe());
  });

  it('deleteWeight refetches the list', async () => {
    const { count } = weightServer();
    const store = signedIn();
    const sub = store.dispatch(api.endpoints.getWeights.initiate({}));
    await sub;
    await store.dispatch(api.endpoints.deleteWeight.initiate('2025-01-01'));
    await vi.waitFor(() => expect(count('GET', '/api/weights')).toBe(2));
    sub.unsubscribe();
  });

  it('a failed save (422) refetches nothing', async () => {
    const { calls } = installFetchMock((call) => (call.method === 'POST' ? apiError(422, 'Invalid') : json(200, [])));
    const store = signedIn();
    const sub = store.dispatch(api.endpoints.getWeights.initiate({}));
    await sub;
    const result = await store.dispatch(api.endpoints.saveWeight.initiate({ weightKg: -1, date: '2025-01-02' }));
    expect('error' in result && result.error).toMatchObject({ status: 422 });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    sub.unsubscribe();
  });

  it('updateGoal refetches the goal; updateMe and avatar calls refetch the user', async () => {
    const { count } = weightServer();
    const store = signedIn();
    const subs = [store.dispatch(api.endpoints.getGoal.initiate()), store.dispatch(api.endpoints.getMe.initiate())];
    await Promise.all(subs);
    await store.dispatch(api.endpoints.updateGoal.initiate({ targetWeightKg: 68 }));
    await vi.waitFor(() => expect(count('GET', '/api/goals')).toBe(2));
    expect(count('GET', '/api/users/me')).toBe(1);
    await store.dispatch(api.endpoints.updateMe.initiate({ firstName: 'Ada' }));
    await vi.waitFor(() => expect(count('GET', '/api/users/me')).toBe(2));
    await store.dispatch(api.endpoints.uploadAvatar.initiate(new Blob(['x'], { type: 'image/png' })));
    await vi.waitFor(() => expect(count('GET', '/api/users/me')).toBe(3));
    await store.dispatch(api.endpoints.deleteAvatar.initiate());
    await vi.waitFor(() => expect(count('GET', '/api/users/me')).toBe(4));
    expect(count('GET', '/api/goals')).toBe(2);
    subs.forEach((s) => s.unsubscribe());
  });

  it('a password change stores the new access token before the user is re-read with it', async () => {
    const { calls } = installFetchMock((call) => {
      if (call.method === 'PATCH') return json(200, { ...user, accessToken: 'rotated' });
      const bearer = call.headers.get('authorization');
      return bearer === 'Bearer rotated' || !calls.some((c) => c.method === 'PATCH') ? json(200, user) : apiError(403, 'Session ended');
    });
    const store = signedIn();
    const sub = store.dispatch(api.endpoints.getMe.initiate());
    await sub;
    await store.dispatch(api.endpoints.updateMe.initiate({ password: 'a new passphrase', currentPassword: 'old one' }));
    expect(store.getState().auth.accessToken).toBe('rotated');
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/api/users/me' && c.method === 'GET')).toHaveLength(2));
    const reread = calls.filter((c) => c.path === '/api/users/me' && c.method === 'GET')[1];
    expect(reread.headers.get('authorization')).toBe('Bearer rotated');
    expect(calls.some((c) => c.path === '/api/auth/token')).toBe(false);
    sub.unsubscribe();
  });

  it('a successful login starts from an empty cache', async () => {
    installFetchMock((call) => (call.path === '/api/auth/login' ? json(200, { ...user, accessToken: 'new' }) : json(200, [])));
    const store = signedIn();
    await store.dispatch(api.endpoints.getWeights.initiate({}));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);
    const result = await store.dispatch(api.endpoints.login.initiate({ email: 'a@b.c', password: 'pw' })).unwrap();
    expect(result.accessToken).toBe('new');
    await vi.waitFor(() => expect(store.getState().api.queries).toEqual({}));
  });
});

/** The API with one save held until the test answers it (`answerSave`); anything else answers 204. */
function holdingSave(method: string, path: string, answer: unknown) {
  const held = { answerSave: () => {} };
  const { calls } = installFetchMock(async (call) => {
    if (call.method !== method || call.path !== path) return json(204);
    await new Promise<void>((resolve) => (held.answerSave = resolve));
    return json(200, answer);
  });
  return { calls, answerSave: () => held.answerSave() };
}

describe('logoutUser', () => {
  it('clears auth at once, turns persist off, calls logout and resets the API state', async () => {
    let authWhenCalled: unknown;
    const store = createAppStore({ auth: { user, accessToken: 'token', persist: true } });
    const { calls } = installFetchMock((call) => {
      if (call.path === '/api/auth/logout') {
        authWhenCalled = store.getState().auth;
        return json(204);
      }
      return json(200, user);
    });
    await store.dispatch(api.endpoints.getMe.initiate());
    expect(store.getState().api.queries).not.toEqual({});
    await store.dispatch(logoutUser());
    expect(authWhenCalled).toMatchObject({ user: null, accessToken: null, persist: false });
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/auth/logout' });
    expect(store.getState().auth).toEqual({ user: null, accessToken: null, persist: false, loggedOut: true, leavingToken: null });
    expect(store.getState().api.queries).toEqual({});
    expect(navigate).not.toHaveBeenCalled();
  });

  it('calls off the reads on their way, and lets a save already sent finish with the session before ending it', async () => {
    const order: string[] = [];
    const answers: Array<() => void> = [];
    const store = signedIn();
    const { fetchMock } = installFetchMock(async (call) => {
      order.push(`sent ${call.method} ${call.path}`);
      if (call.path === '/api/auth/logout') return json(204);
      await new Promise<void>((resolve) => answers.push(resolve));
      order.push(`answered ${call.method} ${call.path}`);
      return json(200, { id: 'e1', weightKg: 70, date: '2025-01-05', notes: null });
    });
    const read = store.dispatch(api.endpoints.getWeights.initiate({ startDate: '2025-01-01', endDate: '2025-01-07' }));
    const save = store.dispatch(api.endpoints.saveWeight.initiate({ weightKg: 70, date: '2025-01-05' }));
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const readSignal = (fetchMock.mock.calls[0]![0] as Request).signal;
    const logout = store.dispatch(logoutUser());
    expect(store.getState().auth.user).toBeNull();
    expect(readSignal.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order.at(-1)).not.toContain('logout');
    answers[1]!();
    await logout;
    expect(order.slice(2)).toEqual(['answered POST /api/weights', 'sent POST /api/auth/logout']);
    expect('data' in (await save)).toBe(true);
    read.unsubscribe();
  });

  it('ends the session after LOGOUT_SETTLE_MS when a save sent before never answers', async () => {
    vi.useFakeTimers();
    try {
      const store = signedIn();
      const { calls } = installFetchMock((call) => (call.path === '/api/auth/logout' ? json(204) : new Promise<Response>(() => {})));
      void store.dispatch(api.endpoints.saveWeight.initiate({ weightKg: 70, date: '2025-01-05' }));
      await vi.advanceTimersByTimeAsync(0);
      const logout = store.dispatch(logoutUser());
      await vi.advanceTimersByTimeAsync(LOGOUT_SETTLE_MS - 1);
      expect(calls.map((c) => c.path)).not.toContain('/api/auth/logout');
      await vi.advanceTimersByTimeAsync(1);
      await logout;
      expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/auth/logout' });
      expect(store.getState().api.mutations).toEqual({});
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the session after a save held it back, though the landing page has already said the logout is done', async () => {
    const store = signedIn();
    const { calls, answerSave } = holdingSave('POST', '/api/weights', { id: 'e1', weightKg: 70, date: '2025-01-05', notes: null });
    void store.dispatch(api.endpoints.saveWeight.initiate({ weightKg: 70, date: '2025-01-05' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const logout = store.dispatch(logoutUser());
    store.dispatch(logoutCompleted());
    answerSave();
    await logout;
    expect(calls.map((c) => c.path)).toEqual(['/api/weights', '/api/auth/logout']);
    expect(store.getState().auth).toMatchObject({ user: null, accessToken: null });
  });

  it("ends the session though a password change finishing meanwhile put the old session's new token back", async () => {
    const store = signedIn();
    const { calls, answerSave } = holdingSave('PATCH', '/api/users/me', { ...user, accessToken: 'rotated' });
    void store.dispatch(api.endpoints.updateMe.initiate({ password: 'new-password-1', currentPassword: 'old-password-1' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const logout = store.dispatch(logoutUser());
    store.dispatch(logoutCompleted());
    answerSave();
    await logout;
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/users/me', 'POST /api/auth/logout']);
    expect(store.getState().auth).toMatchObject({ user: null, accessToken: null });
  });

  it('names the session it leaves, so a sign-in while a save held the logout back stays signed in', async () => {
    const store = signedIn();
    const { calls, answerSave } = holdingSave('POST', '/api/weights', { id: 'e1', weightKg: 70, date: '2025-01-05', notes: null });
    void store.dispatch(api.endpoints.saveWeight.initiate({ weightKg: 70, date: '2025-01-05' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const logout = store.dispatch(logoutUser());
    store.dispatch(setAuth({ user, accessToken: 'new-session' }));
    await store.dispatch(api.endpoints.getGoal.initiate());
    answerSave();
    await logout;
    // the old session is ended by its own token; the new one, its token and what it read stay
    expect(calls.map((c) => `${c.path} ${c.headers.get('authorization') ?? ''}`)).toEqual([
      '/api/weights Bearer token',
      '/api/goals?none=null Bearer new-session',
      '/api/auth/logout Bearer token',
    ]);
    expect(store.getState().auth).toMatchObject({ user, accessToken: 'new-session', loggedOut: false });
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);
  });

  it('lets every call of a save marked as one land with the leaving session, then ends it; reads are not sent', async () => {
    const store = signedIn();
    const { calls, answerSave } = holdingSave('PATCH', '/api/users/me', user);
    const steps: string[] = [];
    const save = trackSave(
      (async () => {
        await store.dispatch(api.endpoints.updateMe.initiate({ firstName: 'Ada' })).unwrap();
        steps.push('profile');
        await store.dispatch(api.endpoints.updateGoal.initiate({ targetWeightKg: 70 })).unwrap();
        steps.push('goal');
        const reread = await store.dispatch(api.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }));
        steps.push(reread.error ? `reread refused ${String((reread.error as { status?: unknown }).status)}` : 'reread');
      })(),
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const logout = store.dispatch(logoutUser());
    expect(store.getState().auth).toMatchObject({ user: null, accessToken: null });
    // an auth call meanwhile (the landing page's) names no session
    await store.dispatch(api.endpoints.refreshToken.initiate());
    answerSave();
    await logout;
    await save;
    expect(steps).toEqual(['profile', 'goal', 'reread refused 401']);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.headers.get('authorization') ?? ''}`)).toEqual([
      'PATCH /api/users/me Bearer token',
      'GET /api/auth/token ',
      'PATCH /api/goals Bearer token',
      'POST /api/auth/logout Bearer token',
    ]);
    expect(store.getState().auth).toMatchObject({ user: null, accessToken: null, leavingToken: null });
    // once the session has ended, a save's call is refused before it is sent
    const late = await store.dispatch(api.endpoints.updateGoal.initiate({ targetWeightKg: 71 }));
    expect(late.error).toMatchObject({ status: 401 });
    expect(calls).toHaveLength(4);
  });

  it('a password change among the saves it waits for: their later calls and the logout go with the new session', async () => {
    const store = signedIn();
    const { calls, answerSave } = holdingSave('PATCH', '/api/users/me', { ...user, accessToken: 'rotated' });
    const save = trackSave(
      (async () => {
        // the endpoint itself keeps the new session's token
        await store.dispatch(api.endpoints.updateMe.initiate({ password: 'new-password-1' })).unwrap();
        await store.dispatch(api.endpoints.updateGoal.initiate({ targetWeightKg: 70 })).unwrap();
      })(),
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const logout = store.dispatch(logoutUser());
    answerSave();
    await logout;
    await save;
    // the old session ended with the password change; the new one is the one logout ends, and no token stays
    expect(calls.map((c) => `${c.method} ${c.path} ${c.headers.get('authorization') ?? ''}`)).toEqual([
      'PATCH /api/users/me Bearer token',
      'PATCH /api/goals Bearer rotated',
      'POST /api/auth/logout Bearer rotated',
    ]);
    expect(store.getState().auth).toMatchObject({ user: null, accessToken: null, leavingToken: null });
  });

  it('a password change while signed in just gives the page its new token', () => {
    const store = signedIn();
    store.dispatch(sessionRotated('rotated'));
    expect(store.getState().auth).toMatchObject({ user, accessToken: 'rotated' });
  });

  it('ignores a failing logout call', async () => {
    installFetchMock(() => {
      throw new TypeError('Failed to fetch');
    });
    const store = createAppStore({ auth: { user, accessToken: 'token', persist: true } });
    await expect(store.dispatch(logoutUser())).resolves.toBeUndefined();
    expect(store.getState().auth).toEqual({ user: null, accessToken: null, persist: false, loggedOut: true, leavingToken: null });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('restoreSession', () => {
  it('with persist and no token: refresh, load the user, sign in, take unit and week start from the user', async () => {
    const { calls } = installFetchMock((call) => {
      if (call.path === '/api/auth/token') return json(200, { accessToken: 'restored' });
      if (call.path === '/api/users/me' && call.headers.get('authorization') === 'Bearer restored') return json(200, user);
      return apiError(403, 'Nope');
    });
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
    await expect(store.dispatch(restoreSession())).resolves.toBe('signed-in');
    expect(store.getState().auth).toEqual({
      user,
      accessToken: 'restored',
      persist: true,
      loggedOut: false,
      signIns: 1,
      leavingToken: null,
    });
    expect(store.getState().preferences).toMatchObject({ unit: 'IMPERIAL', weekStartsOn: 1 });
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/token', '/api/users/me']);
  });

  it('without persist: signed out, no call', async () => {
    const { calls } = installFetchMock(() => json(200, {}));
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: false } });
    await expect(store.dispatch(restoreSession())).resolves.toBe('signed-out');
    expect(calls).toHaveLength(0);
  });

  it('already signed in: true, no call', async () => {
    const { calls } = installFetchMock(() => json(200, {}));
    await expect(signedIn().dispatch(restoreSession())).resolves.toBe('signed-in');
    expect(calls).toHaveLength(0);
  });

  it('refresh refused (401): signed out, auth cleared, no redirect', async () => {
    installFetchMock(() => apiError(401, 'No session'));
    const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
    await expect(store.dispatch(restoreSession())).resolves.toBe('signed-out');
    expect(store.getState().auth).toMatchObject({ user: null, accessToken: null });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('no answer (aborted by a reload, unreachable, 5xx): the session is kept for the next load, no redirect', async () => {
    for (const answer of [
      () => {
        throw new DOMException('The user aborted a request.', 'AbortError');
      },
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => apiError(502, 'Bad gateway'),
    ]) {
      installFetchMock(answer);
      const store = createAppStore({ auth: { user: null, accessToken: null, persist: true } });
      await expect(store.dispatch(restoreSession())).resolves.toBe('no-answer');
      expect(store.getState().auth).toMatchObject({ persist: true });
    }
    expect(navigate).not.toHaveBeenCalled();
  });
});
