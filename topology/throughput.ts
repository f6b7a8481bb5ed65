// Requests per second through nginx with 1, 2 and 3 API processes behind it (autocannon in a process of its own).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../scripts/lib/apps';
import { WRITE_WINDOW_MS } from '../api/src/db/replicas';
import { seedUsers } from './drills';
import type { Client } from './client';
import { PORTS, type Topology } from './stack';

const run = promisify(execFile);
const RUNNER = path.join(ROOT, 'bench/lib/cannon-runner.mjs');

export type ThroughputRow = {
  apis: number;
  endpoint: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** how they failed: connection errors, timeouts, answers other than 2xx */
  errors: number;
  timeouts: number;
  non2xx: number;
};

export const CONNECTIONS = 16;
export const SECONDS = 10;

async function cannon(topology: Topology, spec: Record<string, unknown>) {
  const { stdout } = await run(process.execPath, [RUNNER, JSON.stringify(spec)], {
    cwd: ROOT,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: topology.certFile },
    timeout: 120_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as {
    rps: number;
    p50: number;
    p99: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
}

export async function measureThroughput(topology: Topology, client: Client, log: (s: string) => void): Promise<ThroughputRow[]> {
  log('seeding a year of entries for the throughput user');
  const [reader] = await seedUsers(client, 1, 365);
  const [writer] = await seedUsers(client, 1, 1);
  // past the write window, the reader's GETs go to the replica
  await new Promise((r) => setTimeout(r, WRITE_WINDOW_MS + 1000));
  const base = `https://127.0.0.1:${PORTS.https}`;
  const bodies = Array.from({ length: 500 }, (_, i) =>
    JSON.stringify({ date: new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10), weightKg: 70 + (i % 50) / 10 }),
  );
  const endpoints = [
    {
      endpoint: 'GET /api/weights (1 year, replica)',
      method: 'GET',
      url: `${base}/api/weights?start_date=${reader!.dates[0]}`,
      token: reader!.token,
    },
    { endpoint: 'POST /api/weights (primary)', method: 'POST', url: `${base}/api/weights`, token: writer!.token, bodies },
  ];
  const rows: ThroughputRow[] = [];
  for (const apis of [1, 2, 3]) {
    await topology.useApis(apis);
    for (const e of endpoints) {
      log(`throughput: ${apis} API process${apis > 1 ? 'es' : ''}, ${e.endpoint}`);
      const r = await cannon(topology, {
        url: e.url,
        method: e.method,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { authorization: `Bearer ${e.token}`, origin: topology.url, ...(e.bodies ? { 'content-type': 'application/json' } : {}) },
        bodies: e.bodies,
      });
      rows.push({
        apis,
        endpoint: e.endpoint,
        connections: CONNECTIONS,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        failed: r.errors + r.timeouts + r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
      });
    }
  }
  return rows;
}
