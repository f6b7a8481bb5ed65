/**
 * Scheduling on pg-boss, a job queue kept in the database itself (schema `pgboss`): a cron job ticks every minute
 * (pg-boss makes one tick per minute however many processes run), each tick queues one send job per due reminder,
 * and any process takes each job exactly once. Jobs live in the database, so a restart loses none; a job whose
 * process died is taken again after it expires. The same queue runs on the embedded PGlite database, in the one
 * API process it allows.
 */
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { ReminderJob, ReminderService } from './service.js';

export const TICK_QUEUE = 'reminders-tick';
export const SEND_QUEUE = 'reminders-send';

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * pg-boss's database adapter over the app's own connection: a node-postgres pool, or the PGlite instance (whose
 * multi-statement scripts pg-boss sends without parameters go through exec).
 */
export function executeSqlFor(db: Db): ExecuteSql {
  // with read replicas, the queue works on the primary
  const primary = (db as unknown as { $primary?: Db }).$primary ?? db;
  const client = (primary as unknown as { $client: unknown }).$client as {
    query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
    exec?: (text: string) => Promise<Array<{ rows: unknown[] }>>;
  };
  if (typeof client.exec === 'function') {
    const exec = client.exec.bind(client);
    return async (text, values) => {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await exec(text);
      return { rows: results.length ? results[results.length - 1]!.rows : [] };
    };
  }
  return async (text, values) => ({ rows: (await client.query(text, values)).rows });
}

/**
 * Creates a queue unless it exists. Processes starting together may each try (pg-boss makes a table partition per
 * queue, and two of them at once can deadlock in PostgreSQL): the loser waits a moment and looks again.
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(queue.name)) return;
      await boss.createQueue(queue.name, queue);
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400 * attempt));
    }
  }
}

export type QueueOptions = {
  /** How often an idle worker looks for jobs (seconds); pg-boss's own cron check runs every 30 s. */
  pollingIntervalSeconds?: number;
  /** pg-boss's check of cron schedules (seconds, 1-45). */
  cronMonitorIntervalSeconds?: number;
  /** Register the every-minute tick (false in tests that call tick themselves). */
  schedule?: boolean;
};

export type ReminderQueue = {
  boss: PgBoss;
  enqueue(job: ReminderJob, id: string): Promise<void>;
  stop(): Promise<void>;
};

export async function startReminderQueue(
  o: { db: Db; service: ReminderService; clock: Clock; log: Logger } & QueueOptions,
): Promise<ReminderQueue> {
  const boss = new PgBoss({
    db: { executeSql: executeSqlFor(o.db) as PgBoss.Db['executeSql'] },
    schema: 'pgboss',
    cronMonitorIntervalSeconds: o.cronMonitorIntervalSeconds ?? 30,
    // finished jobs are kept a week for inspection, then removed by pg-boss's maintenance
    deleteAfterDays: 7,
  });
  boss.on('error', (err: Error) =>
    o.log('error', { msg: 'job queue error', name: err.name, code: String((err as { code?: unknown }).code ?? '') }),
  );
  await boss.start();
  await ensureQueue(boss, { name: TICK_QUEUE, policy: 'singleton', expireInSeconds: 120, retryLimit: 0 });
  // a send that failed (mail server down) is tried again after 1, 2 and 4 minutes; one job gets 5 minutes to run
  await ensureQueue(boss, { name: SEND_QUEUE, retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 });

  const enqueue = async (job: ReminderJob, id: string) => {
    await boss.send(SEND_QUEUE, job, { id });
  };
  const polling = o.pollingIntervalSeconds ?? 2;
  await boss.work(TICK_QUEUE, { pollingIntervalSeconds: polling }, async () => {
    await o.service.tick(o.clock.now(), enqueue);
  });
  await boss.work<ReminderJob>(SEND_QUEUE, { pollingIntervalSeconds: polling, batchSize: 1 }, async ([job]) => {
    if (job) await o.service.deliver(job.data, o.clock.now());
  });
  if (o.schedule !== false) await boss.schedule(TICK_QUEUE, '* * * * *');

  return {
    boss,
    enqueue,
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
