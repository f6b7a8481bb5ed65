import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { call, register, testConfig, TestClock, type Registered, type TestApp } from '../test/harness.js';
import { postgresBin, startPgCluster, type PgCluster } from '../test/pg-cluster.js';
import { openPostgres, type Database } from './client.js';
import { isWrite, lsnValue, mayReadFromReplica, readingFrom, WRITE_WINDOW_MS } from './replicas.js';
import { users } from './schema.js';

describe('which reads may go to a replica', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('a read by a user who wrote nothing lately', () => {
    expect(mayReadFromReplica({ method: 'GET', writtenAt: ago(WRITE_WINDOW_MS), now })).toBe(true);
    expect(mayReadFromReplica({ method: 'HEAD', writtenAt: ago(3_600_000), now })).toBe(true);
  });

  it('never the reads of a write, nor a read soon after the same user wrote, nor one whose write time is unknown', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      expect(mayReadFromReplica({ method, writtenAt: ago(3_600_000), now })).toBe(false);
    expect(mayReadFromReplica({ method: 'GET', writtenAt: ago(WRITE_WINDOW_MS - 1), now })).toBe(false);
    expect(mayReadFromReplica({ method: 'GET', writtenAt: null, now })).toBe(false);
    // another process's clock ahead of ours
    expect(mayReadFromReplica({ method: 'GET', writtenAt: ago(-5_000), now })).toBe(false);
    expect(mayReadFromReplica({ method: 'GET', writtenAt: ago(500), now, windowMs: 100 })).toBe(true);
  });

  it('writes are every method but GET, HEAD and OPTIONS', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'].map(isWrite)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('WAL positions compare as numbers', () => {
    expect(lsnValue('0/16B3748') < lsnValue('0/16B3750')).toBe(true);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe(0x16b374d848n);
  });
});

/**
 * On a real primary and a streaming replica (made by initdb and pg_basebackup in a temporary directory): the replica
 * is paused or stopped to make lag and failure visible.
 */
describe.runIf(postgresBin())('reads through a primary and a streaming replica', () => {
  let cluster: PgCluster;
  let database: Database;
  let app: TestApp;
  let user: Registered;
  const clock = new TestClock();
  const onReplica = (q: string) => sqlOn(cluster.replicaUrl, q);

  async function sqlOn(url: string, q: string) {
    const { default: pg } = await import('pg');
    const client = new pg.Client(url);
    await client.connect();
    try {
      return (await client.query(q)).rows;
    } finally {
      await client.end();
    }
  }
  const dates = async () => {
    const r = await call(app, 'GET', '/api/weights', { token: user.token });
    expect(r.status).toBe(200);
    return (r.body as { date: string }[]).map((e) => e.date);
  };
  const save = async (date: string) => {
    const r = await call(app, 'POST', '/api/weights', { token: user.token, body: { date, weightKg: 80 } });
    expect(r.status).toBe(201);
  };
  /** Two probes: the first notes where the primary is, the second finds the replica there. */
  const probeTwice = async () => {
    await database.replicas!.probe();
    await database.replicas!.probe();
  };
  const replicaUsable = () => database.replicas!.nodes[0]!.usable;
  async function caughtUp() {
    for (let i = 0; i < 100; i++) {
      await probeTwice();
      if (replicaUsable()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the replica did not catch up');
  }

  beforeAll(async () => {
    cluster = await startPgCluster();
    database = await openPostgres(cluster.primaryUrl, 5, [cluster.replicaUrl], { probeEveryMs: 0 });
    await database.migrate();
    app = createApp({ db: database.db, config: testConfig({ readCacheBytes: 0 }), clock, log: () => {} });
    user = await register(app);
    await save('2026-11-01');
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.destroy();
  }, 60_000);

  it('routes a select to the replica only inside a request that allows it', async () => {
    await caughtUp();
    const standby = async () =>
      (
        await database.db
          .select({ standby: sql<boolean>`pg_is_in_recovery()` })
          .from(users)
          .limit(1)
      )[0]!.standby;
    expect(await standby()).toBe(false);
    expect(await readingFrom(false, standby)).toBe(false);
    expect(await readingFrom(true, standby)).toBe(true);
    // writes and transactions go to the primary whatever the request allows
    await readingFrom(true, () => database.db.update(users).set({ firstName: 'Ada' }).where(eq(users.id, user.user.id)));
  });

  it("a user's reads right after their write come from the primary; later ones from the replica", async () => {
    await caughtUp();
    await onReplica('select pg_wal_replay_pause()');
    try {
      await save('2026-11-02');
      const [row] = await database.db.select({ writtenAt: users.writtenAt }).from(users).where(eq(users.id, user.user.id));
      expect(row!.writtenAt.getTime()).toBe(clock.now().getTime());

      clock.advance(WRITE_WINDOW_MS - 1000);
      expect(await dates()).toEqual(['2026-11-01', '2026-11-02']);

      // past the window the read goes to the replica, which (paused) has not replayed the new entry: what the probe
      // is there for
      clock.advance(2000);
      expect(await dates()).toEqual(['2026-11-01']);

      // the probe sees the replica behind the primary and stops using it
      await probeTwice();
      expect(replicaUsable()).toBe(false);
      expect(await dates()).toEqual(['2026-11-01', '2026-11-02']);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await dates()).toEqual(['2026-11-01', '2026-11-02']);
  });

  it('a replica that goes down mid-use fails no request: the read runs on the primary', async () => {
    await caughtUp();
    clock.advance(WRITE_WINDOW_MS);
    await cluster.stopReplica();
    try {
      // as if the read had picked the replica a moment before it went: the query fails there and runs on the primary
      database.replicas!.nodes[0]!.usable = true;
      expect(await dates()).toEqual(['2026-11-01', '2026-11-02']);
      expect(replicaUsable()).toBe(false);
      await probeTwice();
      expect(replicaUsable()).toBe(false);
      await save('2026-11-03');
      clock.advance(WRITE_WINDOW_MS);
      expect(await dates()).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    } finally {
      await cluster.startReplica();
    }
    await caughtUp();
    expect(await dates()).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
  });
});
