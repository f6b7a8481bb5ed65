import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema.js';
import { MIGRATIONS_FOLDER, MIGRATION_LOCK_KEY } from './migrate.js';
import { openPgReplicas, routeReads, type PgReplicas } from './replicas.js';
import { listenPglite, listenPostgres, type NoticeHandlers, type NoticeListener } from './notices.js';

export type Schema = typeof schema;
/** The driver-independent drizzle database (node-postgres or PGlite). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'postgres' | 'pglite';
  /** One round-trip to the database; rejects when it is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Applies the committed migrations (under an advisory lock on PostgreSQL). */
  migrate(): Promise<void>;
  /** The read replicas, when DATABASE_REPLICA_URLS names some. */
  replicas?: PgReplicas;
  /** Hears the notices of changed users (db/notices.ts) until closed. */
  listen(handlers: NoticeHandlers): Promise<NoticeListener>;
};

export type OpenOptions = {
  databaseUrl?: string;
  /** Streaming replicas of databaseUrl for reads that tolerate lag (see db/replicas.ts). */
  replicaUrls?: string[];
  dataDir: string;
  poolMax?: number;
};

/** Opens PostgreSQL (node-postgres Pool) when databaseUrl is set, else PGlite persisted under dataDir/pglite. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax, opts.replicaUrls);
  const { mkdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const dir = join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(dir);
  await client.waitReady;
  return wrapPglite(client);
}

export type PostgresOptions = {
  /** How often the replicas' lag is probed (db/replicas.ts). */
  probeEveryMs?: number;
  /** PostgreSQL cancels a statement running longer (57014); default 15 s. */
  statementTimeoutMs?: number;
  /** node-postgres gives up on an answer that has not arrived (a silent network); default 20 s. */
  queryTimeoutMs?: number;
};

/**
 * Either timeout answers the request 503 with Retry-After (lib/errors.ts): a statement held up by a lock or a
 * server gone silent is the database being unavailable for now, not a fault of the request.
 */
export async function openPostgres(
  databaseUrl: string,
  poolMax = 10,
  replicaUrls: string[] = [],
  options: PostgresOptions = {},
): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const poolConfig = {
    max: poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? 15_000,
    query_timeout: options.queryTimeoutMs ?? 20_000,
  };
  const pool = new pg.Pool({ ...poolConfig, connectionString: databaseUrl });
  const logLine = (line: Record<string, unknown>) => process.stderr.write(JSON.stringify(line) + '\n');
  // An idle client losing its connection emits 'error' on the pool: without a listener the process dies.
  pool.on('error', (err) => {
    logLine({ level: 'error', msg: 'postgres pool error', code: (err as { code?: string }).code ?? null });
  });
  const primary = drizzle(pool, { schema }) as unknown as Db;
  const replicas = replicaUrls.length
    ? await openPgReplicas(replicaUrls, pool, poolConfig, logLine, { probeEveryMs: options.probeEveryMs })
    : undefined;
  const db = replicas ? routeReads(primary, replicas.nodes) : primary;
  return {
    db,
    driver: 'postgres',
    replicas,
    listen: (handlers) => listenPostgres(databaseUrl, handlers, logLine),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await replicas?.close();
      await pool.end();
    },
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const client = await pool.connect();
      try {
        // one migrator at a time across every API process / machine
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
  };
}

type PgliteLike = import('@electric-sql/pglite').PGliteInterface;

export async function wrapPglite(client: PgliteLike): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = drizzle(client as any, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    listen: (handlers) => listenPglite(client, handlers),
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await migrate(db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    },
  };
}
