/**
 * The work behind reminders and weekly reports, apart from the queue that carries it: `tick` finds what fell due
 * and hands one job per user and kind to the queue; `deliver` runs one job. Both take the time as an argument.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { weightEntries } from '../db/schema.js';
import { Zone } from '../import/zone.js';
import type { Logger } from '../lib/logger.js';
import type { MailTransport } from '../mail/transport.js';
import type { PushMessage, PushSender } from '../push/sender.js';
import { findGoal } from '../repositories/goals.js';
import { deletePushSubscription, listPushSubscriptions, touchPushSubscription } from '../repositories/push-subscriptions.js';
import {
  advanceNext,
  claimSend,
  dueReminderSettings,
  findReminderSettings,
  markSent,
  pruneSends,
  releaseSend,
  rescheduleSettings,
  type ReminderSettingsRow,
  type SendKey,
} from '../repositories/reminders.js';
import { findEntryByDate } from '../repositories/weights.js';
import { findUserById } from '../repositories/users.js';
import { dailyReminderMail, dailyReminderPush, weeklyFacts, weeklyReportMail } from './messages.js';
import {
  DAILY_LATE_LIMIT_MS,
  dailyDecision,
  occurrenceDate,
  localClock,
  minutesToTime,
  nextDailyAt,
  nextWeeklyAt,
  reportWeeks,
  WEEKLY_LATE_LIMIT_MS,
  weeklyDecision,
  type Decision,
  type Schedule,
} from './schedule.js';
import { unsubscribeHeaders, unsubscribeToken } from './unsubscribe.js';

export type ReminderJob = { userId: string; kind: 'daily' | 'weekly'; dueAt: string };
/** Puts a job on the queue under `id`; a second job with the same id is ignored. */
export type Enqueue = (job: ReminderJob, id: string) => Promise<void>;

/** A claim whose process died before sending may be taken over after this long. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** Due rows handled per tick; the next tick (a minute later) takes the rest. */
export const TICK_BATCH = 500;

export type ReminderDeps = {
  db: Db;
  mail: MailTransport;
  /** Absent: web push is off on this server. */
  push?: PushSender;
  log: Logger;
  jwtSecret: string;
  /** Where users open the app, for links (no trailing slash). */
  publicUrl: string;
};

export const toSchedule = (r: ReminderSettingsRow): Schedule => ({
  dailyEnabled: r.dailyEnabled,
  dailyTime: r.dailyTime,
  dailyWeekdays: r.dailyWeekdays,
  weeklyReportEnabled: r.weeklyReportEnabled,
  quietHoursEnabled: r.quietHoursEnabled,
  quietStart: r.quietStart,
  quietEnd: r.quietEnd,
});

