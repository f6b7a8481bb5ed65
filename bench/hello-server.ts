// The ceiling for the API: a hello-world Hono route on the same @hono/node-server setup and the
// same server timeouts as api/src/main.ts. Usage: hello-server.ts <port>
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2] ?? 4601);
const app = new Hono();
app.get('/hello', (c) => c.json({ hello: 'world' }));
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log(`hello listening on ${port}`));
const http = server as import('node:http').Server;
http.requestTimeout = 30_000;
http.headersTimeout = 20_000;
http.keepAliveTimeout = 5_000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
