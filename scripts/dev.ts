// `npm run dev`: every app's dev server with hot reload plus the API in watch mode, in one terminal.
import path from 'node:path';
import { FRONTENDS, ROOT } from './lib/apps';
import { runAll } from './lib/processes';

const RSPACK = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
const apiPort = process.env.API_PORT ?? '4000';

runAll([
  {
    name: 'api',
    cwd: ROOT,
    command: process.execPath,
    args: [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', path.join(ROOT, 'api/src/main.ts')],
    env: { PORT: apiPort, TRUST_PROXY: 'true', ALLOWED_ORIGINS: 'http://localhost:3000,http://127.0.0.1:3000' },
  },
  ...FRONTENDS.map((app) => ({
    name: app.dir,
    cwd: path.join(ROOT, app.dir),
    command: process.execPath,
    args: [RSPACK, 'serve', '--mode', 'development'],
  })),
]);
console.log('dev servers starting: open http://localhost:3000');