/** The queue's id of a job: the same user, kind and due instant always give the same id, so it is queued once. */
export function jobId(job: ReminderJob): string {
  const h = createHash('sha256').update(`${job.userId}|${job.kind}|${job.dueAt}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type DeliverResult = { decision: Decision | { send: false; reason: 'changed' | 'no-settings' }; sent: string[] };

export class ReminderService {
  constructor(private readonly deps: ReminderDeps) {}

  /**
   * Hands every due reminder and report to the queue and moves each row's next instant on. A row that is stale
   * (the settings, time zone or week start changed since it was computed) is recomputed without a job. Safe to run
   * in several processes at once: jobs have stable ids and a row moves on only from the value that was read.
   */
  async tick(now: Date, enqueue: Enqueue): Promise<number> {
    const { db } = this.deps;
    const rows = await dueReminderSettings(db, now, TICK_BATCH);
    let queued = 0;
    for (const { settings, timeZone, weekStartsOn, userUpdatedAt } of rows) {
      const zone = new Zone(timeZone);
      const s = toSchedule(settings);
      const t = now.getTime();
      if (userUpdatedAt > settings.updatedAt) {
        // the profile changed (perhaps the time zone or the week start): compute both anew, from as far back as a
        // reminder may still go out, so one due now is not skipped; a send already made that day is never repeated
        const daily = nextDailyAt(s, zone, t - DAILY_LATE_LIMIT_MS);
        const weekly = nextWeeklyAt(s, weekStartsOn, zone, t - WEEKLY_LATE_LIMIT_MS);
        await rescheduleSettings(
          db,
          settings.userId,
          { nextDailyAt: daily === null ? null : new Date(daily), nextWeeklyAt: weekly === null ? null : new Date(weekly) },
          now,
        );
        continue;
      }
      for (const kind of ['daily', 'weekly'] as const) {
        const due = kind === 'daily' ? settings.nextDailyAt : settings.nextWeeklyAt;
        if (!due || due.getTime() > t) continue;
        const next = (after: number) => (kind === 'daily' ? nextDailyAt(s, zone, after) : nextWeeklyAt(s, weekStartsOn, zone, after));
        const lateLimit = kind === 'daily' ? DAILY_LATE_LIMIT_MS : WEEKLY_LATE_LIMIT_MS;
        const current = next(due.getTime() - 1) === due.getTime();
        if (current && t - due.getTime() <= lateLimit) {
          const job: ReminderJob = { userId: settings.userId, kind, dueAt: due.toISOString() };
          await enqueue(job, jobId(job));
          queued++;
        }
        // after a long stop, skip straight to what can still be sent rather than walking through every missed day
        const from = Math.max(due.getTime(), t - lateLimit);
        const upcoming = current ? next(from) : next(t - lateLimit);
        await advanceNext(db, settings.userId, kind, due, upcoming === null ? null : new Date(upcoming));
      }
    }
    if (rows.length > 0 && now.getUTCMinutes() === 0) await pruneSends(db, new Date(now.getTime() - 40 * 86_400_000));
    return queued;
  }

  /** Runs one job: decides again with what is true now, then sends on each channel at most once. Throws to be retried. */
  async deliver(job: ReminderJob, now: Date): Promise<DeliverResult> {
    const { db } = this.deps;
    const dueAt = Date.parse(job.dueAt);
    const [settings, user] = await Promise.all([findReminderSettings(db, job.userId), findUserById(db, job.userId)]);
    if (!settings || !user) return { decision: { send: false, reason: 'no-settings' }, sent: [] };
    const zone = new Zone(user.timeZone);
    const s = toSchedule(settings);
    const expected = job.kind === 'daily' ? nextDailyAt(s, zone, dueAt - 1) : nextWeeklyAt(s, user.weekStartsOn, zone, dueAt - 1);
    if (expected !== dueAt) return { decision: { send: false, reason: 'changed' }, sent: [] };

    const links = (kind: 'daily' | 'weekly') => ({
      appUrl: this.deps.publicUrl,
      unsubscribeUrl: `${this.deps.publicUrl}/api/unsubscribe/${unsubscribeToken(this.deps.jwtSecret, user.id, kind)}`,
    });
    const t = now.getTime();
    const sent: string[] = [];
    const failures: unknown[] = [];
    const once = async (key: SendKey, send: () => Promise<boolean>) => {
      if (!(await claimSend(db, key, now, new Date(t - STALE_CLAIM_MS)))) return;
      try {
        if (await send()) sent.push(key.channel);
        await markSent(db, key, now);
      } catch (err) {
        await releaseSend(db, key);
        failures.push(err);
      }
    };

    if (job.kind === 'daily') {
      // the day the reminder is for: a time a clock change skipped may fall due after midnight
      const dueDate = occurrenceDate(dueAt, settings.dailyTime, zone);
      const hasEntry = (await findEntryByDate(db, user.id, dueDate)) !== undefined;
      const decision = dailyDecision(s, zone, dueAt, t, () => hasEntry);
      if (!decision.send) return { decision, sent };
      const base = { userId: user.id, kind: 'daily' as const, period: decision.period };
      if (settings.dailyEmail)
        await once({ ...base, channel: 'email' }, async () => {
          const content = dailyReminderMail(user.firstName, decision.period, minutesToTime(settings.dailyTime), links('daily'));
          await this.deps.mail.send({ to: user.email, ...content, headers: unsubscribeHeaders(links('daily').unsubscribeUrl) });
          return true;
        });
      if (settings.dailyPush && this.deps.push)
        await once({ ...base, channel: 'push' }, async () => (await this.pushToDevices(user.id, dailyReminderPush(), now)).delivered > 0);
      this.throwIfFailed(failures, job);
      return { decision, sent };
    }

    const decision = weeklyDecision(s, zone, dueAt, t);
    if (!decision.send) return { decision, sent };
    const dueDate = localClock(dueAt, zone).date;
    const { week } = reportWeeks(dueDate);
    const entries = await db
      .select({ date: weightEntries.date, weightKg: weightEntries.weightKg })
      .from(weightEntries)
      .where(and(eq(weightEntries.userId, user.id), lte(weightEntries.date, week.end)))
      .orderBy(asc(weightEntries.date));
    const goal = await findGoal(db, user.id);
    const input = { firstName: user.firstName, unit: user.unitPreference, dueDate, entries, goal: goal ?? null };
    const facts = weeklyFacts(input);
    if (!facts) return { decision: { send: false, reason: 'nothing-to-report' }, sent };
    await once({ userId: user.id, kind: 'weekly', channel: 'email', period: decision.period }, async () => {
      const content = weeklyReportMail(input, facts, links('weekly'));
      await this.deps.mail.send({ to: user.email, ...content, headers: unsubscribeHeaders(links('weekly').unsubscribeUrl) });
      return true;
    });
    this.throwIfFailed(failures, job);
    return { decision, sent };
  }

  /**
   * Sends to every device of the user; devices the push service no longer knows (404/410) are forgotten. Throws when
   * no device got it and some failed for another reason (so the job is retried).
   */
  async pushToDevices(userId: string, message: PushMessage, now: Date): Promise<{ delivered: number; removed: number }> {
    const push = this.deps.push;
    if (!push) return { delivered: 0, removed: 0 };
    const { db, log } = this.deps;
    const devices = await listPushSubscriptions(db, userId);
    let delivered = 0;
    let failed = 0;
    let removed = 0;
    for (const d of devices) {
      const outcome = await push.send(d, message);
      if (outcome.ok) {
        delivered++;
        await touchPushSubscription(db, userId, d.id, now);
      } else if (outcome.gone) {
        await deletePushSubscription(db, userId, d.id);
        removed++;
        log('info', { msg: 'push subscription gone', status: outcome.status });
      } else {
        failed++;
        log('warn', { msg: 'push failed', status: outcome.status });
      }
    }
    if (delivered === 0 && failed > 0) throw new Error(`push failed on ${failed} device(s)`);
    return { delivered, removed };
  }

  private throwIfFailed(failures: unknown[], job: ReminderJob) {
    if (failures.length === 0) return;
    const first = failures[0];
    this.deps.log('warn', {
      msg: 'reminder send failed; will retry',
      kind: job.kind,
      name: first instanceof Error ? first.name : 'unknown',
    });
    throw first instanceof Error ? first : new Error('send failed');
  }
}

/** Next instants for a user's settings from `now` (stored with the settings; shown in Settings → Reminders). */
export function nextInstants(settings: Schedule, timeZone: string, weekStartsOn: number, now: Date) {
  const zone = new Zone(timeZone);
  const daily = nextDailyAt(settings, zone, now.getTime());
  const weekly = nextWeeklyAt(settings, weekStartsOn, zone, now.getTime());
  return { nextDailyAt: daily === null ? null : new Date(daily), nextWeeklyAt: weekly === null ? null : new Date(weekly) };
}
