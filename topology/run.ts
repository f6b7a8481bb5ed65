// `npm run topology`: the production topology on this machine — nginx (TLS, HTTP/2, static files, /api over three
// API processes), a PostgreSQL primary and a streaming replica — under a temporary directory on ports 48000-48999.
// It runs the API suite and the browser suite through nginx, the failure drills, and measures throughput with 1, 2
// and 3 API processes; the figures go to bench/topology.json. Options: --skip-browser, --browser=<file,…> (only those
// browser test files), --keep (leave it running).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresBin } from '../api/src/test/pg-cluster';
import { FRONTENDS, ROOT } from '../scripts/lib/apps';
import { buildApps } from '../scripts/lib/build';
import { httpsClient } from './client';
import { runDrills, type DrillReport } from './drills';
import { nginxBinary } from './nginx';
import { MAX_APIS, PORTS, startTopology, type Topology } from './stack';
import { measureThroughput, type ThroughputRow } from './throughput';

const args = new Set(process.argv.slice(2));
/** --browser=a.e2e.ts,b.e2e.ts runs only those browser test files. */
const browserOnly = process.argv
  .find((a) => a.startsWith('--browser='))
  ?.slice('--browser='.length)
  .split(',')
  .filter(Boolean);
const started = Date.now();
const log = (s: string) => console.log(`[topology ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);
export const RESULTS_FILE = path.join(ROOT, 'bench/topology.json');

/** Browser test files that need a part of `npm start`'s stack nginx does not have (a remote's own server to stop). */
const BROWSER_FILES_LEFT_OUT = ['foundation.e2e.ts', 'independent-deploy.e2e.ts'];

function runSuite(name: string, cmdArgs: string[], env: Record<string, string>): Promise<{ ok: boolean; summary: string }> {
  log(`${name}: ${cmdArgs.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cmdArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (d: Buffer) => {
      out += d;
      process.stdout.write(d);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) => {
      // eslint-disable-next-line no-control-regex
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
      const tests = /^\s*Tests\s+(.+)$/m.exec(plain)?.[1]?.trim() ?? 'no summary';
      resolve({ ok: code === 0, summary: tests });
    });
  });
}

