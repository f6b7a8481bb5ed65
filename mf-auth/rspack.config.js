import { createConfig } from '../rspack.shared.js';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mf_auth',
  port: Number(process.env.MF_AUTH_PORT ?? 3001),
  exposes: {
    './Login': './src/Login.tsx',
    './Register': './src/Register.tsx',
    './ForgotPassword': './src/ForgotPassword.tsx',
    './ResetPassword': './src/ResetPassword.tsx',
  },
});
