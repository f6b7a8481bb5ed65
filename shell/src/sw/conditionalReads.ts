import type { WorkboxPlugin } from 'workbox-core/types';

/** The copy the worker holds of an answer, if any (its cache, by the request's URL). */
export type HeldCopy = (request: Request) => Promise<Response | undefined>;

/**
 * Makes the worker's reads of the API conditional: when it holds an answer with an ETag and the page did not ask
 * conditionally itself, the request carries If-None-Match, and a 304 is answered with the held copy. A reload of an
 * unchanged chart then moves no rows, though API answers are never kept in the browser's HTTP cache (no-store).
 * A page that asked conditionally itself gets the server's own answer, 304 included.
 */
export function conditionalReads(held: HeldCopy): WorkboxPlugin {
  return {
    requestWillFetch: async ({ request, state }) => {
      if (request.method !== 'GET' || request.headers.has('If-None-Match')) return request;
      const copy = await held(request);
      const etag = copy?.headers.get('ETag');
      if (!copy || !etag) return request;
      if (state) state.copy = copy;
      const headers = new Headers(request.headers);
      headers.set('If-None-Match', etag);
      return new Request(request, { headers });
    },
    fetchDidSucceed: async ({ response, state }) => {
      const copy = state?.copy as Response | undefined;
      return response.status === 304 && copy ? copy.clone() : response;
    },
  };
}
