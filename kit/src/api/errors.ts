import type { ApiErrorDetail } from './types';

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const UNKNOWN_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** A failed call, ready for a form: field errors under their fields, `general` above the form. */
export interface ParsedApiError {
  message: string;
  fieldErrors: Record<string, string>;
  general?: string;
  status?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function detailsOf(body: Record<string, unknown>): ApiErrorDetail[] {
  const details = body.details;
  if (!Array.isArray(details)) return [];
  return details.filter((d): d is ApiErrorDetail => isRecord(d) && typeof d.field === 'string' && typeof d.issue === 'string');
}

/**
 * Maps whatever a call rejected with (RTK Query's FetchBaseQueryError, a SerializedError, anything)
 * onto `{ message, fieldErrors, general, status }`. The API body is `{ error: { message, details: [{field, issue}] } }`;
 * the first issue of a field wins. A body without field details puts its message in `general`, so the form
 * always has something to show (e.g. 429). No response at all gives the network message in `general`.
 */
export function parseApiError(error: unknown): ParsedApiError {
  if (!isRecord(error)) return { message: UNKNOWN_ERROR_MESSAGE, fieldErrors: {}, general: UNKNOWN_ERROR_MESSAGE };

  const { status } = error;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') {
    return { message: NETWORK_ERROR_MESSAGE, fieldErrors: {}, general: NETWORK_ERROR_MESSAGE };
  }

  const numericStatus = typeof status === 'number' ? status : typeof error.originalStatus === 'number' ? error.originalStatus : undefined;
  const body = isRecord(error.data) && isRecord(error.data.error) ? error.data.error : undefined;

  if (!body) {
    // A SerializedError (thrown in code) carries its own message.
    const message = typeof error.message === 'string' && error.message !== '' ? error.message : UNKNOWN_ERROR_MESSAGE;
    return { message, fieldErrors: {}, general: message, ...(numericStatus !== undefined && { status: numericStatus }) };
  }

  const message = typeof body.message === 'string' && body.message !== '' ? body.message : UNKNOWN_ERROR_MESSAGE;
  const fieldErrors: Record<string, string> = {};
  let general: string | undefined;
  for (const { field, issue } of detailsOf(body)) {
    if (field === 'general') general ??= issue;
    else if (!(field in fieldErrors)) fieldErrors[field] = issue;
  }
  if (general === undefined && Object.keys(fieldErrors).length === 0) general = message;

  const parsed: ParsedApiError = { message, fieldErrors };
  if (general !== undefined) parsed.general = general;
  if (numericStatus !== undefined) parsed.status = numericStatus;
  return parsed;
}