async function main() {
  nginxBinary();
  if (!postgresBin()) throw new Error('PostgreSQL server binaries are missing (apt-get install postgresql)');
  const browser = !args.has('--skip-browser');
  if (browser && !existsSync('/usr/bin/chromium'))
    throw new Error('Chromium is missing (apt-get install chromium), or pass --skip-browser');
  await buildApps(FRONTENDS, true);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'weightwise-topology-'));
  log(
    `starting under ${dir}: PostgreSQL primary :${PORTS.primary} + replica :${PORTS.replica}, ${MAX_APIS} API processes, nginx :${PORTS.https}`,
  );
  let topology: Topology | undefined;
  let keepLogs = false;
  const stopAll = async () => {
    await topology?.stop();
    if (keepLogs) console.error(`logs of the failed run kept in ${dir} (nginx/, api-*.log)`);
    else if (!args.has('--keep')) rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    topology = await startTopology({ dir, apis: MAX_APIS });
    log(`up: ${topology.url} (brotli ${topology.brotli ? 'on' : 'not installed: gzip only'})`);
    const tls = { NODE_EXTRA_CA_CERTS: topology.certFile };
    const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

    const apiSuite = await runSuite('API suite through nginx', [vitest, 'run', '--config', 'topology/vitest.config.ts'], {
      ...tls,
      TOPOLOGY_URL: topology.url,
      TOPOLOGY_HTTP_PORT: String(PORTS.http),
      TOPOLOGY_ACCESS_LOG: path.join(dir, 'nginx/access.log'),
      TOPOLOGY_API_COUNT: String(MAX_APIS),
      TOPOLOGY_BROTLI: String(topology.brotli),
      TOPOLOGY_SHELL_DIST: topology.shellDist,
    });

    let browserSuite: { ok: boolean; summary: string } | undefined;
    if (browser) {
      const files = readdirSync(path.join(ROOT, 'e2e/tests'))
        .filter((f) => f.endsWith('.e2e.ts') && !BROWSER_FILES_LEFT_OUT.includes(f) && (!browserOnly || browserOnly.includes(f)))
        .map((f) => `e2e/tests/${f}`);
      browserSuite = await runSuite('browser suite through nginx', [vitest, 'run', '--config', 'e2e/vitest.config.ts', ...files], {
        ...tls,
        E2E_BASE_URL: topology.url,
        E2E_CERT_SPKI: topology.certSpki,
        E2E_MAIL_FILE: topology.mailFile,
        E2E_PROVIDER_URL: topology.providerUrl,
      });
    }

    const client = httpsClient(topology.url, topology.certFile);
    const drills: DrillReport = await runDrills(topology, client, log);
    const throughput: ThroughputRow[] = await measureThroughput(topology, client, log);
    // the machine's load while measuring: other work on the same cores shows in every figure
    const loadAverage = os.loadavg().map((l) => Math.round(l * 10) / 10);
    client.close();

    const figures: Record<string, number> = {};
    for (const r of throughput) {
      const key = r.endpoint.startsWith('GET') ? 'get_weights_1y' : 'post_weight';
      figures[`topology.${key}.apis${r.apis}.rps`] = r.rps;
      figures[`topology.${key}.apis${r.apis}.p99_ms`] = r.p99;
      figures[`topology.${key}.apis${r.apis}.failed`] = r.failed;
    }
    const k = drills.killApi;
    const d = drills.replicaDown;
    Object.assign(figures, {
      'topology.drill_kill_api.reads': k.reads,
      'topology.drill_kill_api.read_failures': k.readFailures.length,
      'topology.drill_kill_api.writes_acknowledged': k.writesAcknowledged,
      'topology.drill_kill_api.writes_refused': k.writesRefused,
      'topology.drill_kill_api.writes_missing': k.writesMissing,
      'topology.drill_replica_down.reads': d.reads,
      'topology.drill_replica_down.read_failures': d.readFailures.length,
      'topology.drill_replica_down.replica_scans_before': d.replicaScansBefore,
      'topology.drill_replica_down.replica_scans_after_restart': d.replicaScansAfterRestart,
    });
    const results = {
      writtenAt: new Date().toISOString(),
      seconds: Math.round((Date.now() - started) / 1000),
      machine: `${os.cpus().length} cores, Node ${process.version}, load average ${loadAverage.join(' ')} at the end of the throughput runs`,
      setup: `nginx (TLS, HTTP/2) → API processes (READ_CACHE_MB=0) → PostgreSQL primary + streaming replica, all on this machine; autocannon ${throughput[0]?.connections ?? 0} connections × 10 s over HTTPS/1.1`,
      suites: { api: apiSuite, browser: browserSuite ?? 'skipped' },
      figures,
      throughput,
      drills: {
        killApi: { ...k, readFailures: k.readFailures.slice(0, 10) },
        replicaDown: { ...d, readFailures: d.readFailures.slice(0, 10) },
      },
    };
    writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 2) + '\n');

    const failures: string[] = [];
    if (!apiSuite.ok) failures.push(`API suite: ${apiSuite.summary}`);
    if (browserSuite && !browserSuite.ok) failures.push(`browser suite: ${browserSuite.summary}`);
    if (k.readFailures.length) failures.push(`drill 1: ${k.readFailures.length} reads failed (${k.readFailures[0]})`);
    if (k.writesMissing) failures.push(`drill 1: ${k.writesMissing} acknowledged writes missing`);
    if (d.readFailures.length) failures.push(`drill 2: ${d.readFailures.length} reads failed (${d.readFailures[0]})`);
    if (!d.replicaScansBefore) failures.push('drill 2: the replica served no reads before it was stopped');
    if (!d.replicaScansAfterRestart) failures.push('drill 2: the replica served no reads after it came back');
    if (!d.apiLogSaysFallback) failures.push('drill 2: no API process noted the replica going');
    for (const r of throughput)
      if (r.failed)
        failures.push(
          `throughput ${r.apis} × ${r.endpoint}: ${r.failed} failed requests (${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} not 2xx)`,
        );

    console.log('\n  API processes  endpoint                                  req/s    p99 ms');
    for (const r of throughput)
      console.log(
        `  ${String(r.apis).padEnd(13)}  ${r.endpoint.padEnd(40)} ${String(Math.round(r.rps)).padStart(6)}  ${String(r.p99).padStart(7)}`,
      );
    console.log(`\n  API suite: ${apiSuite.summary}`);
    console.log(
      `  browser suite: ${browserSuite?.summary ?? 'skipped'}${browser ? ` (left out: ${BROWSER_FILES_LEFT_OUT.join(', ')})` : ''}`,
    );
    console.log(
      `  drill 1 (kill :${k.killedPort}): ${k.reads} reads, ${k.readFailures.length} failed; ${k.writesAcknowledged} writes acknowledged, ` +
        `${k.writesMissing} missing, ${k.writesRefused} refused in flight`,
    );
    console.log(
      `  drill 2 (replica stopped): ${d.reads} reads, ${d.readFailures.length} failed; replica scans before ${d.replicaScansBefore}, ` +
        `after its restart ${d.replicaScansAfterRestart}`,
    );
    console.log(`  figures written to ${path.relative(ROOT, RESULTS_FILE)}; ${Math.round((Date.now() - started) / 1000)} s in all\n`);
    if (failures.length) {
      console.error(`FAILED:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
      keepLogs = true;
    }
  } finally {
    if (args.has('--keep') && topology) {
      log(`left running under ${dir} (${topology.url}); Ctrl-C stops it`);
      await new Promise(() => {});
    }
    await stopAll();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
