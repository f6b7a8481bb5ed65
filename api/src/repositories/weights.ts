import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { weightEntries } from '../db/schema.js';

export type EntryDto = { id: string; date: string; weightKg: number; notes: string | null };

const cols = {
  id: weightEntries.id,
  date: weightEntries.date,
  weightKg: weightEntries.weightKg,
  notes: weightEntries.notes,
};

/** The widest range a date column can hold: an open end of a range query. */
const FIRST_DAY = '0001-01-01';
const LAST_DAY = '9999-12-31';

/**
 * The entries of a range as the JSON text of the response, built by PostgreSQL (json_agg) and passed through: no
 * row objects in JS, no JSON.stringify. Same shape as entryPages' rows: ascending [{id, date, weightKg, notes}].
 */
export async function listEntriesJson(db: Db, userId: string, start?: string, end?: string): Promise<string> {
  const statement = prepared(db, 'list_entries_json', (d) =>
    d
      .select({
        body: sql<string>`coalesce(json_agg(json_build_object('id', ${weightEntries.id}, 'date', ${weightEntries.date}, 'weightKg', ${weightEntries.weightKg}, 'notes', ${weightEntries.notes}) order by ${weightEntries.date}), '[]')::text`,
      })
      .from(weightEntries)
      .where(
        and(
          eq(weightEntries.userId, sql.placeholder('userId')),
          gte(weightEntries.date, sql.placeholder('start')),
          lte(weightEntries.date, sql.placeholder('end')),
        ),
      )
      .prepare('list_entries_json'),
  );
  const rows = await statement.execute({ userId, start: start ?? FIRST_DAY, end: end ?? LAST_DAY });
  return rows[0]!.body;
}

/** Entries read a page at a time by the whole-history readers (the CSV download, the import's preview). */
export const ENTRY_PAGE = 2_000;

/**
 * Every entry of a person, oldest first, a page at a time (by date, which is unique per person): tens of thousands
 * of rows turned into objects at once would hold the event loop, and every other person's requests, for hundreds of
 * milliseconds; between pages the others are answered.
 */
export async function* entryPages(db: Db, userId: string, pageSize = ENTRY_PAGE): AsyncGenerator<EntryDto[]> {
  let after: string | null = null;
  for (;;) {
    const page: EntryDto[] = await db
      .select(cols)
      .from(weightEntries)
      .where(after === null ? eq(weightEntries.userId, userId) : and(eq(weightEntries.userId, userId), gt(weightEntries.date, after)))
      .orderBy(asc(weightEntries.date))
      .limit(pageSize);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.date;
  }
}

/** A person's entries on the given days (an import's days, a chunk at a time), in no order. */
export const entriesOnDates = async (db: Db, userId: string, dates: string[]): Promise<EntryDto[]> =>
  dates.length === 0
    ? []
    : await db
        .select(cols)
        .from(weightEntries)
        .where(and(eq(weightEntries.userId, userId), inArray(weightEntries.date, dates)));

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

/**
 * INSERT … ON CONFLICT (user_id, date) DO UPDATE: one row per user and date, even under concurrency. Prepared once
 * (the SQL was built again in JS on every save, a tenth of a save's CPU); the update takes the proposed row's values.
 */
export async function upsertEntry(
  db: Db,
  userId: string,
  v: { date: string; weightKg: number; notes: string | null },
  now: Date,
): Promise<EntryDto> {
  const statement = prepared(db, 'upsert_entry', (d) =>
    d
      .insert(weightEntries)
      .values({
        id: sql.placeholder('id'),
        userId: sql.placeholder('userId'),
        date: sql.placeholder('date'),
        weightKg: sql.placeholder('weightKg'),
        notes: sql.placeholder('notes'),
        createdAt: sql.placeholder('now'),
        updatedAt: sql.placeholder('now'),
      })
      .onConflictDoUpdate({
        target: [weightEntries.userId, weightEntries.date],
        set: { weightKg: sql`excluded."weight_kg"`, notes: sql`excluded."notes"`, updatedAt: sql`excluded."updated_at"` },
      })
      .returning(cols)
      .prepare('upsert_entry'),
  );
  const rows = await statement.execute({ id: randomUUID(), userId, date: v.date, weightKg: v.weightKg, notes: v.notes, now });
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
/**
 * Averages are computed in SQL, unrounded (readers round once, in their unit). weekly: ISO-8601 week with the ISO
 * week-year ('IYYY-IW'); when weeks start on Sunday (0) each date is shifted one day forward, so a Sunday joins the
 * following Monday's ISO week. Each bucket also carries its first and last day, so no reader redoes this shift.
 */
type Bound = string | ReturnType<typeof sql.placeholder>;

/** One row per bucket of the user's entries in the range: first day, key, last day, mean and count. */
function bucketsQuery(db: Db, period: Period, weekStartsOn: 0 | 1, where: { userId: Bound; start: Bound; end: Bound }) {
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
  return db
    .select({
      start: sql<string>`to_char(${first}, 'YYYY-MM-DD')`.as('start'),
      key: key.as('bucket'),
      end: sql<string>`to_char(min(${first}) + ${span}, 'YYYY-MM-DD')`.as('end'),
      average: sql<number>`avg(${weightEntries.weightKg})::float8`.as('average'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(weightEntries)
    .where(and(eq(weightEntries.userId, where.userId), gte(weightEntries.date, where.start), lte(weightEntries.date, where.end)))
    .groupBy(sql`1`);
}

const AVERAGE_KEY: Record<Period, string> = { weekly: 'week', monthly: 'month', yearly: 'year' };

/**
 * The averages as the JSON text of the response, built by PostgreSQL and passed through (see listEntriesJson):
 * ascending [{week|month|year, average, count, start, end}], one prepared statement per period and week start.
 */
export async function averagesJson(
  db: Db,
  userId: string,
  period: Period,
  weekStartsOn: 0 | 1,
  start?: string,
  end?: string,
): Promise<string> {
  const name = `averages_json_${period}_${weekStartsOn}`;
  const statement = prepared(db, name, (d) => {
    const b = bucketsQuery(d, period, weekStartsOn, {
      userId: sql.placeholder('userId'),
      start: sql.placeholder('start'),
      end: sql.placeholder('end'),
    }).as('b');
    return d
      .select({
        body: sql<string>`coalesce(json_agg(json_build_object(${sql.raw(`'${AVERAGE_KEY[period]}'`)}, ${b.key}, 'average', ${b.average}, 'count', ${b.count}, 'start', ${b.start}, 'end', ${b.end}) order by ${b.start}), '[]')::text`,
      })
      .from(b)
      .prepare(name);
  });
  const rows = await statement.execute({ userId, start: start ?? FIRST_DAY, end: end ?? LAST_DAY });
  return rows[0]!.body;
}
