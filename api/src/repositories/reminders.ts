import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notificationSends, reminderSettings, users } from '../db/schema.js';

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;
export type ReminderSettingsValues = Omit<ReminderSettingsRow, 'userId' | 'updatedAt'>;

export const findReminderSettings = async (db: Db, userId: string): Promise<ReminderSettingsRow | undefined> =>
  (await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)).limit(1))[0];

export async function saveReminderSettings(
  db: Db,
  userId: string,
  values: ReminderSettingsValues,
  now: Date,
): Promise<ReminderSettingsRow> {
  const [row] = await db
    .insert(reminderSettings)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

/** Only what one unsubscribe link turns off; the rest of the settings stay as they are. */
export async function turnOff(db: Db, userId: string, what: 'dailyEmail' | 'weeklyReport', now: Date): Promise<boolean> {
  const set =
    what === 'weeklyReport'
      ? { weeklyReportEnabled: false, nextWeeklyAt: null, updatedAt: now }
      : // without e-mail and without push the daily reminder has nowhere to go: it goes off too
        {
          dailyEmail: false,
          dailyEnabled: sql`${reminderSettings.dailyEnabled} and ${reminderSettings.dailyPush}`,
          nextDailyAt: sql`case when ${reminderSettings.dailyPush} then ${reminderSettings.nextDailyAt} end`,
          updatedAt: now,
        };
  const rows = await db
    .update(reminderSettings)
    .set(set)
    .where(eq(reminderSettings.userId, userId))
    .returning({ id: reminderSettings.userId });
  return rows.length > 0;
}

export type DueRow = {
  settings: ReminderSettingsRow;
  timeZone: string;
  weekStartsOn: number;
  /** When the user's profile last changed: after the settings were computed, their time zone or week may differ. */
  userUpdatedAt: Date;
};

/**
 * Settings whose daily reminder or weekly report has fallen due, or whose user changed their profile since they were
 * computed, across users: the scheduler's one query that is not scoped to a user (it decides for whom work exists;
 * every other step runs per user).
 */
export async function dueReminderSettings(db: Db, now: Date, limit: number): Promise<DueRow[]> {
  const rows = await db
    .select({ settings: reminderSettings, timeZone: users.timeZone, weekStartsOn: users.weekStartsOn, userUpdatedAt: users.updatedAt })
    .from(reminderSettings)
    .innerJoin(users, eq(users.id, reminderSettings.userId))
    .where(
      or(
        lte(reminderSettings.nextDailyAt, now),
        lte(reminderSettings.nextWeeklyAt, now),
        and(
          or(eq(reminderSettings.dailyEnabled, true), eq(reminderSettings.weeklyReportEnabled, true)),
          gt(users.updatedAt, reminderSettings.updatedAt),
        ),
      ),
    )
    .limit(limit);
  return rows;
}

/** Both next instants computed anew (the user's time zone or week start may have changed). */
export async function rescheduleSettings(db: Db, userId: string, next: { nextDailyAt: Date | null; nextWeeklyAt: Date | null }, now: Date) {
  await db
    .update(reminderSettings)
    .set({ ...next, updatedAt: now })
    .where(eq(reminderSettings.userId, userId));
}

/** Moves one next-due instant on, unless another process already did (compare-and-set on the old value). */
export async function advanceNext(db: Db, userId: string, which: 'daily' | 'weekly', from: Date, to: Date | null): Promise<boolean> {
  const column = which === 'daily' ? reminderSettings.nextDailyAt : reminderSettings.nextWeeklyAt;
  const rows = await db
    .update(reminderSettings)
    .set(which === 'daily' ? { nextDailyAt: to } : { nextWeeklyAt: to })
    .where(and(eq(reminderSettings.userId, userId), eq(column, from)))
    .returning({ id: reminderSettings.userId });
  return rows.length > 0;
}

export type SendKey = { userId: string; kind: 'daily' | 'weekly'; channel: 'email' | 'push'; period: string };

/**
 * Claims one send: true for the one caller that may send it. A claim that never became a send (its process died
 * before it finished) may be taken over once `staleBefore` has passed; a finished send never again.
 */
export async function claimSend(db: Db, key: SendKey, now: Date, staleBefore: Date): Promise<boolean> {
  const rows = await db
    .insert(notificationSends)
    .values({ ...key, claimedAt: now })
    .onConflictDoUpdate({
      target: [notificationSends.userId, notificationSends.kind, notificationSends.channel, notificationSends.period],
      set: { claimedAt: now },
      setWhere: and(isNull(notificationSends.sentAt), lt(notificationSends.claimedAt, staleBefore)),
    })
    .returning({ id: notificationSends.userId });
  return rows.length > 0;
}

const keyWhere = (key: SendKey) =>
  and(
    eq(notificationSends.userId, key.userId),
    eq(notificationSends.kind, key.kind),
    eq(notificationSends.channel, key.channel),
    eq(notificationSends.period, key.period),
  );

export async function markSent(db: Db, key: SendKey, now: Date): Promise<void> {
  await db.update(notificationSends).set({ sentAt: now }).where(keyWhere(key));
}

/** A send that failed: its claim goes, so a retry may try again. */
export async function releaseSend(db: Db, key: SendKey): Promise<void> {
  await db.delete(notificationSends).where(and(keyWhere(key), isNull(notificationSends.sentAt)));
}

export async function listSends(db: Db, userId: string) {
  return db.select().from(notificationSends).where(eq(notificationSends.userId, userId));
}

/** The ledger only has to outlive the late limits: rows older than this go. */
export async function pruneSends(db: Db, before: Date): Promise<void> {
  await db.delete(notificationSends).where(lt(notificationSends.claimedAt, before));
}
