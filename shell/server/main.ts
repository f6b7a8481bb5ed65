import path from 'node:path';
import { serveOrExit } from '@app/server-kit';
import { createShellServer } from './app';

const port = Number(process.env.SHELL_PORT ?? process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const distDir = path.resolve(import.meta.dirname, '../dist');

const server = serveOrExit({
  name: 'shell',
  fetch: createShellServer({ distDir }).fetch,
  port,
  hostname: host,
  portVariable: 'SHELL_PORT',
  onListening: () => console.log(`shell listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`),
});
// the proxy streams an Apple Health archive (up to 500 MiB) through to the API: on a slow uplink that takes minutes,
// as long as the API itself allows (a JSON body: 30 s, then the API's 408 is passed on); headers must still arrive
// promptly
server.requestTimeout = 15 * 60_000;
server.headersTimeout = 20_000;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
