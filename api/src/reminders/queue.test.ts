import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { createApp } from '../app.js';
import { openPostgres, type Database } from '../db/client.js';
import { memoryTransport, smtpTransport } from '../mail/transport.js';
import { TestSmtpServer } from '../test/smtp.js';
import { call, describeDb, register, testConfig, TestClock } from '../test/harness.js';
import { executeSqlFor, SEND_QUEUE, startReminderQueue, TICK_QUEUE } from './queue.js';
import { jobId, ReminderService } from './service.js';

const SETTINGS = {
  dailyEnabled: true,
  dailyTime: '07:30',
  dailyWeekdays: [0, 1, 2, 3, 4, 5, 6],
  dailyEmail: true,
  dailyPush: false,
  weeklyReportEnabled: false,
  quietHoursEnabled: true,
  quietStart: '22:00',
  quietEnd: '07:00',
};

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeDb('the reminder queue (pg-boss)', (ctx) => {
  it('a tick job queues the due reminder and a worker sends it; the every-minute schedule is registered', async () => {
    const mail = memoryTransport();
    const clock = new TestClock('2026-11-22T12:00:00Z');
    const app = createApp({ db: ctx.db, config: testConfig(), clock, log: ctx.log, mail });
    const u = await register(app);
    expect((await call(app, 'PUT', '/api/reminders', { token: u.token, body: SETTINGS })).status).toBe(200);
    const service = new ReminderService({ db: ctx.db, mail, log: ctx.log, jwtSecret: 'x'.repeat(40), publicUrl: 'https://app.example' });
    const queue = await startReminderQueue({ db: ctx.db, service, clock, log: ctx.log, pollingIntervalSeconds: 0.5 });
    try {
      expect((await queue.boss.getSchedules()).map((s) => [s.name, s.cron])).toEqual([[TICK_QUEUE, '* * * * *']]);
      clock.set('2026-11-23T07:30:10Z');
      await queue.boss.send(TICK_QUEUE, {});
      await until(() => mail.sent.length === 1);
      expect(mail.sent[0]!.to).toBe(u.email);
      expect(mail.sent[0]!.subject).toBe('Time to weigh in');
    } finally {
      await queue.stop();
    }
  }, 60_000);

  it('a job queued before a restart is sent after it', async () => {
    const mail = memoryTransport();
    const clock = new TestClock('2026-11-22T12:00:00Z');
    const app = createApp({ db: ctx.db, config: testConfig(), clock, log: ctx.log, mail });
    const u = await register(app);
    await call(app, 'PUT', '/api/reminders', { token: u.token, body: SETTINGS });
    // a process queued the job and stopped before any worker took it
    const job = { userId: u.user.id, kind: 'daily' as const, dueAt: '2026-11-23T07:30:00.000Z' };
    const first = new PgBoss({
      db: { executeSql: executeSqlFor(ctx.db) as PgBoss.Db['executeSql'] },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await first.start();
    await first.send(SEND_QUEUE, job, { id: jobId(job) });
    await first.stop({ graceful: false, close: false, wait: true });
    // the next start picks it up
    clock.set('2026-11-23T07:31:00Z');
    const service = new ReminderService({ db: ctx.db, mail, log: ctx.log, jwtSecret: 'x'.repeat(40), publicUrl: 'https://app.example' });
    const queue = await startReminderQueue({ db: ctx.db, service, clock, log: ctx.log, pollingIntervalSeconds: 0.5, schedule: false });
    try {
      await until(() => mail.sent.some((m) => m.to === u.email));
      expect(mail.sent.filter((m) => m.to === u.email)).toHaveLength(1);
    } finally {
      await queue.stop();
    }
  }, 60_000);
});

// Two API processes on one PostgreSQL database, each with its own connections, queue workers and mail connection:
// every user due at 07:30 gets exactly one e-mail, however the work is split or repeated between them.
describe.runIf(process.env.DATABASE_URL)('two workers on PostgreSQL never send a reminder twice', () => {
  const smtp = new TestSmtpServer();
  const name = `test_two_workers_${randomBytes(4).toString('hex')}`;
  const admin = new URL(process.env.DATABASE_URL ?? 'postgres://localhost/postgres');
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    await smtp.start();
    const adm = await openPostgres(admin.toString(), 1);
    await adm.db.execute(sql.raw(`create database ${name}`));
    await adm.close();
    a = await openPostgres(url.toString(), 10);
    b = await openPostgres(url.toString(), 10);
    await a.migrate();
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await smtp.stop();
    const adm = await openPostgres(admin.toString(), 1);
    await adm.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await adm.close();
  }, 60_000);

  it('30 users due at once: 30 e-mails, with overlapping ticks and repeated deliveries in both processes', async () => {
    const clock = new TestClock('2026-11-22T12:00:00Z');
    const config = testConfig({ publicUrl: 'https://app.example' });
    const app = createApp({ db: a.db, config, clock, log: () => {}, mail: memoryTransport() });
    const users = [];
    for (let i = 0; i < 30; i++) {
      const u = await register(app);
      expect((await call(app, 'PUT', '/api/reminders', { token: u.token, body: SETTINGS })).status).toBe(200);
      users.push(u);
    }
    const transport = () => smtpTransport({ host: '127.0.0.1', port: smtp.port, tls: 'none' }, 'Weightwise <no-reply@app.example>');
    const mailA = transport();
    const mailB = transport();
    const serviceA = new ReminderService({
      db: a.db,
      mail: mailA,
      log: () => {},
      jwtSecret: config.jwtSecret,
      publicUrl: 'https://app.example',
    });
    const serviceB = new ReminderService({
      db: b.db,
      mail: mailB,
      log: () => {},
      jwtSecret: config.jwtSecret,
      publicUrl: 'https://app.example',
    });
    clock.set('2026-11-23T07:30:05Z');
    const [qa, qb] = await Promise.all([
      startReminderQueue({ db: a.db, service: serviceA, clock, log: () => {}, pollingIntervalSeconds: 0.5, schedule: false }),
      startReminderQueue({ db: b.db, service: serviceB, clock, log: () => {}, pollingIntervalSeconds: 0.5, schedule: false }),
    ]);
    try {
      // both processes tick at the same moment (as after a clock jump), and the queue's own tick runs too
      await Promise.all([serviceA.tick(clock.now(), qa.enqueue), serviceB.tick(clock.now(), qb.enqueue), qa.boss.send(TICK_QUEUE, {})]);
      // and each job is also delivered by hand in both processes, as a retry racing the worker would
      const jobs = users.map((u) => ({ userId: u.user.id, kind: 'daily' as const, dueAt: '2026-11-23T07:30:00.000Z' }));
      await Promise.all(jobs.flatMap((j) => [serviceA.deliver(j, clock.now()), serviceB.deliver(j, clock.now())]));
      await until(async () => {
        const rows = (await a.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = ${SEND_QUEUE} and state = 'completed'`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        };
        return rows.rows[0]!.n === 30;
      });
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.mails).toHaveLength(30);
      expect(new Set(smtp.mails.map((m) => m.to[0])).size).toBe(30);
      expect(new Set(smtp.mails.map((m) => m.to[0]))).toEqual(new Set(users.map((u) => u.email)));
      const sends = (await a.db.execute(sql`select count(*)::int as n from notification_sends where sent_at is not null`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(sends.rows[0]!.n).toBe(30);
    } finally {
      await Promise.all([qa.stop(), qb.stop()]);
      await mailA.close!();
      await mailB.close!();
    }
  }, 120_000);
});
