/**
 * Production entry: config → database → migrations (advisory lock) → HTTP server; graceful shutdown.
 * With API_WORKERS > 1 the primary runs the migrations once and forks that many workers sharing the port.
 */
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveOrExit } from '@app/server-kit';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { createApp } from './app.js';
import { SessionCache } from './auth/session-cache.js';
import { createLogger } from './lib/logger.js';
import { describeError } from './lib/errors.js';
import { systemClock } from './lib/clock.js';
import { createMailTransport } from './mail/transport.js';
import { webPushSender } from './push/sender.js';
import { ReminderService } from './reminders/service.js';
import { startReminderQueue, type ReminderQueue } from './reminders/queue.js';

const DRAIN_DEADLINE_MS = 10_000;
/** A worker that cannot listen exits with this status, so the primary stops instead of forking it again. */
const EXIT_CANNOT_LISTEN = 78;

async function startServer(config: Config, migrate: boolean): Promise<void> {
  const log = createLogger(config.logLevel);
  const database: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    replicaUrls: config.databaseReplicaUrls,
    dataDir: config.dataDir,
  });
  if (migrate) await runMigrations(database);
  const mail = createMailTransport(config.mail, config.mailFrom);
  const push = config.push ? webPushSender(config.push) : undefined;
  const reminders = new ReminderService({
    db: database.db,
    mail,
    push,
    log,
    jwtSecret: config.jwtSecret,
    publicUrl: (config.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
  });
  // sessions checked lately are kept while this process hears every change to them (see auth/session-cache.ts)
  const sessionCache = config.sessionCacheMs ? new SessionCache(config.sessionCacheMs) : undefined;
  const notices = sessionCache
    ? await database.listen({ notice: (userId, kind) => sessionCache.forget(userId, kind), live: (on) => sessionCache.setLive(on) })
    : undefined;
  const app = createApp({ db: database.db, config, clock: systemClock, log, ping: database.ping, mail, push, reminders, sessionCache });
  if (config.pushOff && !cluster.isWorker) process.stdout.write(`${config.pushOff}\n`);
  if (config.mailOff && !cluster.isWorker) process.stdout.write(`${config.mailOff}\n`);
  // every process takes jobs from the one queue in the database; REMINDERS=off leaves that to other processes
  let queue: ReminderQueue | undefined;
  if (!config.remindersOff) {
    try {
      queue = await startReminderQueue({ db: database.db, service: reminders, clock: systemClock, log });
    } catch (err) {
      // the API still serves; reminders wait for the next start
      log('error', { msg: 'reminder queue did not start', name: err instanceof Error ? err.name : 'unknown' });
    }
  }
  // a stray promise of one request must not take the service down for everyone: logged, the process keeps serving
  process.on('unhandledRejection', (err) => {
    log('error', { msg: 'unhandled rejection', ...describeError(err) });
  });

  // the API's document is built once, a few hundred milliseconds of work: done before listening, so no request
  // (health checks included) ever waits behind the first visitor of /api/openapi.json
  await app.request('/api/openapi.json');

  const http: Server = await new Promise((resolve) => {
    const s = serveOrExit({
      name: 'API',
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      portVariable: 'API_PORT',
      onListening: () => resolve(s),
      onFatal: (message) => {
        process.stderr.write(`${message}\n`);
        process.exit(cluster.isWorker ? EXIT_CANNOT_LISTEN : 1);
      },
    });
  });
  // a whole request may take this long: a 500 MiB archive to import (Apple Health) on a slow uplink needs minutes;
  // headers still have to arrive within headersTimeout, every other body is capped at a few MiB, and a JSON body has
  // 30 s of its own (middleware/json-body.ts: 408, then the connection closes once the server stops waiting for it)
  http.requestTimeout = 15 * 60_000;
  http.headersTimeout = 20_000;
  http.keepAliveTimeout = 5_000;
  // the bound port, not the asked one: API_PORT=0 takes any free port, and whoever started us reads it here
  const bound = (http.address() as AddressInfo | null)?.port ?? config.port;
  if (!cluster.isWorker) process.stdout.write(`API listening on http://${config.host}:${bound}\n`);
  else log('info', { msg: 'worker listening', pid: process.pid });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', { msg: 'shutting down', signal });
    const deadline = setTimeout(() => {
      log('warn', { msg: 'drain deadline reached; closing remaining connections' });
      http.closeAllConnections?.();
    }, DRAIN_DEADLINE_MS);
    deadline.unref();
    // stop accepting; idle keep-alive sockets are closed now, in-flight requests finish
    // connections that finish their in-flight request become idle: close them as they do
    const sweeper = setInterval(() => http.closeIdleConnections?.(), 100);
    sweeper.unref();
    http.close(async () => {
      clearTimeout(deadline);
      clearInterval(sweeper);
      try {
        // a job being sent finishes first; a job not finished in time is taken again after a restart
        await queue?.stop();
        await mail.close?.();
        await notices?.close();
      } catch {
        /* stopping anyway */
      }
      try {
        await database.close();
      } catch {
        /* already closed */
      }
      process.exit(0);
    });
    http.closeIdleConnections?.();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  if (config.apiWorkers > 1 && cluster.isPrimary) {
    if (!config.databaseUrl) {
      process.stderr.write('API_WORKERS > 1 needs DATABASE_URL (PGlite is single-process); starting one process.\n');
      return startServer(config, true);
    }
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
    await runMigrations(database);
    await database.close();
    for (let i = 0; i < config.apiWorkers; i++) cluster.fork({ API_WORKER_ID: String(i + 1), JWT_SECRET: config.jwtSecret });
    let stopping = false;
    let exitCode = 0;
    let alive = config.apiWorkers;
    let listening = 0;
    const stop = (signal: NodeJS.Signals, code = 0) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
      if (alive === 0) process.exit(exitCode);
      setTimeout(() => process.exit(exitCode), DRAIN_DEADLINE_MS + 2000).unref();
    };
    cluster.on('listening', (_worker, address) => {
      if (++listening === config.apiWorkers)
        process.stdout.write(`API listening on http://${config.host}:${address.port} (${config.apiWorkers} workers)\n`);
    });
    cluster.on('exit', (worker, code) => {
      alive--;
      // a port that cannot be had will not free itself: stop rather than fork again and again
      if (code === EXIT_CANNOT_LISTEN) stop('SIGTERM', 1);
      if (!stopping && code !== 0) {
        alive++;
        cluster.fork({ API_WORKER_ID: String(worker.id), JWT_SECRET: config.jwtSecret });
      }
      if (stopping && alive === 0) process.exit(exitCode);
    });
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    return;
  }
  // workers do not migrate: the primary did it before forking
  await startServer(config, !cluster.isWorker);
}

main().catch((err) => {
  process.stderr.write(`API failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
