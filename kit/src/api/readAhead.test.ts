// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../state/store';
import { apiError, installFetchMock, json } from '../test/fetchMock';
import { makeUser } from '../test/fixtures';
import { api } from './apiSlice';
import { setApiNavigator } from './navigation';
import {
  answeredUrl,
  logRead,
  logUrl,
  MAX_PATHS,
  MAX_READS,
  neverReadAhead,
  READ_AHEAD_STORAGE_KEY,
  readAhead,
  readAheadRecorder,
  readsFor,
  subscribedRead,
  type ReadLog,
} from './readAhead';

const goal = { endpoint: 'getGoal', args: undefined };
const year = { endpoint: 'getWeights', args: { startDate: '2025-01-01', endDate: '2025-12-31' } };

describe('the read log', () => {
  it('keeps each path’s last visit, once per read, for one user', () => {
    let log = logRead(undefined, 'u1', '/dashboard/overview', goal, true);
    log = logRead(log, 'u1', '/dashboard/overview', year, false);
    log = logRead(log, 'u1', '/dashboard/overview', { ...year, args: { ...year.args } }, false);
    expect(readsFor(log, 'u1', '/dashboard/overview')).toEqual([goal, year]);
    // the next visit replaces it
    log = logRead(log, 'u1', '/dashboard/overview', year, true);
    expect(readsFor(log, 'u1', '/dashboard/overview')).toEqual([year]);
    // another user starts from nothing, and never gets the first one's reads
    const other = logRead(log, 'u2', '/dashboard/analytics', goal, true);
    expect(other.paths).toEqual({ '/dashboard/analytics': [goal] });
    expect(readsFor(log, 'u2', '/dashboard/overview')).toEqual([]);
    expect(readsFor(log, undefined, '/dashboard/overview')).toEqual([]);
  });

  it('is bounded: reads per visit and paths remembered', () => {
    let log: ReadLog | undefined;
    for (let i = 0; i < MAX_READS + 5; i++) log = logRead(log, 'u1', '/p', { endpoint: 'getWeights', args: { i } }, i === 0);
    expect(readsFor(log, 'u1', '/p')).toHaveLength(MAX_READS);
    for (let i = 0; i < MAX_PATHS + 3; i++) log = logRead(log, 'u1', `/q${i}`, goal, true);
    expect(Object.keys(log!.paths)).toHaveLength(MAX_PATHS);
    expect(readsFor(log, 'u1', '/q0')).toEqual([]);
    expect(readsFor(log, 'u1', `/q${MAX_PATHS + 2}`)).toEqual([goal]);
  });

  it('reads nothing from a damaged log', () => {
    expect(readsFor({ user: 'u1', paths: null } as unknown as ReadLog, 'u1', '/p')).toEqual([]);
    expect(readsFor({ user: 'u1', paths: { '/p': 'x' } } as unknown as ReadLog, 'u1', '/p')).toEqual([]);
    expect(readsFor({ user: 'u1', paths: { '/p': [null, goal] } } as unknown as ReadLog, 'u1', '/p')).toEqual([goal]);
  });

  it('counts what a screen subscribes to, not prefetches or refetches', () => {
    const arg = { type: 'query', subscribe: true, endpointName: 'getGoal', originalArgs: undefined };
    expect(subscribedRead({ type: 'api/executeQuery/pending', meta: { arg } }, 'api')).toEqual(goal);
    // found in the cache: RTK Query subscribes through a call it does not run
    expect(subscribedRead({ type: 'api/executeQuery/rejected', meta: { arg, condition: true } }, 'api')).toEqual(goal);
    expect(subscribedRead({ type: 'api/executeQuery/rejected', meta: { arg } }, 'api')).toBeUndefined();
    expect(subscribedRead({ type: 'api/executeQuery/pending', meta: { arg: { ...arg, subscribe: false } } }, 'api')).toBeUndefined();
    expect(subscribedRead({ type: 'api/executeMutation/pending', meta: { arg: { ...arg, type: 'mutation' } } }, 'api')).toBeUndefined();
  });

  it('leaves out endpoints marked never to be read ahead (an import job, gone by the next visit)', () => {
    const arg = { type: 'query', subscribe: true, endpointName: 'getUploadJob', originalArgs: 'job-1' };
    const action = { type: 'api/executeQuery/pending', meta: { arg } };
    expect(subscribedRead(action, 'api')).toEqual({ endpoint: 'getUploadJob', args: 'job-1' });
    neverReadAhead('getUploadJob');
    expect(subscribedRead(action, 'api')).toBeUndefined();
  });
});

