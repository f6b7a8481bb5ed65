// API throughput on loopback against real PostgreSQL, next to its two ceilings measured in the same
// run: a hello-world Hono route on the same server setup, and pgbench running the equivalent
// weight-range SELECT. autocannon runs in a separate process (lib/cannon-runner.mjs).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  BENCH_DATABASE_URL,
  BENCH_DIR,
  BENCH_JWT_SECRET,
  BENCH_PASSWORD,
  LONG_USER_EMAIL,
  ROOT,
  day,
  isMain,
  percentile,
  spawnChild,
  tsNodeArgs,
  waitForUrl,
  yearsAgo,
} from './lib/common.js';

const run = promisify(execFile);

export const API_PORT = Number(process.env.BENCH_API_PORT ?? 4600);
export const HELLO_PORT = Number(process.env.BENCH_HELLO_PORT ?? 4601);

export interface LoadRow {
  target: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

export interface ApiLoadResult {
  durationS: number;
  connections: number[];
  rows: LoadRow[];
  pgbenchVersion: string;
  apiWorkers: number;
  logLevel: string;
  failures: string[];
}

export const ENDPOINTS = [
  'GET /api/weights (1 year)',
  'GET /api/weights/average/weekly (10 years)',
  'POST /api/weights (upsert)',
  'GET /api/users/me',
] as const;
export const HELLO = 'hello-world Hono route';
export const PGBENCH = 'pgbench: weight-range SELECT (1 year)';

function pgbenchPath(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return ['/usr/lib/postgresql/15/bin/pgbench', '/usr/lib/postgresql/16/bin/pgbench'].find(existsSync);
}

async function cannon(spec: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  bodies?: string[];
}) {
  const { stdout } = await run(process.execPath, [path.join(BENCH_DIR, 'lib/cannon-runner.mjs'), JSON.stringify(spec)], {
    cwd: ROOT,
    timeout: (spec.duration + 30) * 1000,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as {
    rps: number;
    p50: number;
    p99: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    total: number;
  };
}

async function pgbench(bin: string, script: string, clients: number, duration: number): Promise<Omit<LoadRow, 'target'>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pgbench-'));
  try {
    const db = new URL(BENCH_DATABASE_URL);
    const args = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(duration),
      '-f',
      script,
      '-l',
      `--log-prefix=${path.join(dir, 'tx')}`,
      '-h',
      db.hostname,
      '-p',
      db.port || '5432',
      '-U',
      decodeURIComponent(db.username || 'postgres'),
      db.pathname.slice(1),
    ];
    const { stdout } = await run(bin, args, { timeout: (duration + 60) * 1000, maxBuffer: 1 << 22 });
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    const latencies: number[] = [];
    for (const f of readdirSync(dir)) {
      for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (line && Number.isFinite(us)) latencies.push(us / 1000);
      }
    }
    if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return {
      connections: clients,
      rps: tps,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: failed,
      non2xx: 0,
      total: latencies.length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runApiLoad(opts: { connections?: number[]; duration?: number } = {}): Promise<ApiLoadResult> {
  const connections = opts.connections ?? (process.env.BENCH_CONNECTIONS ?? '1,16,64').split(',').map(Number);
  const duration = opts.duration ?? Number(process.env.BENCH_DURATION ?? 5);
  const logLevel = process.env.BENCH_API_LOG_LEVEL ?? 'warn';
  const apiWorkers = Number(process.env.BENCH_API_WORKERS ?? 1);
  const failures: string[] = [];
  const rows: LoadRow[] = [];
  const base = `http://127.0.0.1:${API_PORT}`;

  const api = spawnChild(
    process.execPath,
    tsNodeArgs(path.join(ROOT, 'api/src/main.ts')),
    {
      NODE_ENV: 'production',
      DATABASE_URL: BENCH_DATABASE_URL,
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: logLevel,
      API_WORKERS: String(apiWorkers),
      ALLOWED_ORIGINS: base,
      LOGIN_LIMIT_PER_IP: '1000000',
      LOGIN_LIMIT_PER_EMAIL: '1000000',
      REGISTER_LIMIT_PER_IP: '1000000',
      REGISTER_LIMIT_PER_EMAIL: '1000000',
      MAIL_TRANSPORT: 'none',
    },
    'api',
  );
  const hello = spawnChild(process.execPath, tsNodeArgs(path.join(BENCH_DIR, 'hello-server.ts'), [String(HELLO_PORT)]), {}, 'hello');
  const pgbin = pgbenchPath();
  let pgbenchVersion = 'not found';
  try {
    await waitForUrl(`${base}/api/health`, 60_000).catch((e) => {
      throw new Error(`${e.message}\n${api.output()}`);
    });
    await waitForUrl(`http://127.0.0.1:${HELLO_PORT}/hello`, 30_000);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: LONG_USER_EMAIL, password: BENCH_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login of the 10-year user failed: ${login.status} ${await login.text()}`);
    const { accessToken, id: userId } = (await login.json()) as { accessToken: string; id: string };
    const auth = { authorization: `Bearer ${accessToken}` };

    const oneYear = `start_date=${day(-365)}&end_date=${day(0)}`;
    const tenYears = `start_date=${yearsAgo(10)}&end_date=${day(0)}`;
    // 20 fixed past dates that already exist: the upserts update rows, the table does not grow.
    const bodies = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({ date: day(-400 - i), weightKg: 70 + (i % 7) / 10, notes: i % 3 ? null : 'bench upsert' }),
    );
    const targets: Record<string, { url: string; method?: string; headers?: Record<string, string>; bodies?: string[] }> = {
      [HELLO]: { url: `http://127.0.0.1:${HELLO_PORT}/hello` },
      [ENDPOINTS[0]]: { url: `${base}/api/weights?${oneYear}`, headers: auth },
      [ENDPOINTS[1]]: { url: `${base}/api/weights/average/weekly?${tenYears}`, headers: auth },
      [ENDPOINTS[2]]: { url: `${base}/api/weights`, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, bodies },
      [ENDPOINTS[3]]: { url: `${base}/api/users/me`, headers: auth },
    };
    // every target answers before any measurement (and JIT/pool warm up: 1 s each at 4 connections)
    for (const [name, t] of Object.entries(targets)) {
      const r = await cannon({ ...t, connections: 4, duration: 1 });
      if (r.non2xx || r.errors || !r.total) failures.push(`${name}: warm-up saw ${r.non2xx} non-2xx, ${r.errors} errors`);
    }

    let script: string | undefined;
    if (pgbin) {
      pgbenchVersion = spawnSync(pgbin, ['--version'], { encoding: 'utf8' }).stdout.trim();
      script = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-sql-')), 'range.sql');
      // the SQL drizzle sends for GET /api/weights (see the query plans), with the literal values
      writeFileSync(
        script,
        `select "id", "date", "weight_kg", "notes" from "weight_entries" where ("weight_entries"."user_id" = '${userId}' and "weight_entries"."date" >= '${day(-365)}' and "weight_entries"."date" <= '${day(0)}') order by "weight_entries"."date" asc;\n`,
      );
    } else failures.push('pgbench not found (install postgresql-client / postgresql-contrib)');

    for (const c of connections) {
      for (const [name, t] of Object.entries(targets)) {
        try {
          const r = await cannon({ ...t, connections: c, duration });
          rows.push({
            target: name,
            connections: c,
            rps: r.rps,
            p50: r.p50,
            p99: r.p99,
            errors: r.errors + r.timeouts,
            non2xx: r.non2xx,
            total: r.total,
          });
          process.stderr.write(`  ${name} @${c}: ${r.rps.toFixed(0)} req/s p50 ${r.p50} ms p99 ${r.p99} ms\n`);
        } catch (e) {
          failures.push(`${name} @${c}: ${(e as Error).message}`);
        }
        if (name === HELLO && pgbin && script) {
          try {
            const r = await pgbench(pgbin, script, c, duration);
            rows.push({ target: PGBENCH, ...r });
            process.stderr.write(`  pgbench @${c}: ${r.rps.toFixed(0)} tps p50 ${r.p50.toFixed(2)} ms\n`);
          } catch (e) {
            failures.push(`pgbench @${c}: ${(e as Error).message}`);
          }
        }
      }
    }
    if (script) rmSync(path.dirname(script), { recursive: true, force: true });
  } finally {
    await hello.stop();
    await api.stop();
  }
  return { durationS: duration, connections, rows, pgbenchVersion, apiWorkers, logLevel, failures };
}

if (isMain(import.meta.url)) {
  const r = await runApiLoad();
  console.log(JSON.stringify(r, null, 2));
}
