import { vi } from 'vitest';

export interface MockCall {
  method: string;
  /** Path and query, e.g. '/api/weights?start_date=2025-01-01'. */
  path: string;
  headers: Headers;
  body: string | FormData | null;
}

export type MockHandler = (call: MockCall) => Response | Promise<Response>;

/** A JSON response, as the API sends it. */
export function json(status: number, body?: unknown): Response {
  if (body === undefined || status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** An API error body: `{ error: { message, details } }`. */
export function apiError(status: number, message: string, details: Array<{ field: string; issue: string }> = []): Response {
  return json(status, { error: { message, details } });
}

/**
 * Replaces global fetch with `handler` and the page location with `href`. Node's Request cannot take
 * the relative '/api/...' URLs a browser resolves against the page, so it is resolved here the same way.
 */
export function installFetchMock(handler: MockHandler, href = 'http://localhost:3000/dashboard/overview?tab=1') {
  const calls: MockCall[] = [];
  const page = new URL(href);
  const location = { href: page.href, origin: page.origin, pathname: page.pathname, search: page.search, assign: vi.fn() };
  const NativeRequest = globalThis.Request;
  class PageRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, location.href) : input, init);
    }
  }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof NativeRequest ? input : new PageRequest(input, init);
    const url = new URL(request.url);
    const type = request.headers.get('content-type') ?? '';
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? null
        : type.startsWith('multipart/form-data')
          ? await request.formData()
          : await request.text();
    const call: MockCall = { method: request.method, path: url.pathname + url.search, headers: request.headers, body };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('location', location);
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, location };
}