describe('the URL of a logged read', () => {
  it('is set on that read of the path’s last visit, and on nothing else', () => {
    const log = logRead(logRead(undefined, 'u1', '/dashboard/overview', goal, true), 'u1', '/dashboard/overview', year, false);
    const withUrl = logUrl(log, 'u1', '/dashboard/overview', { ...year, args: { ...year.args } }, '/api/weights?x=1');
    expect(readsFor(withUrl, 'u1', '/dashboard/overview')).toEqual([goal, { ...year, url: '/api/weights?x=1' }]);
    expect(logUrl(log, 'u2', '/dashboard/overview', year, '/api/weights')).toBe(log);
    expect(logUrl(log, 'u1', '/dashboard/analytics', year, '/api/weights')).toBe(log);
    expect(logUrl(log, 'u1', '/dashboard/overview', { endpoint: 'getMe', args: undefined }, '/api/users/me')).toBe(log);
  });

  it('is read from a query’s answer: same-origin API GETs only', () => {
    const answer = (method: string, url: string) => ({
      type: 'api/executeQuery/fulfilled',
      meta: { arg: { queryCacheKey: 'getGoal(undefined)' }, baseQueryMeta: { request: { method, url } } },
    });
    expect(answeredUrl(answer('GET', 'http://localhost:3000/api/goals?a=1'), 'api')).toEqual({
      key: 'getGoal(undefined)',
      url: '/api/goals?a=1',
    });
    expect(answeredUrl(answer('POST', 'http://localhost:3000/api/weights'), 'api')).toBeUndefined();
    expect(answeredUrl(answer('GET', 'http://localhost:3000/remotes.json'), 'api')).toBeUndefined();
    expect(answeredUrl({ ...answer('GET', '/api/goals?none=null'), type: 'api/executeQuery/pending' }, 'api')).toBeUndefined();
  });
});

describe('read-ahead', () => {
  const user = makeUser();
  const signedIn = () => createAppStore({ auth: { user, accessToken: 'token', persist: false } });
  const answers = () =>
    installFetchMock((call) => {
      if (call.path === '/api/goals?none=null')
        return json(200, { id: 'g', startWeightKg: 90, targetWeightKg: 80, startDate: '2025-01-01', targetDate: '2025-12-31' });
      if (call.path.startsWith('/api/weights?')) return json(200, []);
      return apiError(404, 'Not found');
    });

  beforeEach(() => {
    localStorage.clear();
    setApiNavigator(vi.fn());
  });
  afterEach(() => {
    setApiNavigator(null);
    vi.unstubAllGlobals();
  });

  it('starts a path’s opening reads on the next load, and the screen then asks for nothing twice', async () => {
    // the first visit: the screen's hooks ask for the goal and a year
    answers();
    const first = signedIn();
    await first.dispatch(api.endpoints.getGoal.initiate());
    await first.dispatch(api.endpoints.getWeights.initiate(year.args));
    // with the URL each was sent to, which the page's first script asks for on the next load (earlyReads.ts)
    const urls = { goal: '/api/goals?none=null', year: '/api/weights?start_date=2025-01-01&end_date=2025-12-31' };
    expect(JSON.parse(localStorage.getItem(READ_AHEAD_STORAGE_KEY)!)).toEqual({
      user: user.id,
      paths: {
        '/dashboard/overview': [
          { ...goal, url: urls.goal },
          { ...year, url: urls.year },
        ],
      },
    });

    // the next load: both are asked for before any screen subscribes
    const { calls } = answers();
    const next = signedIn();
    readAhead(next, '/dashboard/overview');
    expect(calls.map((c) => c.path)).toEqual([]);
    await vi.waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual(['/api/goals?none=null', '/api/weights?start_date=2025-01-01&end_date=2025-12-31']),
    );
    // the screen's hooks find them
    await next.dispatch(api.endpoints.getGoal.initiate());
    await next.dispatch(api.endpoints.getWeights.initiate(year.args));
    expect(calls).toHaveLength(2);
    // and the log still holds what the screen asked for, answered by the reads ahead
    expect(JSON.parse(localStorage.getItem(READ_AHEAD_STORAGE_KEY)!).paths['/dashboard/overview']).toEqual([
      { ...goal, url: urls.goal },
      { ...year, url: urls.year },
    ]);
  });

  it('reads nothing ahead signed out, for another user, or for a path never visited', async () => {
    answers();
    const first = signedIn();
    await first.dispatch(api.endpoints.getGoal.initiate());
    const { calls } = answers();
    readAhead(createAppStore({ auth: { user: null, accessToken: null, persist: false } }), '/dashboard/overview');
    readAhead(
      createAppStore({ auth: { user: makeUser({ id: 'someone-else' }), accessToken: 't', persist: false } }),
      '/dashboard/overview',
    );
    readAhead(signedIn(), '/dashboard/analytics');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });

  it('records only a visit’s opening reads', () => {
    let clock = 0;
    let here = '/dashboard/overview';
    const record = readAheadRecorder('api', { now: () => clock, path: () => here });
    const state = { auth: { user: { id: 'u1' } } };
    const dispatch = record({ getState: () => state, dispatch: vi.fn() })((a) => a);
    const asked = (endpointName: string, originalArgs?: unknown) =>
      dispatch({ type: 'api/executeQuery/pending', meta: { arg: { type: 'query', subscribe: true, endpointName, originalArgs } } });
    const saved = () => (JSON.parse(localStorage.getItem(READ_AHEAD_STORAGE_KEY)!) as ReadLog).paths;
    asked('getGoal');
    clock = 2000;
    asked('getLatestWeight');
    // a period chosen later is the person's doing, not the screen's opening
    clock = 9000;
    asked('getWeights', { startDate: '2020-01-01', endDate: '2025-01-01' });
    expect(saved()['/dashboard/overview']!.map((r) => r.endpoint)).toEqual(['getGoal', 'getLatestWeight']);
    // another route is a new visit with its own window
    here = '/dashboard/analytics';
    asked('getGoal');
    expect(saved()['/dashboard/analytics']).toEqual([goal]);
    // signing out forgets it all
    dispatch({ type: 'auth/loggedOut' });
    expect(localStorage.getItem(READ_AHEAD_STORAGE_KEY)).toBeNull();
  });
});
