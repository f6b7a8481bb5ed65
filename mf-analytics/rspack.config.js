import { createConfig } from '../rspack.shared.js';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mf_analytics',
  port: Number(process.env.MF_ANALYTICS_PORT ?? 3003),
  exposes: { './Analytics': './src/Analytics.tsx' },
});
