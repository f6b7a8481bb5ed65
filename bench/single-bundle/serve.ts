// Serves the single-bundle build exactly as the shell's production server serves the shell:
// the same createShellServer (precompressed files, cache headers, /api proxy, page fallback).
// Usage: serve.ts <port> <api-upstream>
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createShellServer } from '../../shell/server/app';

const port = Number(process.argv[2] ?? 3620);
const apiUpstream = process.argv[3] ?? 'http://127.0.0.1:4610';
const distDir = path.join(import.meta.dirname, 'dist');
const app = createShellServer({ distDir, env: { API_UPSTREAM: apiUpstream } });
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log(`single bundle on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
