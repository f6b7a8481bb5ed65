import net from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { listenErrorMessage, serveOrExit } from './serve';

it('names the taken port and the variable that moves the server, instead of crashing', async () => {
  const blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  const port = (blocker.address() as net.AddressInfo).port;
  try {
    const message = await new Promise<string>((resolve) => {
      serveOrExit({
        name: 'API',
        fetch: () => new Response('x'),
        port,
        hostname: '127.0.0.1',
        portVariable: 'API_PORT',
        onFatal: resolve,
      });
    });
    expect(message).toBe(
      `API cannot start: port ${port} (127.0.0.1:${port}) is already in use, probably by another copy of this app. ` +
        `Stop that process, or choose another port, e.g. API_PORT=${port + 100}.`,
    );
  } finally {
    blocker.close();
  }
});

it('explains a privileged port and an address that is not ours', () => {
  const o = { name: 'shell', port: 80, hostname: '10.9.9.9', portVariable: 'SHELL_PORT' };
  expect(listenErrorMessage(Object.assign(new Error('x'), { code: 'EACCES' }), o)).toMatch(/above 1023 with SHELL_PORT/);
  expect(listenErrorMessage(Object.assign(new Error('x'), { code: 'EADDRNOTAVAIL' }), o)).toMatch(/10\.9\.9\.9 is not an address/);
});

/** Sends raw bytes to a server and reads what it answers until it closes the connection. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

it('answers a request the parser refuses in the error shape, not with an empty status line', async () => {
  const port = await new Promise<number>((resolve) => {
    const server = serveOrExit({
      name: 'API',
      fetch: () => new Response('x'),
      port: 0,
      hostname: '127.0.0.1',
      portVariable: 'API_PORT',
      onListening: (a) => resolve(a.port),
    });
    afterAll(() => void server.close());
  });
  const big = await raw(port, `GET / HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`);
  expect(big).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  expect(big).toMatch(/\r\nContent-Type: application\/json; charset=UTF-8\r\n/);
  // the same request id in the header and the body, as every error of the API has
  const id = /\r\nX-Request-Id: ([0-9a-f-]{36})\r\n/.exec(big)?.[1];
  expect(id).toBeDefined();
  expect(JSON.parse(big.split('\r\n\r\n')[1]!)).toEqual({
    error: { message: 'Request header fields too large', details: [], requestId: id },
  });
  const garbled = await raw(port, 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n');
  expect(garbled).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  expect(JSON.parse(garbled.split('\r\n\r\n')[1]!).error.message).toBe('Malformed request');
  const expectation = await raw(port, 'POST / HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
  expect(expectation).toMatch(/^HTTP\/1\.1 417 /);
  expect(JSON.parse(expectation.split('\r\n\r\n')[1]!).error.message).toBe('Only Expect: 100-continue is understood');
  // the server goes on answering
  expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('x');
});

it('closes a connection whose client stopped reading a large answer, once nothing has moved for the stall time', async () => {
  const body = 'x'.repeat(32 * 1024 * 1024);
  const { port, server } = await new Promise<{ port: number; server: import('node:http').Server }>((resolve) => {
    const s = serveOrExit({
      name: 'API',
      fetch: () => new Response(body),
      port: 0,
      hostname: '127.0.0.1',
      portVariable: 'API_PORT',
      stallMs: 400,
      onListening: (a) => resolve({ port: a.port, server: s }),
    });
  });
  try {
    const started = Date.now();
    // the server's end of the connection: closed, the answer it held is let go
    const closed = new Promise<number>((resolve) => server.once('connection', (s) => s.on('close', () => resolve(Date.now() - started))));
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      // read nothing: the answer fills the kernel's buffers, then the server's writes stop moving
      socket.pause();
    });
    socket.on('error', () => {});
    expect(await closed).toBeLessThan(4_000);
    socket.destroy();
  } finally {
    server.close();
  }
});
