import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { selfSignedCert, type TestCert } from '@app/server-kit/tls';
import { BASE_URL, E2E, TEST_ID } from './ports';

export { TEST_ID };
import { ROOT, spawnGroup, startRemoteServer, stopGroup, waitForUrl } from './stack';
import { startTestProvider } from '../../api/src/test/oidc-provider';

/**
 * Starts the production stack through `npm start`'s script (building what is missing) on offset
 * ports with a throw-away embedded database, or the database named by E2E_DATABASE_URL.
 * The analytics remote's server is run here instead, behind a small control endpoint, so a test
 * can stop and restart it ("one remote's server is down") while other files find it running.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_BASE_URL) {
    // a stack someone else runs (npm run topology): its mail file, and no control of a remote's server
    await waitForUrl(`${BASE_URL}/api/health`, 30_000);
    project.provide('dataDir', '');
    project.provide('mailFile', process.env.E2E_MAIL_FILE ?? '');
    project.provide('providerUrl', process.env.E2E_PROVIDER_URL ?? '');
    project.provide('controlUrl', '');
    project.provide('pushCert', null);
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'weight-e2e-'));
  const publicUrl = `http://localhost:${E2E.shellPort}`;
  const provider = await startTestProvider({
    clientId: TEST_ID.clientId,
    clientSecret: TEST_ID.clientSecret,
    redirectUris: [`${publicUrl}/api/auth/external/${TEST_ID.id}/callback`],
    ports: [47050, 47099],
    host: 'localhost',
  });
  // the push service the reminders test runs locally: HTTPS with a certificate the API is told to trust
  const pushCert = selfSignedCert();
  const env: Record<string, string> = {
    SHELL_PORT: String(E2E.shellPort),
    API_PORT: String(E2E.apiPort),
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    START_SKIP: 'mf-analytics',
    LOG_LEVEL: 'warn',
    // The suite registers and signs in many accounts from one address.
    REGISTER_LIMIT_PER_IP: '10000',
    // Password-reset mails go to a file the tests read, instead of the console.
    MAIL_TRANSPORT: 'file',
    MAIL_FILE: path.join(dataDir, 'mail.jsonl'),
    LOGIN_LIMIT_PER_IP: '10000',
    PUSH_ENDPOINT_HOSTS: '127.0.0.1',
    PUSH_CA_FILE: pushCert.certFile,
    // sign-in with an external provider: the test provider above
    AUTH_PROVIDERS: TEST_ID.id,
    AUTH_TESTID_NAME: TEST_ID.name,
    AUTH_TESTID_ISSUER: provider.issuer,
    AUTH_TESTID_CLIENT_ID: TEST_ID.clientId,
    AUTH_TESTID_CLIENT_SECRET: TEST_ID.clientSecret,
  };
  for (const [key, port] of Object.entries(E2E.remotes)) env[`MF_${key.toUpperCase()}_PORT`] = String(port);
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else delete process.env.DATABASE_URL;

  const stack = spawnGroup(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], env, 'stack');
  await waitForUrl(`http://127.0.0.1:${E2E.shellPort}/api/health`, 150_000);

  const manifest = `http://127.0.0.1:${E2E.remotes.analytics}/mf-manifest.json`;
  let analytics: ChildProcess | undefined = startRemoteServer('analytics');
  await waitForUrl(manifest);
  const control = createServer(async (req, res) => {
    if (req.url === '/analytics/stop') {
      await stopGroup(analytics);
      analytics = undefined;
    } else if (req.url === '/analytics/start') {
      analytics ??= startRemoteServer('analytics');
      await waitForUrl(manifest);
    }
    res.end('ok');
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  project.provide('dataDir', dataDir);
  project.provide('mailFile', env.MAIL_FILE);
  project.provide('pushCert', pushCert);
  project.provide('controlUrl', `http://127.0.0.1:${(control.address() as AddressInfo).port}`);
  project.provide('providerUrl', provider.issuer);

  return async () => {
    control.close();
    await stopGroup(analytics);
    await stopGroup(stack);
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pushCert.dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dataDir: string;
    /** JSON lines, one per e-mail the API sent (MAIL_TRANSPORT=file). */
    mailFile: string;
    /** Certificate of the local push service the API trusts (PUSH_CA_FILE); null against someone else's stack. */
    pushCert: TestCert | null;
    /** POST-less control of the analytics remote's server: GET /analytics/stop, /analytics/start. */
    controlUrl: string;
    /** The issuer of the test OpenID Connect provider (AUTH_PROVIDERS=testid). */
    providerUrl: string;
  }
}
