/**
 * Offset ports so the suite never collides with an `npm start` a developer has running;
 * E2E_PORT_BASE moves the whole stack (shell at base, remotes base+1..+4, API base+1000), so
 * several runs can share a machine.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3100);

export const E2E = {
  shellPort: base,
  apiPort: base + 1000,
  remotes: { auth: base + 1, overview: base + 2, analytics: base + 3, settings: base + 4 } as Record<string, number>,
};
/** E2E_BASE_URL runs the suite against a stack started elsewhere (the topology run: nginx over TLS). */
export const BASE_URL = process.env.E2E_BASE_URL?.replace(/\/+$/, '') ?? `http://localhost:${E2E.shellPort}`;

/** The OpenID Connect provider the suite signs in with ("Continue with Test ID"), run on a local port. */
export const TEST_ID = { id: 'testid', name: 'Test ID', clientId: 'weightwise-e2e', clientSecret: 'e2e-client-secret-0123456789' };
