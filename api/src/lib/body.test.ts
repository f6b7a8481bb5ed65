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

describe('a deadline for the whole body', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      readIncomingLimited(req, LIMIT, 300).then(
        (bytes) => res.writeHead(200).end(`read ${bytes.byteLength}`),
        (err: ApiError) => res.writeHead(err.status, err.headers).end(err.message),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** Sends `bytes` one at a time every `everyMs`, and says what came back and when. */
  const trickle = (bytes: number, everyMs: number) =>
    new Promise<{ status: number; connection?: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        clearInterval(timer);
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, ms: Date.now() - started });
      });
      req.on('error', (e) => (sent < bytes ? reject(e) : undefined));
      let sent = 0;
      const timer = setInterval(() => {
        if (sent++ < bytes) req.write(' ');
        else {
          clearInterval(timer);
          req.end();
        }
      }, everyMs);
    });

  it('refuses a body trickled past the deadline with 408 and closes the connection, at the deadline', async () => {
    const slow = await trickle(1_000, 50);
    expect(slow.status).toBe(408);
    expect(slow.connection).toBe('close');
    expect(slow.ms).toBeLessThan(2_000);
  });

  it('reads a body that is all there in time', async () => {
    expect((await trickle(3, 20)).status).toBe(200);
  });
});
