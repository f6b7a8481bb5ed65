/**
 * Read replicas (DATABASE_REPLICA_URLS). Reads of a request go to a replica only when the request allows it: a GET
 * or HEAD of a signed-in user who changed nothing in the last WRITE_WINDOW_MS (users.written_at, read from the
 * primary with the session). Everything else — writes, the reads of a write request, the session check, public
 * routes, migrations — uses the primary. A replica is used only while a probe finds it a standby caught up with
 * where the primary was one probe earlier; a replica that fails mid-request is dropped and the read runs again on
 * the primary (reads are safe to repeat).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { withReplicas } from 'drizzle-orm/pg-core';
import type { Pool, PoolConfig } from 'pg';
import { isDatabaseUnavailable } from '../lib/errors.js';
import type { Db } from './client.js';

/** After a user's last write, their reads stay on the primary this long: far above any lag a usable replica has. */
export const WRITE_WINDOW_MS = 10_000;
/** How often each API process checks its replicas; a usable replica is at most about two of these behind. */
export const PROBE_EVERY_MS = 1_000;

// ---- the rule -----------------------------------------------------------------------------------------------

/** Whether a request may read from a replica: a read (GET/HEAD) by a user whose last write is old enough. */
export function mayReadFromReplica(o: { method: string; writtenAt: Date | null | undefined; now: Date; windowMs?: number }): boolean {
  if (o.method !== 'GET' && o.method !== 'HEAD') return false;
  if (!o.writtenAt) return false;
  // a write time ahead of our clock (another process's clock) also keeps the user on the primary
  return o.now.getTime() - o.writtenAt.getTime() >= (o.windowMs ?? WRITE_WINDOW_MS);
}

/** Whether a request changes something: its successful end moves the user's written_at. */
export const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

const routing = new AsyncLocalStorage<{ replica: boolean }>();

/** Runs the rest of a request with its reads on a replica (when `replica`) or on the primary. */
export function readingFrom<T>(replica: boolean, fn: () => T): T {
  return routing.run({ replica }, fn);
}

// ---- routing a drizzle database ---------------------------------------------------------------------------

export type ReplicaNode = {
  /** Where it is, without credentials, for log lines. */
  name: string;
  db: Db;
  usable: boolean;
};

const pickers = new WeakMap<object, () => Db>();

/**
 * The primary's drizzle database with reads routed: select, $count, with and the query API go to a usable replica
 * (round robin) when the current request allows it, else to the primary; writes, execute and transactions always
 * go to the primary (drizzle's withReplicas).
 */
export function routeReads(primary: Db, replicas: ReplicaNode[]): Db {
  if (replicas.length === 0) return primary;
  let next = 0;
  const pick = (): Db => {
    if (!routing.getStore()?.replica) return primary;
    for (let i = 0; i < replicas.length; i++) {
      const node = replicas[(next + i) % replicas.length]!;
      if (node.usable) {
        next = (next + i + 1) % replicas.length;
        return node.db;
      }
    }
    return primary;
  };
  const dbs = replicas.map((r) => r.db) as [Db, ...Db[]];
  const routed = withReplicas(primary, dbs, pick) as unknown as Db;
  pickers.set(routed, pick);
  return routed;
}

/** The database a read made now would use (for statements prepared per database). */
export function readTarget(db: Db): Db {
  const pick = pickers.get(db);
  return pick ? pick() : db;
}

/** Whether the database routes reads to replicas (written_at is kept only then). */
export const hasReplicas = (db: Db) => pickers.has(db);

// ---- node-postgres: failover and probes ----------------------------------------------------------------------

/** A replica failing this way is dropped until a probe finds it well; the read itself runs again on the primary. */
export const replicaDown = (err: unknown) => isDatabaseUnavailable(err);
/** A standby may cancel a read that conflicts with the WAL it replays: run it again on the primary. */
const recoveryConflict = (err: unknown) => (err as { code?: string }).code === '40001' && /recovery/i.test(String((err as Error).message));

