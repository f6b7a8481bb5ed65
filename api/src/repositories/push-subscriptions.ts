import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { pushSubscriptions, users } from '../db/schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushDeviceDto = { id: string; device: string; createdAt: string; lastUsedAt: string | null };

export const toDeviceDto = (r: PushSubscriptionRow): PushDeviceDto => ({
  id: r.id,
  device: r.device,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
});

export const listPushSubscriptions = (db: Db, userId: string): Promise<PushSubscriptionRow[]> =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt));

/**
 * One row per browser: subscribing again from the same browser (same endpoint) updates its keys and name, and a
 * browser another account had registered becomes this one's alone. Null when
 * the endpoint is new and the user already has `maxDevices`: counted and inserted while holding the user's row, so
 * parallel requests cannot slip past the cap together.
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string; device: string },
  now: Date,
  maxDevices: number,
): Promise<PushSubscriptionRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    // a browser pushes for whoever registered it last: someone else signing in on it and turning pushes on takes it
    // from the account before (whose reminders would else appear on the new person's screen)
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, s.endpoint), ne(pushSubscriptions.userId, userId)));
    const [known] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, s.endpoint)));
    if (!known) {
      const [held] = await tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      if ((held?.n ?? 0) >= maxDevices) return null;
    }
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ id: randomUUID(), userId, ...s, createdAt: now })
      .onConflictDoUpdate({
        target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
        set: { p256dh: s.p256dh, auth: s.auth, device: s.device },
      })
      .returning();
    return row!;
  });
}

export async function deletePushSubscription(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function touchPushSubscription(db: Db, userId: string, id: string, now: Date): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastUsedAt: now })
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
}

/** Every device of the user stops receiving pushes (a password change or reset: the devices may be someone else's). */
export async function deletePushSubscriptionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
