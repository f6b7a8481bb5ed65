// Failure drills on the running topology: an API process killed under load, the replica stopped under load.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { WRITE_WINDOW_MS } from '../api/src/db/replicas';
import { dayBefore, registerUser, type Client } from './client';
import type { Topology } from './stack';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type User = { email: string; token: string; dates: string[] };

export type LoadResult = {
  reads: number;
  readFailures: string[];
  writesAcknowledged: number;
  writesRefused: number;
  writesMissing: number;
};

/** Users with `days` entries each, written now; their reads may go to the replica once WRITE_WINDOW_MS has passed. */
export async function seedUsers(client: Client, count: number, days: number): Promise<User[]> {
  const users: User[] = [];
  for (let u = 0; u < count; u++) {
    const user = { ...(await registerUser(client, 'drill')), dates: [] as string[] };
    for (let d = days; d >= 1; d--) {
      const date = dayBefore(d);
      const r = await client.call('POST', '/api/weights', { token: user.token, body: { date, weightKg: 70 + (d % 10) / 10 } });
      if (r.status !== 201) throw new Error(`seeding answered ${r.status}`);
      user.dates.push(date);
    }
    users.push(user);
  }
  return users;
}

/**
 * `readers` loops read their user's entries and weekly averages (idempotent GETs: not one may fail); `writers` loops
 * save new days (POSTs: one in flight on a process that dies may be refused, never lost once acknowledged).
 * `during` runs meanwhile, `at` ms after the start.
 */
export async function underLoad(
  client: Client,
  o: { readUsers: User[]; writeUsers: User[]; ms: number; at: number; during: () => Promise<void> | void },
): Promise<LoadResult> {
  const end = Date.now() + o.ms;
  const result: LoadResult = { reads: 0, readFailures: [], writesAcknowledged: 0, writesRefused: 0, writesMissing: 0 };
  const acknowledged = new Map<User, string[]>();
  const reader = async (user: User, i: number) => {
    while (Date.now() < end) {
      const path = i++ % 2 ? '/api/weights/average/weekly' : '/api/weights';
      try {
        const r = await client.call('GET', path, { token: user.token });
        result.reads++;
        if (r.status !== 200) result.readFailures.push(`${path}: ${r.status} ${r.body.slice(0, 120)}`);
        else if (path === '/api/weights' && (JSON.parse(r.body) as unknown[]).length < user.dates.length)
          result.readFailures.push(`${path}: ${(JSON.parse(r.body) as unknown[]).length} entries of ${user.dates.length}`);
      } catch (err) {
        result.reads++;
        result.readFailures.push(`${path}: ${(err as Error).message}`);
      }
    }
  };
  const writer = async (user: User, w: number) => {
    const mine: string[] = [];
    acknowledged.set(user, mine);
    for (let n = 0; Date.now() < end; n++) {
      const date = new Date(Date.UTC(2020 + w, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
      try {
        const r = await client.call('POST', '/api/weights', { token: user.token, body: { date, weightKg: 75 } });
        if (r.status === 201) {
          mine.push(date);
          result.writesAcknowledged++;
        } else result.writesRefused++;
      } catch {
        result.writesRefused++;
      }
    }
  };
  const event = sleep(o.at).then(o.during);
  await Promise.all([...o.readUsers.map((u, i) => reader(u, i)), ...o.writeUsers.map((u, w) => writer(u, w)), event]);
  // every acknowledged write is there, read back (after the write window, from wherever the API reads)
  for (const [user, dates] of acknowledged) {
    const r = await client.call('GET', '/api/weights?start_date=2000-01-01', { token: user.token });
    const have = new Set((JSON.parse(r.body) as { date: string }[]).map((e) => e.date));
    result.writesMissing += dates.filter((d) => !have.has(d)).length;
  }
  return result;
}

/** Index scans of weight_entries the replica has served (its own statistics, flushed within a second). */
function replicaScans(topology: Topology): number {
  const out = execFileSync(
    'psql',
    [
      '-At',
      '-d',
      topology.cluster.replicaUrl,
      '-c',
      "select coalesce(sum(idx_scan), 0) from pg_stat_user_tables where relname = 'weight_entries'",
    ],
    { encoding: 'utf8' },
  );
  return Number(out.trim());
}

export type DrillReport = {
  killApi: LoadResult & { killedPort: number; upstreamsAfter: string[] };
  replicaDown: LoadResult & { replicaScansBefore: number; replicaScansAfterRestart: number; apiLogSaysFallback: boolean };
};

export async function runDrills(topology: Topology, client: Client, log: (s: string) => void): Promise<DrillReport> {
  log('seeding users for the drills');
  const readers = await seedUsers(client, 6, 60);
  const writers = await seedUsers(client, 2, 1);

  // 1. an API process dies (SIGKILL, no draining) while GETs and POSTs are under way
  const victim = topology.apis[1]!;
  log(`drill 1: killing the API process on :${victim.port} under load`);
  const logFile = `${topology.dir}/nginx/access.log`;
  const killApi = await underLoad(client, {
    readUsers: readers,
    writeUsers: writers,
    ms: 8000,
    at: 3000,
    during: () => void victim.child.kill('SIGKILL'),
  });
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-200);
  const upstreamsAfter = [...new Set(tail.map((l) => /upstream=(\S+)/.exec(l)?.[1] ?? '').filter(Boolean))];
  await topology.useApis(topology.apis.length);

  // 2. the replica stops while users who wrote nothing lately read (their reads go to the replica)
  log('drill 2: stopping the replica under load');
  await sleep(WRITE_WINDOW_MS + 1000);
  const before = replicaScans(topology);
  await underLoad(client, { readUsers: readers, writeUsers: [], ms: 2000, at: 0, during: () => {} });
  await sleep(1500);
  const replicaScansBefore = replicaScans(topology) - before;
  const replicaDown = await underLoad(client, {
    readUsers: readers,
    writeUsers: [],
    ms: 6000,
    at: 2000,
    during: () => topology.cluster.stopReplica(),
  });
  const apiLogSaysFallback = topology.apis.some((a) => a && readFileSync(a.log, 'utf8').includes('its reads go to the primary'));
  log('drill 2: starting the replica again');
  await topology.cluster.startReplica();
  await sleep(3000);
  const after = replicaScans(topology);
  await underLoad(client, { readUsers: readers, writeUsers: [], ms: 2000, at: 0, during: () => {} });
  await sleep(1500);
  const replicaScansAfterRestart = replicaScans(topology) - after;
  return {
    killApi: { ...killApi, killedPort: victim.port, upstreamsAfter },
    replicaDown: { ...replicaDown, replicaScansBefore, replicaScansAfterRestart, apiLogSaysFallback },
  };
}
