// Serves one remote's dist/ as a static host would (its own process and port), with CORS so the
// same files also work when the remote is deployed on another origin than the shell.
import path from 'node:path';
import { serveOrExit } from '@app/server-kit';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { serveDist } from '../shell/server/static';
import { ROOT } from './lib/apps';

const [dir, portArg] = process.argv.slice(2);
if (!dir || !portArg) {
  console.error('usage: serve-remote.ts <app-dir> <port>');
  process.exit(2);
}
const app = new Hono();
app.use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }));
app.use('*', serveDist(path.join(ROOT, dir, 'dist')));
app.notFound((c) => c.text('Not found', 404));

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
