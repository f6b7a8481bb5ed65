import { expect, it } from 'vitest';
import net from 'node:net';
import { createApp } from '../app.js';
import { openPostgres, type Database } from './client.js';
import { call, register, testConfig, TestClock, openTestDatabase } from '../test/harness.js';

/**
 * A TCP proxy in front of PostgreSQL that can be cut and restored, to play "the database went away", or silenced:
 * connections stay open and nothing gets through, as when the network to the server silently stops.
 */
function pgProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let silent = false;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.on('data', (d) => silent || upstream.write(d));
        upstream.on('data', (d) => silent || client.write(d));
        client.on('end', () => upstream.end());
        upstream.on('end', () => client.end());
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return {
    start,
    stop,
    silence: (on: boolean) => {
      silent = on;
    },
    get port() {
      return port;
    },
  };
}

it.skipIf(!process.env.DATABASE_URL)(
  'PostgreSQL going away: 503s (no crash), health unavailable, and recovery when it returns',
  async () => {
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = pgProxy(target);
    await proxy.start();
    const url = new URL(target.toString());
    url.host = `127.0.0.1:${proxy.port}`;
    const database = await openPostgres(url.toString(), 4);
    try {
      await database.migrate();
      const app = createApp({ db: database.db, config: testConfig(), clock: new TestClock(), log: () => {}, ping: database.ping });
      const u = await register(app);
      expect((await call(app, 'GET', '/api/health')).status).toBe(200);
      await proxy.stop();
      const down = await call(app, 'GET', '/api/weights', { token: u.token });
      expect(down.status).toBe(503);
      expect(down.body.error.requestId).toEqual(expect.any(String));
      expect((await call(app, 'GET', '/api/health')).body).toEqual({ status: 'unavailable', db: 'unavailable' });
      await proxy.start();
      let healthy = false;
      for (let i = 0; i < 20 && !healthy; i++) {
        healthy = (await call(app, 'GET', '/api/health')).status === 200;
        if (!healthy) await new Promise((r) => setTimeout(r, 100));
      }
      expect(healthy).toBe(true);
      expect((await call(app, 'GET', '/api/weights', { token: u.token })).status).toBe(200);
    } finally {
      await database.close().catch(() => {});
      await proxy.stop().catch(() => {});
    }
  },
  30_000,
);

/** An app on its own PostgreSQL database whose statements and answers time out quickly, with its log lines. */
async function quickTimeouts(url: string, timeouts: { statementTimeoutMs?: number; queryTimeoutMs?: number }) {
  const database = await openPostgres(url, 4, [], timeouts);
  const logs: Record<string, unknown>[] = [];
  const app = createApp({
    db: database.db,
    config: testConfig(),
    clock: new TestClock(),
    log: (level, line) => logs.push({ level, ...line }),
    ping: database.ping,
  });
  return { database, app, logs };
}

it.skipIf(!process.env.DATABASE_URL)(
  'a statement held up by a lock (statement_timeout, 57014) answers 503 with Retry-After, and the log names the code',
  async () => {
    const own: Database & { url?: string } = await openTestDatabase('postgres');
    const { database, app, logs } = await quickTimeouts(own.url!, { statementTimeoutMs: 300 });
    const { default: pg } = await import('pg');
    const locker = new pg.Client({ connectionString: own.url });
    await locker.connect();
    try {
      const u = await register(app);
      const goal = { startWeightKg: 90, targetWeightKg: 75, startDate: '2026-01-01', targetDate: '2027-06-30' };
      expect((await call(app, 'PATCH', '/api/goals', { token: u.token, body: goal })).status).toBe(200);
      await locker.query('begin');
      await locker.query('lock table goals in exclusive mode');
      const held = await Promise.all([1, 2].map(() => call(app, 'PATCH', '/api/goals', { token: u.token, body: { targetWeightKg: 65 } })));
      for (const r of held) {
        expect(r.status).toBe(503);
        expect(r.headers.get('retry-after')).toBe('5');
        expect(r.body.error.requestId).toEqual(expect.any(String));
      }
      expect(logs).toContainEqual(expect.objectContaining({ level: 'error', msg: 'database unavailable', code: '57014' }));
      await locker.query('commit');
      expect((await call(app, 'PATCH', '/api/goals', { token: u.token, body: { targetWeightKg: 65 } })).status).toBe(200);
    } finally {
      await locker.end().catch(() => {});
      await database.close();
      await own.close();
    }
  },
  30_000,
);

it.skipIf(!process.env.DATABASE_URL)(
  "a network that silently stops (node-postgres's Query read timeout) answers 503 with Retry-After, then recovers",
  async () => {
    const own: Database & { url?: string } = await openTestDatabase('postgres');
    const proxy = pgProxy(new URL(own.url!));
    await proxy.start();
    const url = new URL(own.url!);
    url.host = `127.0.0.1:${proxy.port}`;
    const { database, app, logs } = await quickTimeouts(url.toString(), { queryTimeoutMs: 500 });
    try {
      const u = await register(app);
      proxy.silence(true);
      const r = await call(app, 'GET', '/api/weights', { token: u.token });
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('5');
      expect(logs).toContainEqual(expect.objectContaining({ msg: 'database unavailable', cause: 'Query read timeout' }));
      proxy.silence(false);
      expect((await call(app, 'GET', '/api/weights', { token: u.token })).status).toBe(200);
    } finally {
      await database.close().catch(() => {});
      await proxy.stop().catch(() => {});
      await own.close();
    }
  },
  30_000,
);
