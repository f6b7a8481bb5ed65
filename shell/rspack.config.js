import { createConfig } from '../rspack.shared.js';
import { remotesDevMiddleware } from './server/dev.js';

export default createConfig({
  dir: import.meta.dirname,
  name: 'shell',
  port: Number(process.env.SHELL_PORT ?? 3000),
  isHost: true,
  runtimePlugins: ['./src/federation/errorLoadRemotePlugin.ts'],
  devServer: remotesDevMiddleware(),
});
