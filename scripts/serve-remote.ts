// Serves one remote's dist/ as a static host would (its own process and port), with CORS so the
// same files also work when the remote is deployed on another origin than the shell (lib/remoteServer.ts).
import path from 'node:path';
import { serveOrExit } from '@app/server-kit';
import { ROOT } from './lib/apps';
import { remoteServer } from './lib/remoteServer';

const [dir, portArg] = process.argv.slice(2);
if (!dir || !portArg) {
  console.error('usage: serve-remote.ts <app-dir> <port>');
  process.exit(2);
}
const app = remoteServer(path.join(ROOT, dir, 'dist'));

const port = Number(portArg);
const host = process.env.HOST ?? '127.0.0.1';
const server = serveOrExit({
  name: dir,
  fetch: app.fetch,
  port,
  hostname: host,
  portVariable: `MF_${dir.replace(/^mf-/, '').toUpperCase()}_PORT`,
  onListening: () => console.log(`${dir} served on http://${host}:${port}`),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
