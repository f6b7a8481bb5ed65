import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

export type Hit = { count: number; resetAt: Date };

/** Counts one hit in a fixed window, atomically in PostgreSQL (shared by every API process). */
export async function hit(db: Db, key: string, windowSeconds: number, now: Date): Promise<Hit> {
  const reset = new Date(now.getTime() + windowSeconds * 1000);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: reset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${reset.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return rows[0]!;
}

export async function peek(db: Db, key: string, now: Date): Promise<Hit | null> {
  const rows = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > ${now.toISOString()}::timestamptz`);
  return rows[0] ?? null;
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Housekeeping of expired windows. */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`);
}
