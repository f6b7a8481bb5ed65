export type { FieldError as ErrorDetail } from '@app/contract';
import type { FieldError as ErrorDetail } from '@app/contract';

/** An error that becomes `{ error: { message, details, requestId } }` with the given status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details: ErrorDetail[] = []) => new ApiError(400, message, details);
export const unauthorized = (message = 'Authentication required', details: ErrorDetail[] = []) => new ApiError(401, message, details);
export const forbidden = (message = 'Invalid or expired token') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const validationError = (details: ErrorDetail[], message = 'Validation failed') => new ApiError(422, message, details);

export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Validation failed',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/** True for errors meaning "the database cannot be reached right now" (→ 503), for pg and PGlite. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|57P0[1-3]|08\d\d\d|53300)$/.test(code)) return true;
    }
    const msg = (e as { message?: unknown }).message;
    if (
      typeof msg === 'string' &&
      /(Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed|database closed|connect ECONNREFUSED|Client has encountered a connection error)/i.test(
        msg,
      )
    )
      return true;
  }
  return false;
}
