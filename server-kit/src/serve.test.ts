import net from 'node:net';
import { expect, it } from 'vitest';
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
