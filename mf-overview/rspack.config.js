import { createConfig } from '../rspack.shared.js';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mf_overview',
  port: Number(process.env.MF_OVERVIEW_PORT ?? 3002),
  exposes: { './Overview': './src/Overview.tsx' },
});
