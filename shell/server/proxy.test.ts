// @vitest-environment node
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forward, UpstreamError } from './proxy';

let seen: IncomingHttpHeaders = {};
let seenBody = '';
let url = '';
const upstream = createServer((req, res) => {
  seen = req.headers;
  seenBody = '';
  req.on('data', (d) => (seenBody += d));
  req.on('end', () => {
    res.writeHead(200, {
      'content-type': 'text/plain',
      connection: 'keep-alive, x-private',
      'keep-alive': 'timeout=5',
      'x-private': 'for this hop',
      'proxy-authenticate': 'Basic',
      'x-end-to-end': 'kept',
    });
    res.end(`got ${seenBody.length}`);
  });
});
beforeAll(() => new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r())));
beforeAll(() => {
  url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => upstream.close());

it('keeps hop-by-hop headers on their own hop, in both directions', async () => {
  const req = new Request('http://shell.local/api/x', {
    method: 'POST',
    headers: {
      connection: 'close, x-hop',
      'x-hop': 'only for the first hop',
      'keep-alive': 'timeout=1',
      te: 'trailers',
      upgrade: 'websocket',
      'proxy-authorization': 'Basic abc',
      expect: '100-continue',
      authorization: 'Bearer abc',
      'content-type': 'application/json',
    },
    body: '{"a":1}',
  });
  const res = await forward(`${url}/x`, req, { setHeaders: { 'x-forwarded-for': '192.0.2.1', 'x-proxy-secret': undefined } });
  for (const name of ['x-hop', 'keep-alive', 'te', 'upgrade', 'proxy-authorization', 'expect', 'x-proxy-secret'])
    expect(seen[name], name).toBeUndefined();
  expect(seen.connection ?? 'keep-alive').not.toMatch(/close|x-hop/);
  expect(seen).toMatchObject({ authorization: 'Bearer abc', 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' });
  expect(await res.text()).toBe('got 7');
  for (const name of ['connection', 'keep-alive', 'x-private', 'proxy-authenticate']) expect(res.headers.get(name), name).toBeNull();
  expect(res.headers.get('x-end-to-end')).toBe('kept');
});

it('passes only the listed headers to a static upstream', async () => {
  const req = new Request('http://shell.local/remotes/x/a.js', { headers: { cookie: 'wt_refresh=secret', 'if-none-match': '"abc"' } });
  await (await forward(`${url}/a.js`, req, { requestHeaders: ['if-none-match'] })).text();
  expect(seen.cookie).toBeUndefined();
  expect(seen['if-none-match']).toBe('"abc"');
});

it('rejects with UpstreamError when nothing answers', async () => {
  await expect(forward('http://127.0.0.1:9/x', new Request('http://shell.local/x'))).rejects.toBeInstanceOf(UpstreamError);
});
