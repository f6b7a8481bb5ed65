/**
 * Shared test harness: every suite runs on PGlite (one migrated instance per worker, cloned per suite) and,
 * when DATABASE_URL is set, also on real PostgreSQL (a fresh database per suite, dropped afterwards).
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../config.js';
import { openPostgres, wrapPglite, type Database, type Db } from '../db/client.js';
import { createApp } from '../app.js';
import { memoryTransport } from '../mail/transport.js';
import { DEFAULT_SESSION_CACHE_MS, SessionCache } from '../auth/session-cache.js';
import type { NoticeListener } from '../db/notices.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
export const FIXED_NOW = '2026-11-21T12:00:00.000Z';

const HIGH = { limit: 100_000, windowSeconds: 900 };
export const RELAXED_LIMITS: RateLimits = {
  loginPerIp: HIGH,
  loginPerEmail: HIGH,
  loginPerAccount: HIGH,
  registerPerIp: HIGH,
  registerPerEmail: HIGH,
};

/** Test config: cheap argon2 (explicit, tests only), relaxed rate limits and a long line of password checks unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '/nonexistent',
    jwtSecret: TEST_SECRET,
    trustedProxies: [],
    allowedOrigins: ['http://localhost:3000'],
    cookieSecure: 'auto',
    apiWorkers: 1,
    logLevel: 'silent',
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    rateLimits: RELAXED_LIMITS,
    // suites sign up dozens of accounts at once as setup: a long line (the 503 past it is tested on its own)
    passwordWork: { concurrency: 2, queue: 10_000 },
    jsonBodyLimit: 1024 * 1024,
    readCacheBytes: 4 * 1024 * 1024,
    avatarLimit: 2 * 1024 * 1024,
    ...overrides,
  };
}
export { DEFAULT_RATE_LIMITS };

export class TestClock implements Clock {
  t: number;
  constructor(iso = FIXED_NOW) {
    this.t = Date.parse(iso);
  }
  now() {
    return new Date(this.t);
  }
  set(iso: string) {
    this.t = Date.parse(iso);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

// ---- databases -------------------------------------------------------------------------------------------
let pgliteBase: Promise<PGlite> | undefined;
/** One migrated PGlite per worker (module state is shared across files: vitest isolate=false). */
function basePglite(): Promise<PGlite> {
  pgliteBase ??= (async () => {
    const client = new PGlite();
    await client.waitReady;
    await (await wrapPglite(client)).migrate();
    return client;
  })();
  return pgliteBase;
}

/** A database of its own for a suite: a clone of the migrated PGlite, or a new PostgreSQL database (with its URL). */
export async function openTestDatabase(driver: Driver): Promise<Database & { url?: string }> {
  if (driver === 'pglite') {
    const clone = await (await basePglite()).clone();
    return wrapPglite(clone);
  }
  const url = new URL(process.env.DATABASE_URL!);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url.toString(), 1);
  const { sql } = await import('drizzle-orm');
  await admin.db.execute(sql.raw(`create database ${name}`));
  await admin.close();
  const dbUrl = new URL(url.toString());
  dbUrl.pathname = `/${name}`;
  const database = await openPostgres(dbUrl.toString(), 10);
  await database.migrate();
  const close = database.close;
  return {
    ...database,
    url: dbUrl.toString(),
    close: async () => {
      await close();
      const admin2 = await openPostgres(url.toString(), 1);
      await admin2.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin2.close();
    },
  };
}

// ---- suites ------------------------------------------------------------------------------------------------
export type TestApp = ReturnType<typeof createApp>;

export class Ctx {
  database!: Database;
  db!: Db;
  clock = new TestClock();
  config = testConfig();
  logs: string[] = [];
  app!: TestApp;
  constructor(readonly driver: Driver) {}

  log: Logger = (level, line) => {
    this.logs.push(JSON.stringify({ level, ...line }));
  };

  /** Sessions checked lately, kept in step with the database's notices as in production (main.ts). */
  sessionCache = new SessionCache(DEFAULT_SESSION_CACHE_MS);
  private listeners: NoticeListener[] = [];

