import { api, API_BASE_URL, isTokenOf, parseApiError, selectAccessToken, setAccessToken, type AppDispatch, type RootState } from '@app/kit';
import type { QueuedEntry } from './entryQueue';
import type { SendOutcome } from './sendQueued';

/** A send that hangs (a connection coming back half-way) is given up, so the next try is not blocked behind it. */
const SEND_TIMEOUT_MS = 20_000;

/** Answers that mean "try again later", not "this entry is wrong": session or server trouble. */
const RETRY_STATUS = new Set([401, 403, 408, 429]);

type GetState = () => unknown;

/**
 * A new access token from the refresh cookie, or null (signed out, no answer, or the cookie now someone else's: they
 * signed in in another tab, and this person's weight is never sent as theirs).
 */
async function refreshToken(dispatch: AppDispatch, userId: string): Promise<string | null> {
  try {
    const res = await fetch(`${API_BASE_URL}auth/token`, { credentials: 'include', signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    const token = res.ok ? ((await res.json()) as { accessToken?: unknown }).accessToken : null;
    if (typeof token !== 'string' || !token || !isTokenOf(token, userId)) return null;
    dispatch(setAccessToken(token));
    return token;
  } catch {
    return null;
  }
}

/**
 * Sends one queued entry: POST /api/weights, the server's upsert by date. Sent with fetch rather than the API client,
 * whose "no answer" leaves for the error page: a connection that drops again here only means "later". A refusal
 * carries the server's reason.
 */
export async function sendEntry(dispatch: AppDispatch, getState: GetState, entry: QueuedEntry): Promise<SendOutcome> {
  const post = (token: string | null) =>
    fetch(`${API_BASE_URL}weights`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(entry.payload),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  // whoever is signed in now: an entry is only ever sent as the person who logged it (another sign-in since, in
  // this tab or another, leaves it waiting for them)
  const current = selectAccessToken(getState() as RootState);
  if (!current || !isTokenOf(current, entry.userId)) return { kind: 'no-answer' };
  let res: Response;
  try {
    res = await post(current);
    if (res.status === 403 || res.status === 401) {
      const token = await refreshToken(dispatch, entry.userId);
      if (!token) return { kind: 'no-answer' };
      res = await post(token);
    }
  } catch {
    return { kind: 'no-answer' };
  }
  if (res.ok) {
    // every screen showing weights reads them again
    dispatch(api.util.invalidateTags(['Weight']));
    return { kind: 'saved' };
  }
  if (RETRY_STATUS.has(res.status) || res.status >= 500) return { kind: 'no-answer' };
  const data = await res.json().catch(() => undefined);
  const parsed = parseApiError({ status: res.status, data });
  const reason = [parsed.general, ...Object.values(parsed.fieldErrors)].filter(Boolean).join(' ') || parsed.message;
  return { kind: 'refused', reason };
}
