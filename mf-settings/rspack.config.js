import { createConfig } from '../rspack.shared.js';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mf_settings',
  port: Number(process.env.MF_SETTINGS_PORT ?? 3004),
  exposes: { './Settings': './src/Settings.tsx' },
});
