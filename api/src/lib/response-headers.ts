import type { Context } from 'hono';

/**
 * The headers every answer of a request carries (request id, security headers, CORS), decided before the route
 * runs, so that the hot answers (the profile, weight reads) are built once with all of them. Setting them on a
 * finished Response instead turns its header list into a WHATWG Headers object, and that conversion and the
 * sets after it were a tenth of the CPU of a signed-in read. Any other answer (errors, redirects, Hono's own
 * helpers) still gets the same headers afterwards, from request-context.ts and cors.ts.
 */
export type RequestHeaders = {
  /** Always sent, overriding whatever the route set. */
  fixed: Record<string, string>;
  /** Sent unless the route set its own (Cache-Control, Referrer-Policy). */
  defaults: Record<string, string>;
  /** Appended to the route's Vary, if any. */
  vary: string[];
};

const KEY = 'responseHeaders' as never;
/** Answers built here with every header of their request: the middlewares leave them as they are. */
const complete = new WeakSet<Response>();

export function startResponseHeaders(c: Context, fixed: Record<string, string>, defaults: Record<string, string>): RequestHeaders {
  const h: RequestHeaders = { fixed, defaults, vary: [] };
  c.set(KEY, h as never);
  return h;
}

export function responseHeadersOf(c: Context): RequestHeaders | undefined {
  return c.get(KEY) as RequestHeaders | undefined;
}

/** Whether this answer already carries every header of its request. */
export function isComplete(res: Response): boolean {
  return complete.has(res);
}

/**
 * An answer with the route's own headers (names spelt as below: Content-Type, Vary, ETag…) and every header of the
 * request, as one plain record that @hono/node-server writes without converting it.
 */
export function completeResponse(c: Context, body: string | Uint8Array | null, status: number, headers: Record<string, string>): Response {
  const h = responseHeadersOf(c);
  // outside the app's middlewares (a route tested alone): the middlewares are not there to finish it either
  if (!h) return new Response(body, { status, headers });
  const all: Record<string, string> = { ...h.defaults, ...headers, ...h.fixed };
  if (h.vary.length) all.Vary = headers.Vary ? `${headers.Vary}, ${h.vary.join(', ')}` : h.vary.join(', ');
  const res = new Response(body, { status, headers: all });
  complete.add(res);
  return res;
}
