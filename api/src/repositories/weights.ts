import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { weightEntries } from '../db/schema.js';

export type EntryDto = { id: string; date: string; weightKg: number; notes: string | null };

const cols = {
  id: weightEntries.id,
  date: weightEntries.date,
  weightKg: weightEntries.weightKg,
  notes: weightEntries.notes,
};

function rangeFilter(userId: string, start?: string, end?: string): SQL {
  const parts: SQL[] = [eq(weightEntries.userId, userId)];
  if (start) parts.push(gte(weightEntries.date, start));
  if (end) parts.push(lte(weightEntries.date, end));
  return and(...parts)!;
}

export const listEntries = (db: Db, userId: string, start?: string, end?: string): Promise<EntryDto[]> =>
  db
    .select(cols)
    .from(weightEntries)
    .where(rangeFilter(userId, start, end))
    .orderBy(asc(weightEntries.date));

export const findEntryByDate = async (db: Db, userId: string, date: string): Promise<EntryDto | undefined> =>
  (
    await db
      .select(cols)
      .from(weightEntries)
      .where(and(eq(weightEntries.userId, userId), eq(weightEntries.date, date)))
      .limit(1)
  )[0];

export const findEdgeEntry = async (db: Db, userId: string, edge: 'latest' | 'earliest'): Promise<EntryDto | undefined> =>
  (
    await db
      .select(cols)
      .from(weightEntries)
      .where(eq(weightEntries.userId, userId))
      .orderBy(edge === 'latest' ? desc(weightEntries.date) : asc(weightEntries.date))
      .limit(1)
  )[0];

/** INSERT … ON CONFLICT (user_id, date) DO UPDATE: one row per user and date, even under concurrency. */
export async function upsertEntry(
  db: Db,
  userId: string,
  v: { date: string; weightKg: number; notes: string | null },
  now: Date,
): Promise<EntryDto> {
  const rows = await db
    .insert(weightEntries)
    .values({ id: randomUUID(), userId, date: v.date, weightKg: v.weightKg, notes: v.notes, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [weightEntries.userId, weightEntries.date],
      set: { weightKg: v.weightKg, notes: v.notes, updatedAt: now },
    })
    .returning(cols);
  return rows[0]!;
}

export async function deleteEntryByDate(db: Db, userId: string, date: string): Promise<boolean> {
  const rows = await db
    .delete(weightEntries)
    .where(and(eq(weightEntries.userId, userId), eq(weightEntries.date, date)))
    .returning({ id: weightEntries.id });
  return rows.length > 0;
}

export type Period = 'weekly' | 'monthly' | 'yearly';
export type AverageRow = { key: string; average: number; count: number; start: string; end: string };

/**
 * Averages computed in SQL, unrounded (readers round once, in their unit). weekly: ISO-8601 week with the ISO
 * week-year ('IYYY-IW'); when weeks start on Sunday (0) each date is shifted one day forward, so a Sunday joins the
 * following Monday's ISO week. Each bucket also carries its first and last day, so no reader redoes this shift.
 */
export async function averages(
  db: Db,
  userId: string,
  period: Period,
  weekStartsOn: 0 | 1,
  start?: string,
  end?: string,
): Promise<AverageRow[]> {
  const shift = sql.raw(String(weekStartsOn === 0 ? 1 : 0));
  const d = weightEntries.date;
  // the bucket's first day as a date, then its key and last day from it
  const first =
    period === 'weekly'
      ? sql`(date_trunc('week', ${d} + ${shift})::date - ${shift})`
      : period === 'monthly'
        ? sql`date_trunc('month', ${d})::date`
        : sql`date_trunc('year', ${d})::date`;
  const key =
    period === 'weekly'
      ? sql<string>`to_char(min(${d}) + ${shift}, 'IYYY-IW')`
      : period === 'monthly'
        ? sql<string>`to_char(min(${d}), 'YYYY-MM')`
        : sql<string>`to_char(min(${d}), 'YYYY')`;
  const span =
    period === 'weekly' ? sql`interval '6 days'` : period === 'monthly' ? sql`interval '1 month - 1 day'` : sql`interval '1 year - 1 day'`;
  const rows = await db
    .select({
      start: sql<string>`to_char(${first}, 'YYYY-MM-DD')`.as('start'),
      key: key.as('bucket'),
      end: sql<string>`to_char(min(${first}) + ${span}, 'YYYY-MM-DD')`.as('end'),
      average: sql<number>`avg(${weightEntries.weightKg})::float8`.as('average'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(weightEntries)
    .where(rangeFilter(userId, start, end))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ key: String(r.key), average: Number(r.average), count: Number(r.count), start: r.start, end: r.end }));
}
