import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { pushSubscriptions } from '../db/schema.js';

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

/** One row per browser: subscribing again from the same browser (same endpoint) updates its keys and name. */
export async function savePushSubscription(
  db: Db,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string; device: string },
  now: Date,
): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ id: randomUUID(), userId, ...s, createdAt: now })
    .onConflictDoUpdate({
      target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
      set: { p256dh: s.p256dh, auth: s.auth, device: s.device },
    })
    .returning();
  return row!;
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
