import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

export type Hit = { count: number; resetAt: Date };

/**
 * Counts one attempt under each key in a single statement, each in its own fixed window, and returns every key's
 * count including this attempt. PostgreSQL locks each row for the upsert, so N parallel callers see N distinct
 * counts: whoever sees a count over the limit knows it came after the allowed ones.
 */
export async function hitAll(db: Db, hits: { key: string; windowSeconds: number }[], now: Date): Promise<Map<string, Hit>> {
  const nowIso = now.toISOString();
  const rows = await db
    .insert(rateLimits)
    .values(hits.map(({ key, windowSeconds }) => ({ key, count: 1, resetAt: new Date(now.getTime() + windowSeconds * 1000) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${nowIso}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${nowIso}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt });
  return new Map(rows.map((r) => [r.key, { count: r.count, resetAt: r.resetAt }]));
}

/**
 * Gives one counted attempt back under each key (a success, or an attempt refused unchecked: the limit counts neither).
 * Only in the window it was counted in (`resetAt` as hitAll returned it): a window that has ended, or a count cleared
 * and begun again since, no longer holds this attempt, and taking one from it would give another attempt's reservation
 * away. One statement per key, each holding one row: a statement holding several rows could lock them in another order
 * than a parallel attempt's hitAll does, and PostgreSQL would end one of the two as a deadlock.
 */
export async function release(db: Db, hits: { key: string; resetAt: Date }[]): Promise<void> {
  for (const { key, resetAt } of hits)
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} = ${resetAt.toISOString()}::timestamptz`);
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Every counter whose key begins with `prefix` (an account's counters per network). */
export async function clearStartingWith(db: Db, prefix: string): Promise<void> {
  await db.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${prefix})`);
}

/** Housekeeping of expired windows. */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`);
}
