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
import { cpuShares, cpuSnapshot, type CpuShares } from './lib/cpu.js';

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
  /** Where the machine's CPU went meanwhile (autocannon rows). */
  cpu?: CpuShares;
}

/** GET /api/weights (1 year) again with API_WORKERS processes, and on the embedded database (PGlite). */
export interface ScalingRow {
  setup: string;
  /** One of ENDPOINTS (the embedded database answers them all; the other setups the one-year list). */
  endpoint: string;
  connections: number;
  rps: number;
  p99: number;
  non2xx: number;
  cpu?: CpuShares;
}

export interface ApiLoadResult {
  durationS: number;
  connections: number[];
  rows: LoadRow[];
  pgbenchVersion: string;
  apiWorkers: number;
  logLevel: string;
  failures: string[];
  scaling: ScalingRow[];
}

export const ENDPOINTS = [
  'GET /api/weights (1 year)',
  'GET /api/weights/average/weekly (10 years)',
  'POST /api/weights (upsert)',
  'GET /api/users/me',
] as const;
export const HELLO = 'hello-world Hono route';
/** The SQL ceiling of each endpoint: pgbench running the statements that endpoint sends, session check included. */
export const CEILING: Record<(typeof ENDPOINTS)[number], string> = {
  [ENDPOINTS[0]]: 'pgbench: SQL of GET /api/weights (1 year)',
  [ENDPOINTS[1]]: 'pgbench: SQL of GET /api/weights/average/weekly (10 years)',
  [ENDPOINTS[2]]: 'pgbench: SQL of POST /api/weights (upsert)',
  [ENDPOINTS[3]]: 'pgbench: SQL of GET /api/users/me',
};
/** Short keys of the endpoints in results.json (api.<key>.c<connections>.…). */
export const ENDPOINT_KEYS: Record<(typeof ENDPOINTS)[number], string> = {
  [ENDPOINTS[0]]: 'weights_1y',
  [ENDPOINTS[1]]: 'averages_weekly_10y',
  [ENDPOINTS[2]]: 'post_weight',
  [ENDPOINTS[3]]: 'users_me',
};
/** @deprecated name of the range ceiling in earlier results */
export const PGBENCH = CEILING[ENDPOINTS[0]];

/**
 * The statements each endpoint sends, as the repositories write them (session check with the user's data version,
 * then the endpoint's own), with this run's literal values: pgbench -M prepared runs them as one transaction.
 */
export function endpointSql(v: {
  userId: string;
  sessionId: string;
  oneYear: [string, string];
  tenYears: [string, string];
  upsertDate: string;
}) {
  const session = `select (select coalesce(sum("data_versions"."version"), 0)::bigint from "data_versions" where "data_versions"."user_id" = "users"."id") from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."id" = '${v.sessionId}' and "sessions"."user_id" = '${v.userId}' and "sessions"."expires_at" > now()) limit 1;`;
  const list = `select coalesce(json_agg(json_build_object('id', "weight_entries"."id", 'date', "weight_entries"."date", 'weightKg', "weight_entries"."weight_kg", 'notes', "weight_entries"."notes") order by "weight_entries"."date"), '[]')::text from "weight_entries" where ("weight_entries"."user_id" = '${v.userId}' and "weight_entries"."date" >= '${v.oneYear[0]}' and "weight_entries"."date" <= '${v.oneYear[1]}');`;
  const first = `(date_trunc('week', "weight_entries"."date" + 0)::date - 0)`;
  const weekly =
    `select coalesce(json_agg(json_build_object('week', "b"."bucket", 'average', "b"."average", 'count', "b"."count", 'start', "b"."start", 'end', "b"."end") order by "b"."start"), '[]')::text from ` +
    `(select to_char(${first}, 'YYYY-MM-DD') as "start", to_char(min("weight_entries"."date") + 0, 'IYYY-IW') as "bucket", to_char(min(${first}) + interval '6 days', 'YYYY-MM-DD') as "end", avg("weight_entries"."weight_kg")::float8 as "average", count(*)::int as "count" ` +
    `from "weight_entries" where ("weight_entries"."user_id" = '${v.userId}' and "weight_entries"."date" >= '${v.tenYears[0]}' and "weight_entries"."date" <= '${v.tenYears[1]}') group by 1) "b";`;
  // the API's bodies cycle through 20 dates, and it tells the other processes after each save
  const upsert =
    `\\set d random(0, 19)\n` +
    `insert into "weight_entries" ("id", "user_id", "date", "weight_kg", "notes", "created_at", "updated_at") values (gen_random_uuid(), '${v.userId}', '${v.upsertDate}'::date - (:d)::int, 70.3, null, now(), now()) ` +
    `on conflict ("user_id","date") do update set "weight_kg" = 70.3, "notes" = null, "updated_at" = now() returning "id", "date", "weight_kg", "notes";\n` +
    `select announce_data_changed(array['${v.userId}']::uuid[]);`;
  const me = `select * from "users" where "users"."id" = '${v.userId}' limit 1;`;
  return {
    [ENDPOINTS[0]]: `${session}\n${list}\n`,
    [ENDPOINTS[1]]: `${session}\n${weekly}\n`,
    [ENDPOINTS[2]]: `${session}\n${upsert}\n`,
    [ENDPOINTS[3]]: `${session}\n${me}\n`,
  } as Record<(typeof ENDPOINTS)[number], string>;
}

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
  const before = cpuSnapshot();
  const { stdout } = await run(process.execPath, [path.join(BENCH_DIR, 'lib/cannon-runner.mjs'), JSON.stringify(spec)], {
    cwd: ROOT,
    timeout: (spec.duration + 30) * 1000,
    maxBuffer: 1 << 20,
  });
  const after = cpuSnapshot();
  const r = JSON.parse(stdout.trim().split('\n').pop()!) as {
    rps: number;
    p50: number;
    p99: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    total: number;
    cpuSeconds: number;
  };
  return { ...r, cpu: cpuShares(before, after, spec.duration, r.cpuSeconds) };
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

