import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { clearAuth, setAccessToken, type AuthState } from '../state/authSlice';
import { etagKey, heldAnswer, holdAnswer } from './etagCache';
import { redirectWithFrom } from './navigation';
import { connectionUnsettled } from './connection';
import { fetchOrTakeEarly } from './earlyReads';
import { isTokenOf } from './tokenClaims';
import { OFFLINE_USER_HEADER } from './offlineSession';
import { tokenRenewal } from './tokenRenewal';

export const API_BASE_URL = '/api/';
export const API_REDUCER_PATH = 'api';

/** Per-endpoint switches of the base query (set with `extraOptions`). */
export interface ApiExtraOptions {
  /** Auth endpoints (login, register, token, logout): no refresh, no redirects; errors go to the form. */
  skipAuthHandling?: boolean;
  /** 404 is the normal "none" answer here: resolve with `null` data instead of an error. */
  notFoundAsNull?: boolean;
  /** No answer is the caller's to handle (a weight it keeps on the device instead), not a trip to the 503 page. */
  noAnswerToCaller?: boolean;
}

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions, FetchBaseQueryMeta>;

type StateWithAuth = { auth?: AuthState };

function accessTokenOf(api: Pick<BaseQueryApi, 'getState'>): string | null {
  return (api.getState() as StateWithAuth).auth?.accessToken ?? null;
}

/**
 * The token a call is sent with: the session's; while logout lets the saves under way finish, a save's later calls
 * still go with the leaving session's (reads are not sent then: nobody will show them).
 */
function tokenFor(api: Pick<BaseQueryApi, 'getState' | 'type'>): string | null {
  const auth = (api.getState() as StateWithAuth).auth;
  return auth?.accessToken ?? (api.type === 'mutation' ? (auth?.leavingToken ?? null) : null);
}

const withHeader = (args: string | FetchArgs, name: string, value: string): FetchArgs => {
  const request = typeof args === 'string' ? { url: args } : args;
  return { ...request, headers: { ...(request.headers as Record<string, string> | undefined), [name]: value } };
};
const withBearer = (args: string | FetchArgs, token: string): FetchArgs => withHeader(args, 'authorization', `Bearer ${token}`);

/** The person let in offline (no token until the session is back), or null. */
function offlineUserOf(api: Pick<BaseQueryApi, 'getState'>): string | null {
  const auth = (api.getState() as StateWithAuth).auth;
  return auth?.offline && !auth.accessToken && auth.user ? auth.user.id : null;
}

/** Said of every save made while let in offline: the caller keeps a weight on the device, a form says so. */
const NO_SESSION_YET: FetchBaseQueryError = {
  status: 'FETCH_ERROR',
  error: 'Offline: the session is restored when the connection returns',
};

/**
 * Let in offline: reads are answered from what this device kept for the person (the service worker's copy; nothing
 * is sent on without a session), saves are not sent at all. Nothing goes to an error page: the shell says the app is
 * offline, and the session is restored when the connection returns.
 */
async function offlineCall(args: string | FetchArgs, api: BaseQueryApi, extraOptions: ApiExtraOptions, userId: string) {
  if (api.type === 'mutation') return { error: NO_SESSION_YET };
  const result = await rawBaseQuery(withHeader(args, OFFLINE_USER_HEADER, userId), api, extraOptions);
  if (extraOptions.notFoundAsNull && result.error?.status === 404) return { data: null, meta: result.meta };
  return result;
}

