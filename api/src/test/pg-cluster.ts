/**
 * A PostgreSQL primary and a streaming replica of it in a temporary directory, on ports of their own, made with the
 * machine's PostgreSQL binaries (initdb, pg_basebackup, pg_ctl). Used by the replica tests and the topology run; the
 * machine's own cluster is never touched. As root the servers run as the postgres user (initdb refuses root).
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed (Debian keeps them out of PATH). */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** A port nobody listens on right now (the kernel's pick), for tests that need one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export type PgCluster = {
  dir: string;
  primaryUrl: string;
  replicaUrl: string;
  primaryPort: number;
  replicaPort: number;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Stops both servers and removes the directory. */
  destroy(): Promise<void>;
};

export type PgClusterOptions = {
  primaryPort?: number;
  replicaPort?: number;
  /** Where the cluster's directory is made (default: the system's temp directory). */
  parent?: string;
  /** Extra server settings for both, e.g. { max_connections: '200' }. */
  settings?: Record<string, string>;
};

export async function startPgCluster(opts: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  const asRoot = userInfo().uid === 0;
  const pgUser = asRoot ? 'postgres' : undefined;
  const dir = mkdtempSync(join(opts.parent ?? tmpdir(), 'pg-cluster-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = async (tool: string, args: string[]) => {
    const file = join(bin, tool);
    const [cmd, argv] = pgUser ? ['runuser', ['-u', pgUser, '--', file, ...args]] : [file, args];
    try {
      return await run(cmd, argv, { cwd: dir, timeout: 120_000 });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`${tool} failed: ${e.stderr || e.message}`, { cause: err });
    }
  };
  const primaryPort = opts.primaryPort ?? (await freePort());
  const replicaPort = opts.replicaPort ?? (await freePort());
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  // test data only: no fsync; the replica streams WAL as a production one would
  const settings = { listen_addresses: '127.0.0.1', fsync: 'off', unix_socket_directories: dir, ...opts.settings };
  const serverOptions = (port: number) => [`-p ${port}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  const start = (data: string, port: number, log: string) =>
    pg('pg_ctl', ['-D', data, '-o', serverOptions(port), '-l', join(dir, log), '-w', '-t', '60', 'start']);
  const stop = (data: string) => pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);

  await pg('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // streaming replication from loopback, trusted like every other local connection here
  await run(asRoot ? 'runuser' : 'sh', [
    ...(asRoot ? ['-u', 'postgres', '--', 'sh'] : []),
    '-c',
    `echo 'host replication all 127.0.0.1/32 trust' >> '${join(primary, 'pg_hba.conf')}'`,
  ]);
  await start(primary, primaryPort, 'primary.log');
  await pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream']);
  await start(replica, replicaPort, 'replica.log');

  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    dir,
    primaryPort,
    replicaPort,
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    stopReplica: async () => {
      await stop(replica);
    },
    startReplica: async () => {
      await start(replica, replicaPort, 'replica.log');
    },
    destroy: async () => {
      await stop(replica);
      await stop(primary);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
