import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { loggedOut } from '../state/authSlice';
import { local, READ_AHEAD_STORAGE_KEY, readJson, writeJson } from '../state/storage';
import { api } from './apiSlice';

/**
 * Read-ahead: a screen's data is asked for while its code is still on its way, not after. A remote screen's first reads
 * start only once its remote has loaded and rendered; the page knows which screen it shows long before. So each path
 * remembers the reads its screens opened with on the last visit (learned, not declared: a remote redeployed with other
 * reads is followed on the visit after), and the next load of that path starts them at once. The screen's own hooks then
 * find them in the cache, answered or on the way, and ask for nothing twice.
 */

/**
 * One read of kit's API: an endpoint and its arguments, as a screen's hook asked for them, and the URL it was sent to
 * (what the page's first script asks for before kit has loaded: api/earlyReads.ts).
 */
export interface Read {
  endpoint: string;
  args: unknown;
  url?: string;
}

/** The last visit's opening reads of each path, for one signed-in user. */
export interface ReadLog {
  user: string;
  paths: Record<string, Read[]>;
}

export { READ_AHEAD_STORAGE_KEY };
/** A visit's opening reads: those a screen starts within this long of the first (later ones follow what a person did). */
export const READ_WINDOW_MS = 3000;
/** More than this on one path is not a screen opening; the rest is left to the screen. */
export const MAX_READS = 12;
/** Paths remembered; the oldest visit is forgotten first. */
export const MAX_PATHS = 16;

const sameRead = (a: Read, b: Read) => a.endpoint === b.endpoint && JSON.stringify(a.args) === JSON.stringify(b.args);

/** The log with `read` added to the visit of `path` (`fresh`: the visit's first read, which replaces the last visit's). */
export function logRead(log: ReadLog | undefined, user: string, path: string, read: Read, fresh: boolean): ReadLog {
  const paths = log?.user === user ? { ...log.paths } : {};
  const earlier = fresh ? [] : (paths[path] ?? []);
  if (earlier.some((r) => sameRead(r, read)) || earlier.length >= MAX_READS) return { user, paths };
  delete paths[path];
  paths[path] = [...earlier, read];
  const names = Object.keys(paths);
  for (const name of names.slice(0, Math.max(0, names.length - MAX_PATHS))) delete paths[name];
  return { user, paths };
}

/** The log with the URL that `read`, of the last visit of `path`, was sent to. */
export function logUrl(log: ReadLog | undefined, user: string, path: string, read: Read, url: string): ReadLog | undefined {
  const reads = log?.user === user ? log.paths[path] : undefined;
  const i = reads?.findIndex((r) => sameRead(r, read)) ?? -1;
  if (!log || !reads || i < 0 || reads[i]!.url === url) return log;
  return { user, paths: { ...log.paths, [path]: reads.map((r, j) => (j === i ? { ...r, url } : r)) } };
}

/** What to read ahead on `path`: its last visit's opening reads, when they were this user's. */
export function readsFor(log: ReadLog | undefined, user: string | undefined, path: string): Read[] {
  if (!user || log?.user !== user || typeof log.paths !== 'object' || log.paths === null) return [];
  const reads = log.paths[path];
  return Array.isArray(reads) ? reads.filter((r) => typeof r?.endpoint === 'string').slice(0, MAX_READS) : [];
}

/** Endpoints never read ahead (see neverReadAhead). */
const transient = new Set<string>();

/**
 * Marks endpoints whose reads name something made during a visit (an uploaded file being read): gone by the next
 * visit, so reading it ahead would only ask for what no longer exists. A remote marks its own as it loads.
 */
export function neverReadAhead(...endpoints: string[]): void {
  for (const endpoint of endpoints) transient.add(endpoint);
}

interface QueryThunkAction {
  type: string;
  meta?: {
    condition?: boolean;
    arg?: { type?: string; subscribe?: boolean; endpointName?: string; originalArgs?: unknown; queryCacheKey?: string };
    baseQueryMeta?: { request?: { method?: string; url?: string } };
  };
}

/**
 * A screen's hook asking for a query: a fetch it starts (pending), or one it finds in the cache (a condition-rejected
 * call, which is how RTK Query subscribes to what it already has). Prefetches and refetches subscribe nothing and are
 * left out, so a read no screen asks for any more drops out of the log after one visit.
 */
