/**
 * Whether the live schema can be distributed by user with Citus as topology/citus.sql does it. Citus needs the
 * distribution column in every primary key and unique index of a distributed table, and a foreign key between two
 * distributed tables only within one colocation group, from distribution column to distribution column.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../config.js';
import type { Db } from './client.js';

export const CITUS_SQL = join(REPO_ROOT, 'topology', 'citus.sql');

/**
 * Tables with a user's id that are deliberately not distributed by it, and why. Anything else with a NOT NULL
 * user_id is a per-user table: distributed by user_id, colocated with users.
 */
export const KEYED_ELSEWHERE: Record<string, string> = {
  user_emails: 'one account per address across every shard: a lookup distributed by the address',
  external_identities: "one account per provider subject across every shard: a lookup distributed by the provider's subject",
};

export type UniqueIndex = { table: string; name: string; columns: string[] };
export type ForeignKey = { table: string; name: string; columns: string[]; refTable: string; refColumns: string[] };
export type LiveSchema = {
  tables: string[];
  /** Tables with a NOT NULL user_id column. */
  perUser: string[];
  uniques: UniqueIndex[];
  foreignKeys: ForeignKey[];
};

export type Placement = { kind: 'distributed'; column: string; colocateWith?: string } | { kind: 'reference' };
export type CitusPlan = { placements: Map<string, Placement[]>; droppedConstraints: Set<string> };

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows);
const split = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .filter(Boolean);

/** Reads tables, user_id columns, unique indexes (primary keys included) and foreign keys of the public schema. */
export async function readLiveSchema(db: Db): Promise<LiveSchema> {
  const tables = rowsOf(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
  ).map((r) => String(r.table_name));
  const perUser = rowsOf(
    await db.execute(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' and is_nullable = 'NO'`,
    ),
  ).map((r) => String(r.table_name));
  const uniques = rowsOf(
    await db.execute(sql`
      select t.relname as table_name, i.relname as index_name,
        (select string_agg(a.attname, ',' order by k.ord)
           from unnest(ix.indkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum) as columns
      from pg_index ix
      join pg_class t on t.oid = ix.indrelid
      join pg_class i on i.oid = ix.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and ix.indisunique`),
  ).map((r) => ({ table: String(r.table_name), name: String(r.index_name), columns: split(r.columns) }));
  const foreignKeys = rowsOf(
    await db.execute(sql`
      select con.conname, t.relname as table_name, ft.relname as ref_table,
        (select string_agg(a.attname, ',' order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
        (select string_agg(a.attname, ',' order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns
      from pg_constraint con
      join pg_class t on t.oid = con.conrelid
      join pg_class ft on ft.oid = con.confrelid
      join pg_namespace n on n.oid = t.relnamespace
      where con.contype = 'f' and n.nspname = 'public'`),
  ).map((r) => ({
    table: String(r.table_name),
    name: String(r.conname),
    columns: split(r.columns),
    refTable: String(r.ref_table),
    refColumns: split(r.ref_columns),
  }));
  return { tables: tables.sort(), perUser: perUser.sort(), uniques, foreignKeys };
}

/** The placements and dropped constraints of a Citus script such as topology/citus.sql. */
export function parseCitusPlan(script: string): CitusPlan {
  const text = script.replace(/--[^\n]*/g, '');
  const placements = new Map<string, Placement[]>();
  const add = (table: string, p: Placement) => placements.set(table, [...(placements.get(table) ?? []), p]);
  for (const m of text.matchAll(/create_distributed_table\(\s*'([^']+)'\s*,\s*'([^']+)'\s*(?:,\s*colocate_with\s*=>\s*'([^']+)'\s*)?\)/gi))
    add(m[1]!, { kind: 'distributed', column: m[2]!, ...(m[3] ? { colocateWith: m[3] } : {}) });
  for (const m of text.matchAll(/create_reference_table\(\s*'([^']+)'\s*\)/gi)) add(m[1]!, { kind: 'reference' });
  const droppedConstraints = new Set([...text.matchAll(/alter\s+table\s+\S+\s+drop\s+constraint\s+(\w+)/gi)].map((m) => m[1]!));
  return { placements, droppedConstraints };
}

export const readCitusPlan = (file = CITUS_SQL): CitusPlan => parseCitusPlan(readFileSync(file, 'utf8'));

/** Every way the schema breaks the plan or Citus's rules; empty when it can be distributed as planned. */
export function citusProblems(schema: LiveSchema, plan: CitusPlan): string[] {
  const problems: string[] = [];
  const placement = (table: string) => plan.placements.get(table)?.[0];
  const groupOf = (table: string): string | undefined => {
    const p = placement(table);
    if (p?.kind !== 'distributed') return undefined;
    return p.colocateWith ?? table;
  };

  for (const table of schema.tables) {
    const ps = plan.placements.get(table) ?? [];
    if (ps.length === 0) problems.push(`${table}: not placed in topology/citus.sql (distribute it, by user_id if it holds a user's rows)`);
    if (ps.length > 1) problems.push(`${table}: placed ${ps.length} times in topology/citus.sql`);
  }
  for (const table of plan.placements.keys())
    if (!schema.tables.includes(table)) problems.push(`${table}: placed in topology/citus.sql but not in the schema`);

  const users = placement('users');
  if (users?.kind !== 'distributed' || users.column !== 'id' || users.colocateWith)
    problems.push('users: must be distributed by id, the group every per-user table is colocated with');
  for (const table of schema.perUser) {
    if (KEYED_ELSEWHERE[table]) continue;
    const p = placement(table);
    if (p?.kind !== 'distributed' || p.column !== 'user_id' || p.colocateWith !== 'users')
      problems.push(`${table}: a per-user table must be distributed by user_id, colocated with users`);
  }

  for (const u of schema.uniques) {
    const p = placement(u.table);
    if (p?.kind !== 'distributed') continue;
    if (!u.columns.includes(p.column))
      problems.push(`${u.table}: unique index ${u.name} (${u.columns.join(', ')}) must include ${p.column}, its distribution column`);
  }

  for (const fk of schema.foreignKeys) {
    if (plan.droppedConstraints.has(fk.name)) continue;
    const from = placement(fk.table);
    const to = placement(fk.refTable);
    if (to?.kind === 'reference') continue;
    if (from?.kind !== 'distributed' || to?.kind !== 'distributed') continue;
    const colocated = groupOf(fk.table) === groupOf(fk.refTable);
    const i = fk.columns.indexOf(from.column);
    if (!colocated || i < 0 || fk.refColumns[i] !== to.column)
      problems.push(
        `${fk.table}: foreign key ${fk.name} (${fk.columns.join(', ')}) → ${fk.refTable} (${fk.refColumns.join(', ')}) must join ` +
          `colocated tables on their distribution columns, or be dropped in topology/citus.sql`,
      );
  }
  for (const name of plan.droppedConstraints)
    if (!schema.foreignKeys.some((fk) => fk.name === name)) problems.push(`topology/citus.sql drops ${name}, which does not exist`);
  return problems;
}