/** "16/B374D848" → a comparable number. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

type Log = (line: Record<string, unknown>) => void;

export type PgReplicas = {
  nodes: ReplicaNode[];
  /** One probe of every replica (the timer calls it every PROBE_EVERY_MS). */
  probe(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Opens a pool per replica URL whose queries fall back to the primary's pool, and starts probing them. A replica
 * is usable when it is reachable, in recovery (a standby), and has replayed the WAL up to where the primary was at
 * the previous probe.
 */
export async function openPgReplicas(
  urls: string[],
  primaryPool: Pool,
  config: PoolConfig,
  log: Log,
  opts: { probeEveryMs?: number } = {},
): Promise<PgReplicas> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const schema = await import('./schema.js');

  class FailoverPool extends pg.Pool {
    constructor(
      cfg: PoolConfig,
      private readonly node: { usable: boolean },
      private readonly onDown: (err: unknown) => void,
    ) {
      super(cfg);
    }
    /** A query on the replica itself, never falling back (the probe's). */
    here(text: string) {
      return super.query(text);
    }
    // drizzle calls query(text | config, values?) and awaits the promise
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const onPrimary = () => (primaryPool.query as (...a: any[]) => any)(...args);
      if (typeof args[args.length - 1] === 'function') return (super.query as (...a: unknown[]) => unknown)(...args);
      if (!this.node.usable) return onPrimary();
      return (super.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((err: unknown) => {
        if (replicaDown(err)) this.onDown(err);
        else if (!recoveryConflict(err)) throw err;
        return onPrimary();
      });
    }
  }

  const nodes: (ReplicaNode & { pool: InstanceType<typeof FailoverPool> })[] = [];
  const setUsable = (node: ReplicaNode, usable: boolean, reason: string) => {
    if (node.usable === usable) return;
    node.usable = usable;
    log(
      usable
        ? { level: 'info', msg: 'replica in use', replica: node.name }
        : { level: 'warn', msg: 'replica not used; its reads go to the primary', replica: node.name, reason },
    );
  };
  for (const url of urls) {
    const u = new URL(url);
    const node = { name: `${u.hostname}:${u.port || 5432}${u.pathname}`, usable: false } as ReplicaNode & {
      pool: InstanceType<typeof FailoverPool>;
    };
    node.pool = new FailoverPool({ ...config, connectionString: url, connectionTimeoutMillis: 2_000 }, node, (err) =>
      setUsable(node, false, String((err as { code?: string }).code ?? (err as Error).message)),
    );
    node.pool.on('error', () => setUsable(node, false, 'connection lost'));
    node.db = drizzle(node.pool, { schema }) as unknown as Db;
    nodes.push(node);
  }

  let previousPrimaryLsn: bigint | undefined;
  let probing = false;
  const probe = async () => {
    if (probing) return;
    probing = true;
    try {
      let primaryLsn: bigint;
      try {
        const { rows } = await primaryPool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
        primaryLsn = lsnValue(rows[0]!.lsn);
      } catch {
        return; // the primary is down: nothing to compare with, and reads fail anyway
      }
      const target = previousPrimaryLsn;
      previousPrimaryLsn = primaryLsn;
      await Promise.all(
        nodes.map(async (node) => {
          try {
            // a standby cut off from the primary stops replaying while the primary moves on: it shows as lagging
            const { rows } = await node.pool.here('select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed');
            const r = rows[0] as { standby: boolean; replayed: string | null };
            if (!r.standby || !r.replayed) return setUsable(node, false, 'not a standby');
            if (target === undefined) return; // the first probe only notes where the primary is
            setUsable(node, lsnValue(r.replayed) >= target, 'lagging behind the primary');
          } catch (err) {
            setUsable(node, false, String((err as { code?: string }).code ?? (err as Error).message));
          }
        }),
      );
    } finally {
      probing = false;
    }
  };
  const every = opts.probeEveryMs ?? PROBE_EVERY_MS;
  const timer = every > 0 ? setInterval(() => void probe(), every) : undefined;
  timer?.unref();
  await probe();
  return {
    nodes,
    probe,
    close: async () => {
      if (timer) clearInterval(timer);
      await Promise.all(nodes.map((n) => n.pool.end().catch(() => undefined)));
    },
  };
}
