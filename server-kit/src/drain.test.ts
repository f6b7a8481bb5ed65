import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_LIMITS } from './drain';
import { upload } from './testing';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill()));

function startRefusingServer(maxBytes?: number, maxMs?: number): Promise<string> {
  const script = fileURLToPath(new URL('./fixtures/refusing-server.ts', import.meta.url));
  const args = [String(maxBytes ?? DEFAULT_DRAIN_LIMITS.maxBytes), ...(maxMs ? [String(maxMs)] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

describe('an answer given before the body was read', () => {
  for (const connection of ['close', 'keep-alive'] as const)
    for (const chunked of [false, true])
      it(`reaches a client still uploading 5 MiB (Connection: ${connection}, ${chunked ? 'chunked' : 'Content-Length'})`, async () => {
        const url = await startRefusingServer();
        for (let i = 0; i < 6; i++) {
          const r = await upload(`${url}/upload`, Buffer.alloc(5 * 1024 * 1024, 97), { chunked, connection });
          expect(r).toMatchObject({ status: 413, body: '{"error":"too large"}' });
        }
      });

  it('closes the connection once a body is larger than the drain limit', async () => {
    const url = await startRefusingServer(256 * 1024);
    const small = await upload(`${url}/upload`, Buffer.alloc(128 * 1024, 97), { connection: 'keep-alive' });
    expect(small).toMatchObject({ status: 413 });
    expect('headers' in small && small.headers.connection).not.toBe('close');
    const big = await upload(`${url}/upload`, Buffer.alloc(8 * 1024 * 1024, 97), { connection: 'keep-alive' });
    // past the limit the server hangs up: the client sees the answer with Connection: close, or a reset
    if ('status' in big) expect(big.headers.connection).toBe('close');
    else expect(big.error).toMatch(/ECONNRESET|EPIPE/);
  });

  it('leaves a body the handler read untouched', async () => {
    const url = await startRefusingServer();
    const r = await upload(`${url}/echo`, Buffer.alloc(2 * 1024 * 1024, 97), { connection: 'close', chunked: true });
    expect(r).toMatchObject({ status: 200, body: String(2 * 1024 * 1024) });
  });
});

/** A body sent a byte at a time and never finished; resolves with the first line of the answer, once it comes. */
function trickle(url: string, path: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":"`);
      const drip = setInterval(() => socket.writable && socket.write('a'), 200);
      socket.once('data', (d) => {
        clearInterval(drip);
        socket.destroy();
        resolve(String(d).split('\r\n')[0]!);
      });
      socket.once('close', () => clearInterval(drip));
    });
    socket.on('error', reject);
  });
}

it('sends at once an answer that closes the connection, without waiting for a body that is still arriving', async () => {
  // the drain would wait a minute for the body, longer than this test may take
  const url = await startRefusingServer(undefined, 60_000);
  expect(await trickle(url, '/give-up')).toBe('HTTP/1.1 408 Request Timeout');
}, 10_000);
