// `npm run dev`: every app's dev server with hot reload plus the API in watch mode, in one terminal.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { FRONTENDS, ROOT } from './lib/apps';
import { runAll } from './lib/processes';

const RSPACK = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
const apiPort = process.env.API_PORT ?? '4000';
const proxySecret = process.env.PROXY_SECRET ?? randomBytes(24).toString('base64url');

runAll([
  {
    name: 'api',
    cwd: ROOT,
    command: process.execPath,
    args: [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', path.join(ROOT, 'api/src/main.ts')],
    env: {
      API_PORT: apiPort,
      TRUST_PROXY: 'loopback',
      PROXY_SECRET: proxySecret,
      ALLOWED_ORIGINS: 'http://localhost:3000,http://127.0.0.1:3000',
    },
  },
  ...FRONTENDS.map((app) => ({
    name: app.dir,
    cwd: path.join(ROOT, app.dir),
    command: process.execPath,
    args: [RSPACK, 'serve', '--mode', 'development'],
    env: { PROXY_SECRET: proxySecret },
  })),
]);
console.log('dev servers starting: open http://localhost:3000');
