import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export type CommitRow = { date: string; weightKg: number; notes: string | null };
export type CommitResult = { imported: number; replaced: number; skipped: number };

/**
 * One transaction, one multi-row INSERT … ON CONFLICT (user_id, date): the rows travel as a single jsonb parameter
 * (no parameter-count limit, ~4,000 rows in one round-trip). `xmax = 0` tells a fresh row from a replaced one.
 */
export async function commitImport(db: Db, userId: string, rows: CommitRow[], onConflict: 'keep' | 'replace', now: Date): Promise<CommitResult> {
  if (rows.length === 0) return { imported: 0, replaced: 0, skipped: 0 };
  const payload = JSON.stringify(rows);
  const action =
    onConflict === 'replace'
      ? sql`do update set weight_kg = excluded.weight_kg, notes = excluded.notes, updated_at = excluded.updated_at`
      : sql`do nothing`;
  return db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      insert into weight_entries (id, user_id, date, weight_kg, notes, created_at, updated_at)
      select gen_random_uuid(), ${userId}::uuid, t.date, t."weightKg", t.notes, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${payload}::jsonb) as t(date date, "weightKg" float8, notes varchar(255))
      on conflict (user_id, date) ${action}
      returning (xmax = 0) as inserted`);
    const out = (res as unknown as { rows: { inserted: boolean }[] }).rows;
    const imported = out.filter((r) => r.inserted).length;
    const replaced = out.length - imported;
    return { imported, replaced, skipped: rows.length - out.length };
  });
}
