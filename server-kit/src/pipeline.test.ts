import type { Server } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PIPELINE_LIMIT } from './pipeline';
import { serveOrExit } from './serve';

let server: Server;
let port = 0;
let active = 0;
let most = 0;
const served: string[] = [];

beforeAll(async () => {
  port = await new Promise<number>((resolve) => {
    server = serveOrExit({
      name: 'API',
      // each request holds its turn for a while, as one waiting on the database does
      fetch: async (req) => {
        active++;
        most = Math.max(most, active);
        const path = new URL(req.url).pathname;
        served.push(path);
        await new Promise((r) => setTimeout(r, path === '/other' ? 0 : 15));
        active--;
        return new Response(path);
      },
      port: 0,
      hostname: '127.0.0.1',
      portVariable: 'API_PORT',
      onListening: (a) => resolve(a.port),
    });
  });
});
afterAll(() => server.close());

/** Writes `count` requests in one packet on one connection and reads the answers until `count` have come. */
function pipelined(count: number, close = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const batch = Array.from({ length: count }, (_, i) => `GET /r${i} HTTP/1.1\r\nHost: x\r\n\r\n`).join('');
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(batch);
      if (close) setTimeout(() => (socket.destroy(), resolve('')), 40);
    });
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
      if ((answer.match(/HTTP\/1\.1 200/g) ?? []).length === count) {
        socket.end();
        resolve(answer);
      }
    });
    socket.on('error', reject);
  });
}

it('runs a few requests of a pipelined batch at a time, answering all of them in order', async () => {
  most = 0;
  const answer = await pipelined(40);
  expect(most).toBe(PIPELINE_LIMIT);
  const bodies = [...answer.matchAll(/\r\n\r\n(?:[0-9a-f]+\r\n)?(\/r\d+)/g)].map((m) => m[1]);
  expect(bodies).toEqual(Array.from({ length: 40 }, (_, i) => `/r${i}`));
});

it('serves another connection at once while a long batch waits its turns', async () => {
  served.length = 0;
  const batch = pipelined(200);
  await new Promise((r) => setTimeout(r, 30));
  const res = await fetch(`http://127.0.0.1:${port}/other`);
  expect(await res.text()).toBe('/other');
  // the other request came long before the batch's last ones were started
  expect(served.indexOf('/other')).toBeLessThan(50);
  await batch;
});

it('does not run what was still waiting when its connection closed', async () => {
  served.length = 0;
  await pipelined(100, true);
  await new Promise((r) => setTimeout(r, 300));
  expect(served.length).toBeLessThan(30);
});
