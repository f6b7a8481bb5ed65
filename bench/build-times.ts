// Production build time of each app (rspack build only, median of N runs), then precompression as
// `npm run build` does, so the measured builds are the ones served. Also builds the single bundle.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { FRONTENDS } from '../scripts/lib/apps';
import { precompress } from '../scripts/lib/precompress';
import { BENCH_DIR, ROOT, isMain, median } from './lib/common.js';

const RSPACK = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
export const SINGLE_DIR = path.join(BENCH_DIR, 'single-bundle');

export interface BuildTime {
  app: string;
  runsMs: number[];
  medianMs: number;
}

function rspackBuild(cwd: string, extra: string[] = []): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, [RSPACK, 'build', '--mode', 'production', ...extra], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`rspack build in ${cwd} failed:\n${r.stdout}\n${r.stderr}`);
  return performance.now() - started;
}

export async function measureBuilds(runs = Number(process.env.BENCH_BUILD_RUNS ?? 3)): Promise<BuildTime[]> {
  const out: BuildTime[] = [];
  const targets = [
    ...FRONTENDS.map((f) => ({ app: f.dir, cwd: path.join(ROOT, f.dir), extra: [] as string[], dist: path.join(ROOT, f.dir, 'dist') })),
    { app: 'single bundle (bench)', cwd: SINGLE_DIR, extra: ['-c', 'rspack.config.js'], dist: path.join(SINGLE_DIR, 'dist') },
  ];
  for (const t of targets) {
    const runsMs: number[] = [];
    for (let i = 0; i < runs; i++) runsMs.push(rspackBuild(t.cwd, t.extra));
    await precompress(t.dist);
    out.push({ app: t.app, runsMs, medianMs: median(runsMs) });
    process.stderr.write(`  built ${t.app}: ${runsMs.map((m) => (m / 1000).toFixed(2)).join(', ')} s\n`);
  }
  return out;
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await measureBuilds(), null, 2));
