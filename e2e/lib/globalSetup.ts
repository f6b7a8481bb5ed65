import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E } from './ports';
import { ROOT, spawnGroup, stopGroup, waitForUrl } from './stack';

/**
 * Starts the production stack through `npm start`'s script (building what is missing) on offset
 * ports with a throw-away embedded database, or the database named by E2E_DATABASE_URL.
 * The analytics remote is left out: tests start and stop it themselves (see remoteControl.ts).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'weight-e2e-'));
  const env: Record<string, string> = {
    SHELL_PORT: String(E2E.shellPort),
    API_PORT: String(E2E.apiPort),
    PUBLIC_URL: `http://localhost:${E2E.shellPort}`,
    DATA_DIR: dataDir,
    START_SKIP: 'mf-analytics',
    LOG_LEVEL: 'warn',
  };
  for (const [key, port] of Object.entries(E2E.remotes)) env[`MF_${key.toUpperCase()}_PORT`] = String(port);
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else delete process.env.DATABASE_URL;

  const stack = spawnGroup(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], env, 'stack');
  await waitForUrl(`http://127.0.0.1:${E2E.shellPort}/api/health`, 150_000);
  project.provide('dataDir', dataDir);

  return async () => {
    await stopGroup(stack);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dataDir: string;
  }
}
