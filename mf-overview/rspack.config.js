import { createConfig } from '../rspack.shared.js';

/** This remote's build, as its build test makes it too. */
export const app = {
  dir: import.meta.dirname,
  name: 'mf_overview',
  port: Number(process.env.MF_OVERVIEW_PORT ?? 3002),
  exposes: { './Overview': './src/Overview.tsx' },
};

export default createConfig(app);
