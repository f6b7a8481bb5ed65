// EXPLAIN (ANALYZE, BUFFERS) of every weight query the API runs, on the 10-year user. The SQL is not
// copied: the repository functions (api/src/repositories/weights.ts) run against a drizzle instance
// whose logger records each statement and its parameters, which are then explained verbatim.
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../api/src/db/schema.js';
import * as repo from '../api/src/repositories/weights.js';
import type { Db } from '../api/src/db/client.js';
import { BENCH_DATABASE_URL, LONG_USER_EMAIL, day, isMain, yearsAgo } from './lib/common.js';

export interface PlanResult {
  name: string;
  sql: string;
  params: unknown[];
  plan: string;
  executionMs: number;
  indexUsed: boolean;
  seqScan: boolean;
}

export async function explainWeightQueries(): Promise<PlanResult[]> {
  const pool = new pg.Pool({ connectionString: BENCH_DATABASE_URL, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string }>('select id from users where email = $1', [LONG_USER_EMAIL]);
    const userId = rows[0]?.id;
    if (!userId) throw new Error('the 10-year bench user is missing: run the seed first');
    const captured: Array<{ sql: string; params: unknown[] }> = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } }) as unknown as Db;
    const oneYear = [day(-365), day(0)] as const;
    const tenYears = [yearsAgo(10), day(0)] as const;
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['range list (1 year)', () => repo.listEntriesJson(db, userId, ...oneYear)],
      ['range list (10 years)', () => repo.listEntriesJson(db, userId, ...tenYears)],
      ['by date', () => repo.findEntryByDate(db, userId, day(-400))],
      ['latest', () => repo.findEdgeEntry(db, userId, 'latest')],
      ['earliest', () => repo.findEdgeEntry(db, userId, 'earliest')],
      ['weekly averages (10 years)', () => repo.averagesJson(db, userId, 'weekly', 1, ...tenYears)],
      ['monthly averages (10 years)', () => repo.averagesJson(db, userId, 'monthly', 1, ...tenYears)],
      ['yearly averages (10 years)', () => repo.averagesJson(db, userId, 'yearly', 1, ...tenYears)],
    ];
    const results: PlanResult[] = [];
    for (const [name, run] of cases) {
      captured.length = 0;
      await run();
      const q = captured[0];
      if (!q) throw new Error(`no SQL captured for ${name}`);
      // warm once, then the measured EXPLAIN
      await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params);
      const res = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params);
      const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
      results.push({
        name,
        sql: q.sql,
        params: q.params,
        plan,
        executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
        indexUsed: /Index (Only )?Scan.* on weight_entries|Bitmap Index Scan on weight_entries/.test(plan),
        seqScan: /Seq Scan on weight_entries/.test(plan),
      });
    }
    return results;
  } finally {
    await pool.end();
  }
}

if (isMain(import.meta.url)) {
  for (const r of await explainWeightQueries()) {
    console.log(
      `## ${r.name}\n${r.sql}\n${JSON.stringify(r.params)}\n${r.plan}\nindex used: ${r.indexUsed ? 'yes' : 'no'}, seq scan on weight_entries: ${r.seqScan ? 'yes' : 'no'}\n`,
    );
  }
}
