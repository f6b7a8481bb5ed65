import { tsImport } from 'tsx/esm/api';
import { createConfig } from '../rspack.shared.js';
import { serviceWorkerConfig } from './serviceWorker.config.js';

// The dev server serves /remotes.json and proxies exactly like the production server does.
const { remotesDevMiddleware } = await tsImport('./server/dev.ts', import.meta.url);

/** The shell's build, as its build test makes it too. */
export const app = {
  dir: import.meta.dirname,
  name: 'shell',
  port: Number(process.env.SHELL_PORT ?? 3000),
  isHost: true,
  runtimePlugins: ['./src/federation/errorLoadRemotePlugin.ts'],
};

const shell = createConfig({ ...app, devServer: remotesDevMiddleware() });

// Production builds also make the service worker (the offline app); the dev server runs without one.
export default (env, argv) => {
  const config = shell(env, argv);
  return argv.mode === 'production' ? [config, serviceWorkerConfig(import.meta.dirname, config.name)] : config;
};