/** The plain HTTP layer: base path, cookies, bearer header from the auth state; the page's early reads taken over. */
const httpBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  credentials: 'include',
  fetchFn: fetchOrTakeEarly,
  prepareHeaders: (headers, api) => {
    const token = accessTokenOf(api);
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * The HTTP layer with conditional GETs: an answer held for this URL is offered with If-None-Match, and a 304 (the
 * data has not changed) resolves with it, so an unchanged chart moves no rows.
 */
export const rawBaseQuery: ApiBaseQuery = async (args, api, extraOptions) => {
  const key = etagKey(args);
  const known = key ? heldAnswer(key) : undefined;
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  if (known) {
    request.headers = { ...(request.headers as Record<string, string> | undefined), 'If-None-Match': known.etag };
    request.validateStatus = (response) => response.ok || response.status === 304;
  }
  const result = await httpBaseQuery(request, api, extraOptions);
  const response = result.meta?.response;
  if (known && response?.status === 304) return { data: known.data, meta: result.meta };
  const etag = response?.headers.get('ETag');
  if (key && etag && !result.error) holdAnswer(key, etag, result.data);
  return result;
};

// The refresh call carries only the cookie: a stale bearer header has nothing to add.
const refreshBaseQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, credentials: 'include' });

export const REFRESH_PATH = 'auth/token';

/**
 * What a refresh found: a new token; the session is gone (only a 401 from /auth/token says so); or no answer (the
 * request was aborted by a reload or navigation, the network dropped, the server failed). No answer is not a
 * signed-out user: the session is kept and the next load tries again.
 */
export type RefreshOutcome = { kind: 'ok'; token: string } | { kind: 'ended' } | { kind: 'no-answer' };

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * Reads the answer of GET /auth/token; the new token is stored. Any refusal the API answers (401, 403, 400, ...) ends
 * the session, as session restore reads it; no answer, a gateway error or a 5xx leaves it for the next try.
 */
export function refreshOutcome(result: { data?: unknown; error?: FetchBaseQueryError }): RefreshOutcome {
  if (result.error) {
    const { status } = result.error;
    return typeof status === 'number' && status < 500 ? { kind: 'ended' } : { kind: 'no-answer' };
  }
  const token = (result.data as { accessToken?: unknown } | undefined)?.accessToken;
  return typeof token === 'string' && token !== '' ? { kind: 'ok', token } : { kind: 'no-answer' };
}

