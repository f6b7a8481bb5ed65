// `npm start`: builds what is not built yet, then serves the production builds — the API, the
// shell (which proxies /api and /remotes/*), and each remote as its own process on its own port.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { resolveRemotes } from '../shell/server/remotes';
import { FRONTENDS, ROOT } from './lib/apps';
import { buildApps } from './lib/build';
import { runAll, tsNode, waitForUrl, type ProcSpec } from './lib/processes';

const env = process.env;
const rebuild = process.argv.includes('--rebuild');
await buildApps(FRONTENDS, !rebuild);

const shellPort = Number(env.SHELL_PORT ?? 3000);
const apiPort = Number(env.API_PORT ?? 4000);
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${shellPort}`;
// Only the shell knows it, so another local process cannot pose as the proxy and pick its own client IP.
const proxySecret = env.PROXY_SECRET ?? randomBytes(24).toString('base64url');

const specs: ProcSpec[] = [
  {
    name: 'api',
    cwd: ROOT,
    ...tsNode(path.join(ROOT, 'api/src/main.ts')),
    env: {
      API_PORT: String(apiPort),
      // Requests reach the API through the shell's proxy on this machine, which sets X-Forwarded-For itself.
      TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
      PROXY_SECRET: proxySecret,
      ALLOWED_ORIGINS: env.ALLOWED_ORIGINS ?? `${publicUrl},http://127.0.0.1:${shellPort}`,
      // Links in e-mails (password reset) point at the shell the user opens.
      PUBLIC_URL: publicUrl,
    },
  },
  ...resolveRemotes(env).map((r) => ({
    name: `mf-${r.key}`,
    cwd: ROOT,
    ...tsNode(path.join(ROOT, 'scripts/serve-remote.ts'), [`mf-${r.key}`, String(r.port)]),
  })),
  {
    name: 'shell',
    cwd: ROOT,
    ...tsNode(path.join(ROOT, 'shell/server/main.ts')),
    env: { SHELL_PORT: String(shellPort), API_UPSTREAM: env.API_UPSTREAM ?? `http://127.0.0.1:${apiPort}`, PROXY_SECRET: proxySecret },
  },
];

// START_SKIP=mf-analytics,... leaves processes out (the browser suite runs one remote itself).
const skip = new Set((env.START_SKIP ?? '').split(',').filter(Boolean));
// a server that cannot start (its port is taken) stops the rest: half a product is not one
runAll(
  specs.filter((s) => !skip.has(s.name)),
  { exitWhenAnyExits: env.START_EXIT_ON_FAILURE !== 'false' },
);

// the API first (asking the shell meanwhile would only fill its log with refused connections), then the shell
const healthy =
  (skip.has('api') || (await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, 90_000))) &&
  (await waitForUrl(`http://127.0.0.1:${shellPort}/api/health`, 30_000));
console.log(
  healthy
    ? `\n  Weightwise is running: open ${publicUrl}\n  (Ctrl-C stops every process)\n`
    : `\n  The API did not become healthy; see the log above.\n`,
);
