import { ErrorBodySchema } from '@app/contract';

// The wire's own schemas live in @app/contract; this folder keeps what only the HTTP layer knows: the error
// answers of each status, and the path, query and upload shapes of the routes.

const errorResponse = (description: string) => ({
  content: { 'application/json': { schema: ErrorBodySchema } },
  description,
});

export const errors = {
  400: errorResponse('Malformed JSON or malformed path parameter'),
  401: errorResponse('No bearer token'),
  403: errorResponse('Invalid or expired bearer token'),
  404: errorResponse('Not found'),
  409: errorResponse('Not possible in the current state'),
  413: errorResponse('Body too large'),
  415: errorResponse('Unsupported content type'),
  422: errorResponse('Validation failed; details name each field'),
  429: errorResponse('Too many attempts; see Retry-After'),
  503: errorResponse('Database unavailable'),
} as const;

/** A route that hashes or checks a password: too many are being checked at once (or the database is unavailable). */
export const busy = errorResponse('Too many passwords being checked at once, or the database unavailable; see Retry-After');

/** Any route, even one with nothing to refuse: Node's HTTP server answers a request line or headers over 16 KiB itself. */
export const unreadableRequest = {
  '4XX': { description: 'The request could not be read (URL or headers over 16 KiB: 414 or 431, without a body)' },
} as const;
