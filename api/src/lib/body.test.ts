import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readIncomingLimited } from './body.js';
import { ApiError } from './errors.js';

const LIMIT = 1024;

describe("reading a body from Node's request, with a limit", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      readIncomingLimited(req, LIMIT).then(
        (bytes) => res.writeHead(200).end(`read ${bytes.byteLength}: ${Buffer.from(bytes).toString('utf8').slice(0, 40)}`),
        (err: ApiError) => res.writeHead(err.status).end(err.message),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reads a body whole, in one piece or in chunks', async () => {
    const one = await fetch(base, { method: 'POST', body: '{"weightKg":80.5}' });
    expect(await one.text()).toBe('read 17: {"weightKg":80.5}');
    const chunks = new ReadableStream({
      start(c) {
        for (const part of ['{"date":', '"2026-01-01"}']) c.enqueue(new TextEncoder().encode(part));
        c.close();
      },
    });
    const chunked = await fetch(base, { method: 'POST', body: chunks, duplex: 'half' } as RequestInit);
    expect(await chunked.text()).toBe('read 21: {"date":"2026-01-01"}');
    expect(await (await fetch(base, { method: 'POST' })).text()).toBe('read 0: ');
  });

  it('refuses a body over the limit with 413, whether its length was told or not, and the answer gets through', async () => {
    const told = await fetch(base, { method: 'POST', body: 'x'.repeat(LIMIT + 1) });
    expect(told.status).toBe(413);
    const big = new ReadableStream({
      start(c) {
        for (let i = 0; i < 64; i++) c.enqueue(new Uint8Array(512).fill(120));
        c.close();
      },
    });
    const chunked = await fetch(base, { method: 'POST', body: big, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.text()).toMatch(/larger than 1 KiB/);
    // the server still answers afterwards
    expect((await fetch(base, { method: 'POST', body: '{}' })).status).toBe(200);
  });
});