const API_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  JWT_SECRET: BENCH_JWT_SECRET,
  LOGIN_LIMIT_PER_IP: '1000000',
  LOGIN_LIMIT_PER_EMAIL: '1000000',
  REGISTER_LIMIT_PER_IP: '1000000',
  REGISTER_LIMIT_PER_EMAIL: '1000000',
  MAIL_TRANSPORT: 'none',
};

async function signedIn(base: string, email: string, password: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

/**
 * The one-year list on other setups: N API processes on PostgreSQL (API_WORKERS), one process with the read cache
 * off, and one process on the embedded PGlite that `npm start` uses by default (a fresh data directory, one user
 * with a year of daily entries).
 */
export async function runScaling(
  connections: number[],
  duration: number,
  workers = 2,
): Promise<{ rows: ScalingRow[]; failures: string[] }> {
  const rows: ScalingRow[] = [];
  const failures: string[] = [];
  const oneYear = `start_date=${day(-365)}&end_date=${day(0)}`;
  const port = API_PORT + 2;
  const base = `http://127.0.0.1:${port}`;
  type Target = { url: string; method?: string; headers?: Record<string, string>; bodies?: string[] };
  const measure = async (setup: string, headers: Record<string, string>, endpoints: Array<[string, Target]> = []) => {
    const targets: Array<[string, Target]> = [[ENDPOINTS[0], { url: `${base}/api/weights?${oneYear}`, headers }], ...endpoints];
    for (const [, t] of targets) await cannon({ ...t, connections: 4, duration: 1 });
    for (const c of connections) {
      for (const [endpoint, t] of targets) {
        const r = await cannon({ ...t, connections: c, duration });
        rows.push({ setup, endpoint, connections: c, rps: r.rps, p99: r.p99, non2xx: r.non2xx + r.errors, cpu: r.cpu });
        process.stderr.write(`  ${setup} ${endpoint} @${c}: ${r.rps.toFixed(0)} req/s p99 ${r.p99} ms\n`);
      }
    }
  };
  // several processes on PostgreSQL
  const many = spawnChild(
    process.execPath,
    tsNodeArgs(path.join(ROOT, 'api/src/main.ts')),
    {
      ...API_ENV,
      DATABASE_URL: BENCH_DATABASE_URL,
      API_PORT: String(port),
      LOG_LEVEL: 'warn',
      API_WORKERS: String(workers),
      ALLOWED_ORIGINS: base,
    },
    `api x${workers}`,
  );
  try {
    await waitForUrl(`${base}/api/health`, 60_000);
    await measure(`PostgreSQL, API_WORKERS=${workers}`, await signedIn(base, LONG_USER_EMAIL, BENCH_PASSWORD));
  } catch (e) {
    failures.push(`API_WORKERS=${workers}: ${(e as Error).message.split('\n')[0]}`);
  } finally {
    await many.stop();
  }
  // one process without the read cache: what the list costs when every request reads PostgreSQL
  const uncached = spawnChild(
    process.execPath,
    tsNodeArgs(path.join(ROOT, 'api/src/main.ts')),
    { ...API_ENV, DATABASE_URL: BENCH_DATABASE_URL, API_PORT: String(port), LOG_LEVEL: 'warn', READ_CACHE_MB: '0', ALLOWED_ORIGINS: base },
    'api uncached',
  );
  try {
    await waitForUrl(`${base}/api/health`, 60_000);
    await measure('PostgreSQL, 1 process, READ_CACHE_MB=0', await signedIn(base, LONG_USER_EMAIL, BENCH_PASSWORD));
  } catch (e) {
    failures.push(`READ_CACHE_MB=0: ${(e as Error).message.split('\n')[0]}`);
  } finally {
    await uncached.stop();
  }
  // the embedded default
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  const embedded = spawnChild(
    process.execPath,
    tsNodeArgs(path.join(ROOT, 'api/src/main.ts')),
    { ...API_ENV, DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: 'warn', ALLOWED_ORIGINS: base },
    'api pglite',
  );
  try {
    await waitForUrl(`${base}/api/health`, 90_000);
    const email = 'bench-pglite@example.com';
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Embedded', email, password: BENCH_PASSWORD }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const headers = await signedIn(base, email, BENCH_PASSWORD);
    for (let d = -365; d <= 0; d++) {
      const res = await fetch(`${base}/api/weights`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ date: day(d), weightKg: 80 + Math.sin(d / 9), notes: d % 5 ? null : 'a note' }),
      });
      if (res.status !== 201) throw new Error(`seed: ${res.status}`);
    }
    // the same calls as on PostgreSQL, over the year this user has (the averages: weekly over that year)
    const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ date: day(-40 - i), weightKg: 80 + (i % 7) / 10, notes: null }));
    await measure('embedded PGlite (npm start default)', headers, [
      [ENDPOINTS[1], { url: `${base}/api/weights/average/weekly?${oneYear}&week_starts_on=1`, headers }],
      [ENDPOINTS[2], { url: `${base}/api/weights`, method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, bodies }],
      [ENDPOINTS[3], { url: `${base}/api/users/me`, headers }],
    ]);
  } catch (e) {
    failures.push(`embedded PGlite: ${(e as Error).message.split('\n')[0]}`);
  } finally {
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, failures };
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
    const sessionId = (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid;
    const auth = { authorization: `Bearer ${accessToken}` };

    const oneYear = `start_date=${day(-365)}&end_date=${day(0)}`;
    // the app always names the week start, so the averages never need the user's row
    const tenYears = `start_date=${yearsAgo(10)}&end_date=${day(0)}&week_starts_on=1`;
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

    const scripts = new Map<string, string>();
    let sqlDir: string | undefined;
    if (pgbin) {
      pgbenchVersion = spawnSync(pgbin, ['--version'], { encoding: 'utf8' }).stdout.trim();
      sqlDir = mkdtempSync(path.join(os.tmpdir(), 'bench-sql-'));
      const sqls = endpointSql({
        userId,
        sessionId,
        oneYear: [day(-365), day(0)],
        tenYears: [yearsAgo(10), day(0)],
        upsertDate: day(-400),
      });
      ENDPOINTS.forEach((e, i) => {
        const file = path.join(sqlDir!, `endpoint-${i}.sql`);
        writeFileSync(file, sqls[e]);
        scripts.set(e, file);
      });
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
            cpu: r.cpu,
          });
          process.stderr.write(`  ${name} @${c}: ${r.rps.toFixed(0)} req/s p50 ${r.p50} ms p99 ${r.p99} ms\n`);
        } catch (e) {
          failures.push(`${name} @${c}: ${(e as Error).message}`);
        }
        const script = scripts.get(name);
        if (pgbin && script) {
          try {
            const r = await pgbench(pgbin, script, c, duration);
            rows.push({ target: CEILING[name as (typeof ENDPOINTS)[number]], ...r });
            process.stderr.write(`  pgbench for ${name} @${c}: ${r.rps.toFixed(0)} tps p50 ${r.p50.toFixed(2)} ms\n`);
          } catch (e) {
            failures.push(`pgbench for ${name} @${c}: ${(e as Error).message}`);
          }
        }
      }
    }
    if (sqlDir) rmSync(sqlDir, { recursive: true, force: true });
  } finally {
    await hello.stop();
    await api.stop();
  }
  const scaling = await runScaling(
    connections.filter((c) => c > 1),
    duration,
  );
  failures.push(...scaling.failures);
  return { durationS: duration, connections, rows, pgbenchVersion, apiWorkers, logLevel, failures, scaling: scaling.rows };
}

if (isMain(import.meta.url)) {
  const r = await runApiLoad();
  console.log(JSON.stringify(r, null, 2));
}
