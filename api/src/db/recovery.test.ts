import { expect, it } from 'vitest';
import net from 'node:net';
import { createApp } from '../app.js';
import { openPostgres } from './client.js';
import { call, register, testConfig, TestClock } from '../test/harness.js';

/** A TCP proxy in front of PostgreSQL that can be cut and restored, to play "the database went away". */
function pgProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
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
      expect((await call(app, 'GET', '/api/health')).body).toEqual({ status: 'ok', db: 'unavailable' });
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
