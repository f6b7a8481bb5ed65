import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FRONTENDS, ROOT, type Frontend } from './apps';
import { precompress } from './precompress';

const RSPACK = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');

export function isBuilt(app: Frontend): boolean {
  return existsSync(path.join(ROOT, app.dir, 'dist', app.marker));
}

/** Production build of one app into its own dist/, then precompression of its text assets. */
export async function buildApp(app: Frontend): Promise<number> {
  const started = performance.now();
  const result = spawnSync(process.execPath, [RSPACK, 'build', '--mode', 'production'], {
    cwd: path.join(ROOT, app.dir),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`build of ${app.dir} failed`);
  await precompress(path.join(ROOT, app.dir, 'dist'));
  return performance.now() - started;
}

export async function buildApps(which: readonly Frontend[] = FRONTENDS, onlyMissing = false) {
  for (const app of which) {
    if (onlyMissing && isBuilt(app)) continue;
    const ms = await buildApp(app);
    console.log(`built ${app.dir} in ${(ms / 1000).toFixed(1)} s`);
  }
}