export function subscribedRead(action: QueryThunkAction, reducerPath: string): Read | undefined {
  const arg = action.meta?.arg;
  if (arg?.type !== 'query' || arg.subscribe === false || !arg.endpointName || transient.has(arg.endpointName)) return undefined;
  const started = action.type === `${reducerPath}/executeQuery/pending`;
  const found = action.type === `${reducerPath}/executeQuery/rejected` && action.meta?.condition === true;
  return started || found ? { endpoint: arg.endpointName, args: arg.originalArgs } : undefined;
}

/** The same-origin path and query a query's answer came from, when it was a GET of the API. */
export function answeredUrl(action: QueryThunkAction, reducerPath: string): { key: string; url: string } | undefined {
  const key = action.meta?.arg?.queryCacheKey;
  const request = action.meta?.baseQueryMeta?.request;
  if (action.type !== `${reducerPath}/executeQuery/fulfilled` || !key || !request?.url || request.method !== 'GET') return undefined;
  const url = new URL(request.url, 'http://page.invalid');
  return url.pathname.startsWith('/api/') ? { key, url: url.pathname + url.search } : undefined;
}

/** URLs of the answers seen lately, by query: a read ahead is often answered before a screen subscribes to it. */
const ANSWERED_MAX = 64;

type UserState = { auth?: { user?: { id?: string } | null } };

/**
 * Records each path's opening reads (READ_WINDOW_MS from its first) in localStorage. `now` and `path` are the clock
 * and the page's location, replaceable in tests.
 */
export function readAheadRecorder(
  reducerPath: string,
  {
    now = () => Date.now(),
    path = () => (typeof location === 'undefined' ? '' : location.pathname),
  }: { now?: () => number; path?: () => string } = {},
): Middleware {
  let visit: { path: string; since: number; reads: Map<string, Read> } | undefined;
  const answered = new Map<string, string>();
  const noteUrl = (user: string, read: Read, url: string) => {
    const log = readJson<ReadLog>(local(), READ_AHEAD_STORAGE_KEY);
    const next = logUrl(log, user, visit!.path, read, url);
    if (next !== log) writeJson(local(), READ_AHEAD_STORAGE_KEY, next);
  };
  return (store) => (next) => (action) => {
    const result = next(action);
    // signing out forgets which reads this device's user opens screens with
    if (loggedOut.match(action)) writeJson(local(), READ_AHEAD_STORAGE_KEY, null);
    const user = (store.getState() as UserState).auth?.user?.id;
    const answer = answeredUrl(action as QueryThunkAction, reducerPath);
    if (answer) {
      answered.delete(answer.key);
      answered.set(answer.key, answer.url);
      if (answered.size > ANSWERED_MAX) answered.delete(answered.keys().next().value!);
      const read = visit?.reads.get(answer.key);
      if (read && user) noteUrl(user, read, answer.url);
      return result;
    }
    const read = subscribedRead(action as QueryThunkAction, reducerPath);
    if (!read || !user) return result;
    const here = path();
    const fresh = visit?.path !== here;
    if (fresh) visit = { path: here, since: now(), reads: new Map() };
    else if (now() - visit!.since > READ_WINDOW_MS) return result;
    const log = readJson<ReadLog>(local(), READ_AHEAD_STORAGE_KEY);
    writeJson(local(), READ_AHEAD_STORAGE_KEY, logRead(log, user, here, read, fresh));
    const key = (action as QueryThunkAction).meta?.arg?.queryCacheKey;
    if (key) {
      visit!.reads.set(key, read);
      const url = answered.get(key);
      if (url) noteUrl(user, read, url);
    }
    return result;
  };
}

type AuthState = { auth?: { accessToken?: string | null; user?: { id?: string } | null } };

/**
 * Starts the reads `path` opened with on its last visit, for the signed-in user, into the API's cache (prefetches: they
 * subscribe nothing, and the screen's hooks take them over). Endpoints a remote adds itself are not known yet at that
 * point and are left to the screen.
 */
export function readAhead(store: { dispatch: ThunkDispatch<unknown, unknown, UnknownAction>; getState(): unknown }, path: string): void {
  const { auth } = store.getState() as AuthState;
  if (!auth?.accessToken) return;
  const endpoints = api.endpoints as Record<string, object | undefined>;
  for (const { endpoint, args } of readsFor(readJson<ReadLog>(local(), READ_AHEAD_STORAGE_KEY), auth.user?.id, path)) {
    const known = Object.hasOwn(endpoints, endpoint) ? endpoints[endpoint] : undefined;
    if (!known || !('useQuery' in known)) continue;
    store.dispatch(api.util.prefetch(endpoint as never, args as never, {}));
  }
}
