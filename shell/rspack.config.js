import { tsImport } from 'tsx/esm/api';
import { createConfig } from '../rspack.shared.js';

// The dev server serves /remotes.json and proxies exactly like the production server does.
const { remotesDevMiddleware } = await tsImport('./server/dev.ts', import.meta.url);

export default createConfig({
  dir: import.meta.dirname,
  name: 'shell',
  port: Number(process.env.SHELL_PORT ?? 3000),
  isHost: true,
  runtimePlugins: ['./src/federation/errorLoadRemotePlugin.ts'],
  devServer: remotesDevMiddleware(),
});
