// Serves the single-bundle build exactly as the shell's production server serves the shell:
// the same createShellServer (precompressed files, cache headers, /api proxy, page fallback).
// Usage: serve.ts <port> <api-upstream>
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createShellServer } from '../../shell/server/app';

const port = Number(process.argv[2] ?? 3620);
const apiUpstream = process.argv[3] ?? 'http://127.0.0.1:4610';
const distDir = path.join(import.meta.dirname, 'dist');
// Without its build every page would be the server's fallback and the bench would wait for a chart that never comes.
if (!existsSync(path.join(distDir, 'index.html'))) {
  console.error(`the single bundle is not built (${distDir}): run npx tsx bench/build-times.ts, or npm run bench`);
  process.exit(1);
}
// No remotes: left at their default ports, the page would be hinted at the files of whatever remote servers run
// there (another stack on this machine) and the browser would fetch them.
const noRemotes = Object.fromEntries(
  ['AUTH', 'OVERVIEW', 'ANALYTICS', 'SETTINGS'].map((k) => [`REMOTE_${k}_UPSTREAM`, 'http://127.0.0.1:1']),
);
const app = createShellServer({ distDir, env: { API_UPSTREAM: apiUpstream, ...noRemotes } });
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log(`single bundle on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
