import { describe, expect, it } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core/types';
import { conditionalReads } from './conditionalReads';

const URL_ = 'http://x.test/api/weights?start_date=2026-01-01&end_date=2026-11-24';
const held = (etag: string | null) => async () =>
  new Response('[{"date":"2026-11-20"}]', { status: 200, headers: etag ? { ETag: etag, 'Content-Type': 'application/json' } : {} });

/** What NetworkFirst does with a plugin: requestWillFetch, the fetch, fetchDidSucceed, with one state per request. */
async function through(plugin: WorkboxPlugin, request: Request, server: (r: Request) => Response) {
  const state: Record<string, unknown> = {};
  const event = {} as ExtendableEvent;
  const sent = (await plugin.requestWillFetch!({ request, event, state })) as Request;
  const response = server(sent);
  return { sent, answer: (await plugin.fetchDidSucceed!({ request: sent, response, event, state })) as Response };
}

describe('conditionalReads', () => {
  it("asks with the held copy's ETag and answers a 304 with that copy", async () => {
    const { sent, answer } = await through(
      conditionalReads(held('W/"7-abc"')),
      new Request(URL_),
      () => new Response(null, { status: 304 }),
    );
    expect(sent.headers.get('If-None-Match')).toBe('W/"7-abc"');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([{ date: '2026-11-20' }]);
  });

  it('passes a changed answer through', async () => {
    const { answer } = await through(conditionalReads(held('W/"7-abc"')), new Request(URL_), () => new Response('[]', { status: 200 }));
    expect(await answer.text()).toBe('[]');
  });

  it("keeps the request's other headers (the access token)", async () => {
    const request = new Request(URL_, { headers: { Authorization: 'Bearer t' } });
    const { sent } = await through(conditionalReads(held('W/"7-abc"')), request, () => new Response(null, { status: 304 }));
    expect(sent.headers.get('Authorization')).toBe('Bearer t');
  });

  it("leaves a page that asks conditionally itself with the server's own 304", async () => {
    const request = new Request(URL_, { headers: { 'If-None-Match': 'W/"6-abc"' } });
    const { sent, answer } = await through(conditionalReads(held('W/"7-abc"')), request, () => new Response(null, { status: 304 }));
    expect(sent.headers.get('If-None-Match')).toBe('W/"6-abc"');
    expect(answer.status).toBe(304);
  });

  it('asks plainly with no copy, or a copy without an ETag', async () => {
    for (const copy of [async () => undefined, held(null)]) {
      const { sent, answer } = await through(conditionalReads(copy), new Request(URL_), () => new Response('[]', { status: 200 }));
      expect(sent.headers.has('If-None-Match')).toBe(false);
      expect(answer.status).toBe(200);
    }
  });
});
