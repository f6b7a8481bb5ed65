import { api, parseApiError, type AppDispatch } from '@app/kit';
import type { QueuedEntry } from './entryQueue';
import type { SendOutcome } from './sendQueued';

/** Answers that mean "try again later", not "this entry is wrong": no connection, session trouble, server trouble. */
const RETRY = new Set<unknown>(['FETCH_ERROR', 'TIMEOUT_ERROR', 401, 403, 408, 429]);

/** Sends one queued entry through the API client (bearer token, refresh); a refusal carries the server's reason. */
export async function sendEntry(dispatch: AppDispatch, entry: QueuedEntry): Promise<SendOutcome> {
  const request = dispatch(api.endpoints.saveWeight.initiate(entry.payload));
  try {
    const result = await request;
    if (!('error' in result) || !result.error) return { kind: 'saved' };
    const status = (result.error as { status?: unknown }).status;
    if (RETRY.has(status) || (typeof status === 'number' && status >= 500)) return { kind: 'no-answer' };
    const parsed = parseApiError(result.error);
    const reason = [parsed.general, ...Object.values(parsed.fieldErrors)].filter(Boolean).join(' ') || parsed.message;
    return { kind: 'refused', reason };
  } finally {
    request.reset();
  }
}
