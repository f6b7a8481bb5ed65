import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { importChunks, imports } from '../db/schema.js';
import type { ImportSummary } from '../import/summary.js';
import { yieldToEventLoop } from '../lib/yield.js';

export type ImportStatus = 'parsing' | 'ready' | 'failed';
export type ImportRecord = {
  id: string;
  status: ImportStatus;
  fileName: string;
  bytesTotal: number;
  bytesRead: number;
  summary: ImportSummary | null;
  error: string | null;
  updatedAt: Date;
};
export type CommitResult = { imported: number; replaced: number; skipped: number };

const byOwner = (userId: string, id: string) => and(eq(imports.userId, userId), eq(imports.id, id));

/** Arbitrary first key of the per-user advisory lock that replacing an import takes (the second: the user's id, hashed). */
const IMPORT_LOCK_CLASS = 4_201;

/**
 * A new import, parsing; the user's earlier ones go (one import at a time). Parallel uploads of one person replace
 * each other one at a time, under a transaction-scoped advisory lock of that person: without it each deleted only
 * what had committed before it began and every upload kept its row. `whileLocked` runs after the insert, before the
 * commit, so whatever it orders (stopping the parse of the import replaced) follows the order of the replacements.
 */
export async function createImport(
  db: Db,
  v: { id: string; userId: string; fileName: string; bytesTotal: number; now: Date },
  whileLocked: () => void = () => {},
): Promise<ImportRecord> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_CLASS}, hashtext(${v.userId}))`);
    await tx.delete(imports).where(eq(imports.userId, v.userId));
    await tx.insert(imports).values({ ...v, status: 'parsing', bytesRead: 0, createdAt: v.now, updatedAt: v.now });
    whileLocked();
    return {
      id: v.id,
      status: 'parsing',
      fileName: v.fileName,
      bytesTotal: v.bytesTotal,
      bytesRead: 0,
      summary: null,
      error: null,
      updatedAt: v.now,
    };
  });
}

export async function setImportProgress(db: Db, userId: string, id: string, bytesRead: number, now: Date): Promise<void> {
  await db
    .update(imports)
    .set({ bytesRead, updatedAt: now })
    .where(and(byOwner(userId, id), eq(imports.status, 'parsing')));
}

/** The rows go in one statement per chunk, so no single step holds the database (or an embedded one's thread) for long. */
export async function finishImport(
  db: Db,
  userId: string,
  id: string,
  summary: ImportSummary,
  rowChunks: string[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const still = await tx
      .update(imports)
      .set({ status: 'ready', summary, bytesRead: sql`${imports.bytesTotal}`, updatedAt: now })
      .where(and(byOwner(userId, id), eq(imports.status, 'parsing')))
      .returning({ id: imports.id });
    if (still.length === 0) return; // discarded or replaced meanwhile
    for (const [seq, rows] of rowChunks.entries()) {
      await tx.insert(importChunks).values({ userId, importId: id, seq, rows });
      await yieldToEventLoop();
    }
  });
}

export async function failImport(db: Db, userId: string, id: string, error: string, now: Date): Promise<void> {
  await db
    .update(imports)
    .set({ status: 'failed', error, updatedAt: now })
    .where(and(byOwner(userId, id), eq(imports.status, 'parsing')));
}

export async function findImport(db: Db, userId: string, id: string): Promise<ImportRecord | undefined> {
  const rows = await db
    .select({
      id: imports.id,
      status: imports.status,
      fileName: imports.fileName,
      bytesTotal: imports.bytesTotal,
      bytesRead: imports.bytesRead,
      summary: imports.summary,
      error: imports.error,
      updatedAt: imports.updatedAt,
    })
    .from(imports)
    .where(byOwner(userId, id));
  const r = rows[0];
  return r ? { ...r, status: r.status as ImportStatus, summary: r.summary as ImportSummary | null } : undefined;
}

export async function deleteImport(db: Db, userId: string, id: string): Promise<boolean> {
  return (await db.delete(imports).where(byOwner(userId, id)).returning({ id: imports.id })).length > 0;
}

/** Housekeeping: imports left unfinished or uncommitted for a day. */
export async function purgeOldImports(db: Db, before: Date): Promise<void> {
  await db.delete(imports).where(lt(imports.createdAt, before));
}

/**
 * Writes the stored rows of a ready import, chunk by chunk, in one transaction with the import's removal: rows of
 * days that already have an entry are left alone (keep) or take the imported weight and notes (replace). The rows
 * never travel back through the API: PostgreSQL reads them from the stored chunks. `xmax = 0` tells a fresh row
 * from a replaced one. Undefined when there is no ready import of that id for the user.
 */
export async function commitStoredImport(
  db: Db,
  userId: string,
  id: string,
  onConflict: 'keep' | 'replace',
  now: Date,
): Promise<CommitResult | undefined> {
  const action =
    onConflict === 'replace'
      ? sql`do update set weight_kg = excluded.weight_kg, notes = excluded.notes, updated_at = excluded.updated_at`
      : sql`do nothing`;
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    // lock the import first: a second commit of the same import waits, then finds it gone
    const claimed = await tx
      .select({ id: imports.id })
      .from(imports)
      .where(and(byOwner(userId, id), eq(imports.status, 'ready')))
      .for('update');
    if (claimed.length === 0) return undefined;
    const seqs = await tx
      .select({ seq: importChunks.seq })
      .from(importChunks)
      .where(and(eq(importChunks.userId, userId), eq(importChunks.importId, id)))
      .orderBy(importChunks.seq);
    const result: CommitResult = { imported: 0, replaced: 0, skipped: 0 };
    for (const { seq } of seqs) {
      const res = await tx.execute(sql`
        with incoming as (
          select t.date, t."weightKg", t.notes
          from import_chunks c, jsonb_to_recordset(c.rows::jsonb) as t(date date, "weightKg" float8, notes varchar(255))
          where c.user_id = ${userId}::uuid and c.import_id = ${id}::uuid and c.seq = ${seq}
        ), written as (
          insert into weight_entries (id, user_id, date, weight_kg, notes, created_at, updated_at)
          select gen_random_uuid(), ${userId}::uuid, i.date, i."weightKg", i.notes, ${at}::timestamptz, ${at}::timestamptz
          from incoming i
          on conflict (user_id, date) ${action}
          returning (xmax = 0) as inserted
        )
        select (select count(*) from incoming)::int as total,
               (select count(*) from written where inserted)::int as imported,
               (select count(*) from written)::int as written`);
      const r = (res as unknown as { rows: { total: number; imported: number; written: number }[] }).rows[0]!;
      result.imported += r.imported;
      result.replaced += r.written - r.imported;
      result.skipped += r.total - r.written;
      await yieldToEventLoop();
    }
    await tx.delete(imports).where(byOwner(userId, id));
    return result;
  });
}