/** One refresh at a time: concurrent 403s share the same in-flight promise. */
export function refreshAccessToken(api: BaseQueryApi): Promise<RefreshOutcome> {
  refreshInFlight ??= (async () => {
    try {
      // Its own signal: the call that started the refresh may be aborted while others still wait on it.
      const shared = { ...api, signal: new AbortController().signal };
      const outcome = refreshOutcome(await refreshBaseQuery({ url: REFRESH_PATH, method: 'GET' }, shared, {}));
      // the browser's refresh cookie is someone else's now (they signed in in another tab): this tab's session has
      // ended, and their token is never taken, nor anything of this tab's sent with it
      if (outcome.kind === 'ok' && !isTokenOf(outcome.token, (api.getState() as StateWithAuth).auth?.user?.id))
        return { kind: 'ended' } as const;
      if (outcome.kind === 'ok') api.dispatch(setAccessToken(outcome.token));
      return outcome;
    } catch {
      return { kind: 'no-answer' } as const;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

const renewal = tokenRenewal();

/** An answer of the API's own with a message for the form as a whole (a gateway's has none). */
const hasFormMessage = (data: unknown): boolean =>
  (data as { error?: { details?: Array<{ field?: unknown }> } } | null)?.error?.details?.some((d) => d.field === 'general') === true;

/** The error page for a failed call, or null when the caller handles the error itself (400, 404, 422, ...). */
export function errorRedirectTarget(error: FetchBaseQueryError, response?: Response): string | null {
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return '/503';
  if (status === 401) return '/401';
  // the API answered, asking to be tried again in a moment (busy checking passwords: Retry-After, and a message for
  // the form): the screen says so and keeps what was typed, rather than leave for the error page
  if (status === 503 && (response?.headers.has('Retry-After') || hasFormMessage(error.data))) return null;
  // A gateway without an upstream is "no response" from the API's point of view.
  if (status === 502 || status === 503 || status === 504) return '/503';
  if (typeof status === 'number' && status >= 500) return '/500';
  return null;
}

/** The error of a call refused before it was sent, in the API's own shape. */
const SIGNED_OUT = { error: { message: 'Authentication required', details: [] } };

function sessionExpired(api: BaseQueryApi): void {
  // The cache is kept: resetting it under running calls would resolve them with no data and no error.
  // The next sign-in starts from an empty cache instead (see the login endpoint).
  api.dispatch(clearAuth());
  redirectWithFrom('/login');
}

/**
 * The API's base query: bearer header; on 403 one shared refresh and one retry (session ended → auth cleared,
 * /login; refresh unanswered → session kept, /503); 401 → /401, 5xx → /500, no response → /503, always with `{ from }`.
 * Auth endpoints opt out with `skipAuthHandling`; other errors (400, 404, 413, 415, 422, 429) reach the caller untouched.
 */
export const baseQueryWithReauth: ApiBaseQuery = async (args, api, extraOptions = {}) => {
  if (!extraOptions.skipAuthHandling) await renewal.ahead(accessTokenOf(api), () => refreshAccessToken(api));
  const sentWith = extraOptions.skipAuthHandling ? accessTokenOf(api) : tokenFor(api);
  // a call sent with no connection can fail after the browser has it back, before the page has heard so
  const unsettledAtStart = connectionUnsettled();
  const noAnswerShown = () => !unsettledAtStart && !connectionUnsettled();
  // Signed out (just logged out, say): a screen still mounted as logout takes the user away asks again for what
  // logout dropped, and a save's follow-up read comes after it; a call that needs the bearer token and has none is
  // refused here rather than sent to earn a 401. Protected screens only render signed in, so nothing else gets here.
  if (!sentWith && !extraOptions.skipAuthHandling) {
    const offlineUser = offlineUserOf(api);
    return offlineUser ? offlineCall(args, api, extraOptions, offlineUser) : { error: { status: 401, data: SIGNED_OUT } };
  }
  let result = await rawBaseQuery(sentWith && sentWith !== accessTokenOf(api) ? withBearer(args, sentWith) : args, api, extraOptions);

  if (extraOptions.notFoundAsNull && result.error?.status === 404) return { data: null, meta: result.meta };
  if (!result.error || extraOptions.skipAuthHandling) return result;
  // Signed out while the call was in flight (logout): the screen that asked is going away, and
  // the user is already where logout sent them. Logout also cuts off the calls still running (it drops the API's
  // cache), which is no sign of a dead connection either.
  const refused = result.error.status === 401 || result.error.status === 403;
  if (!accessTokenOf(api) && (sentWith || refused)) return result;
  // a call its own caller abandoned has no one to show an error page to
  if (api.signal.aborted) return result;

  if (result.error.status === 403) {
    // Another call may already have refreshed while this one was in flight: reuse its token.
    const current = accessTokenOf(api);
    const outcome: RefreshOutcome = current && current !== sentWith ? { kind: 'ok', token: current } : await refreshAccessToken(api);
    if (outcome.kind === 'ended') {
      sessionExpired(api);
      return result;
    }
    if (outcome.kind === 'no-answer') {
      // the session may well be alive: keep it, and treat the call as one that got no answer
      const error: FetchBaseQueryError = { status: 'FETCH_ERROR', error: 'The session could not be refreshed' };
      if (noAnswerShown() && !extraOptions.noAnswerToCaller) redirectWithFrom(errorRedirectTarget(error)!);
      return { error, meta: result.meta };
    }
    result = await rawBaseQuery(args, api, extraOptions);
    if (extraOptions.notFoundAsNull && result.error?.status === 404) return { data: null, meta: result.meta };
    if (!result.error) return result;
    // A fresh token refused again cannot be fixed by another refresh.
    if (result.error.status === 403) {
      sessionExpired(api);
      return result;
    }
  }

  const target = errorRedirectTarget(result.error, result.meta?.response);
  // with no connection, or one just back, the screen stays: it shows what it has, the shell says the app is
  // offline, and the reads are asked for again once the network has settled
  if (target && (target !== '/503' || (noAnswerShown() && !extraOptions.noAnswerToCaller))) redirectWithFrom(target);
  return result;
};
