import { tsImport } from 'tsx/esm/api';
import { createConfig } from '../rspack.shared.js';
import { serviceWorkerConfig } from './serviceWorker.config.js';

// The dev server serves /remotes.json and proxies exactly like the production server does.
const { remotesDevMiddleware } = await tsImport('./server/dev.ts', import.meta.url);

const shell = createConfig({
  dir: import.meta.dirname,
  name: 'shell',
  port: Number(process.env.SHELL_PORT ?? 3000),
  isHost: true,
  runtimePlugins: ['./src/federation/errorLoadRemotePlugin.ts'],
  devServer: remotesDevMiddleware(),
});

// Production builds also make the service worker (the offline app); the dev server runs without one.
export default (env, argv) => {
  const config = shell(env, argv);
  return argv.mode === 'production' ? [config, serviceWorkerConfig(import.meta.dirname, config.name)] : config;
};