  /** A new app over the same database, with config overrides (e.g. trustedProxies, production argon2). */
  makeApp(overrides: Partial<Config> = {}): TestApp {
    return createApp({
      db: this.db,
      config: testConfig(overrides),
      clock: this.clock,
      log: this.log,
      ping: this.database.ping,
      sessionCache: this.sessionCache,
    });
  }

  /** A new app over the same database whose mail is kept for the test to read (`mail.sent`). */
  withMailbox(overrides: Partial<Config> = {}): { app: TestApp; mail: ReturnType<typeof memoryTransport> } {
    const mail = memoryTransport();
    const app = createApp({ db: this.db, config: testConfig(overrides), clock: this.clock, log: this.log, mail });
    return { app, mail };
  }

  /** An app as another API process would run it: its own kept sessions, told of changes only by the database. */
  async otherProcess(): Promise<{ app: TestApp; sessionCache: SessionCache }> {
    const sessionCache = new SessionCache(DEFAULT_SESSION_CACHE_MS);
    await this.hear(sessionCache);
    const app = createApp({ db: this.db, config: this.config, clock: this.clock, log: this.log, ping: this.database.ping, sessionCache });
    return { app, sessionCache };
  }

  async setup() {
    this.database = await openTestDatabase(this.driver);
    this.db = this.database.db;
    await this.hear(this.sessionCache);
    this.app = createApp({
      db: this.db,
      config: this.config,
      clock: this.clock,
      log: this.log,
      ping: this.database.ping,
      sessionCache: this.sessionCache,
    });
  }

  async teardown() {
    for (const l of this.listeners.splice(0)) await l.close();
    await this.database?.close();
  }

  private async hear(cache: SessionCache) {
    this.listeners.push(await this.database.listen({ notice: (id, kind) => cache.forget(id, kind), live: (on) => cache.setLive(on) }));
  }
}

/** Runs `body` once per available driver, each with its own database. */
export function describeDb(title: string, body: (ctx: Ctx) => void) {
  for (const driver of DRIVERS) {
    describe(`${title} [${driver}]`, () => {
      const ctx = new Ctx(driver);
      beforeAll(() => ctx.setup(), 60_000);
      afterAll(() => ctx.teardown(), 60_000);
      body(ctx);
    });
  }
}

// ---- HTTP helpers ----------------------------------------------------------------------------------------------
export type Res = { status: number; headers: Headers; body: any; text: string; cookie?: string };

export type ReqOptions = {
  token?: string;
  body?: unknown;
  rawBody?: RequestInit['body'];
  contentType?: string;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
};

export async function call(app: TestApp, method: string, path: string, o: ReqOptions = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  if (o.cookie) headers.Cookie = o.cookie;
  let body: RequestInit['body'] | undefined = o.rawBody;
  if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['Content-Type'] ??= 'application/json';
  }
  if (o.contentType) headers['Content-Type'] = o.contentType;
  const env = { incoming: { socket: { remoteAddress: o.ip ?? '203.0.113.7' } } };
  const res = await app.request(path, { method, headers, body }, env);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (an image, a CSV): body stays undefined, text has it
  }
  const set = res.headers.get('set-cookie') ?? undefined;
  const m = set ? /wt_refresh=([^;]*)/.exec(set) : null;
  return { status: res.status, headers: res.headers, body: parsed, text, cookie: m ? `wt_refresh=${m[1]}` : undefined };
}

let seq = 0;
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${seq++}@example.com`;
export const GOOD_PASSWORD = 'plum-Tractor-9-orbit';

export type Registered = { token: string; cookie: string; user: any; email: string; password: string };

export async function register(app: TestApp, o: { email?: string; password?: string; ip?: string } = {}): Promise<Registered> {
  const email = o.email ?? uniqueEmail();
  const password = o.password ?? GOOD_PASSWORD;
  const r = await call(app, 'POST', '/api/auth/register', {
    body: { firstName: 'Ada', lastName: 'Lovelace', email, password },
    ip: o.ip,
  });
  if (r.status !== 201) throw new Error(`register failed: ${r.status} ${r.text}`);
  const { accessToken, ...user } = r.body;
  return { token: accessToken, cookie: r.cookie!, user, email, password };
}
