/** Offset ports so the suite never collides with an `npm start` a developer has running. */
export const E2E = {
  shellPort: Number(process.env.E2E_SHELL_PORT ?? 3100),
  apiPort: Number(process.env.E2E_API_PORT ?? 4100),
  remotes: { auth: 3101, overview: 3102, analytics: 3103, settings: 3104 } as Record<string, number>,
};
export const BASE_URL = `http://localhost:${E2E.shellPort}`;
