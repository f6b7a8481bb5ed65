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
/** What a request whose client has gone answers (nobody reads it): it is neither run nor logged as a failure. */
export const clientGone = () => new ApiError(499, 'The client closed the request');
export const validationError = (details: ErrorDetail[], message = 'Validation failed') => new ApiError(422, message, details);

export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Validation failed',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/** The errors an error was caused by, outermost first (drizzle wraps the driver's error in its own). */
function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = err; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/**
 * SQLSTATEs and socket codes of a database that cannot answer right now: connection lost or refused, server
 * shutting down, too many connections, and a statement cancelled by statement_timeout (57014: a locked table or an
 * overloaded server; the same statement may well succeed a moment later).
 */
const UNAVAILABLE_CODE = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|57P0[1-3]|57014|08\d\d\d|53300)$/;
/** The same said in messages only: node-postgres's and PGlite's own errors carry no code ("Query read timeout" is
 * node-postgres's query_timeout: the server went silent). */
const UNAVAILABLE_MESSAGE =
  /(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|PGlite is closed|database closed|connect ECONNREFUSED|Client has encountered a connection error)/i;

/** True for errors meaning "the database cannot be reached right now" (→ 503), for pg and PGlite. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causes(err).some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    return (typeof code === 'string' && UNAVAILABLE_CODE.test(code)) || (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message));
  });
}

/**
 * True when PostgreSQL gave up a transaction because another one was changing the same rows in another order
 * (deadlock_detected, serialization_failure), or because a row it refers to was deleted meanwhile
 * (foreign_key_violation: every id a request names is checked first, so only a concurrent deletion, such as the
 * account's, gets here). Nothing was saved.
 */
export function isConcurrentChange(err: unknown): boolean {
  return causes(err).some((e) => {
    const code = (e as { code?: unknown }).code;
    return code === '40P01' || code === '40001' || code === '23503';
  });
}

/**
 * What the log may say about an unexpected error: the class, code and message of the error underneath (drizzle's
 * own message is the SQL with its parameters, which may hold a password hash or a weight, so it is never used), with
 * quoted text left out (PostgreSQL quotes the offending value: `invalid input syntax for type uuid: "…"`), and the
 * table, column and constraint PostgreSQL names, which are schema names, never values.
 */
export function describeError(err: unknown): Record<string, string> {
  const chain = causes(err);
  const inner = chain[chain.length - 1] as Record<string, unknown> | undefined;
  const code = chain.map((e) => (e as { code?: unknown }).code).find((c) => typeof c === 'string' || typeof c === 'number');
  const out: Record<string, string> = {
    name: inner instanceof Error ? inner.name : typeof inner,
    code: code === undefined ? '' : String(code),
  };
  const message = typeof inner?.message === 'string' && !inner.message.startsWith('Failed query') ? inner.message : '';
  if (message) out.cause = message.replace(/"[^"]*"|'[^']*'/g, '"…"').slice(0, 200);
  for (const field of ['table', 'column', 'constraint'] as const) {
    const v = inner?.[field];
    if (typeof v === 'string' && v) out[field] = v;
  }
  return out;
}
