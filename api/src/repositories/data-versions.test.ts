import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describeDb, openTestDatabase, register } from '../test/harness.js';
import type { Db } from '../db/client.js';

async function versionOf(db: Db, userId: string): Promise<number> {
  const res = (await db.execute(
    sql`select coalesce(sum(version), 0)::float8 as v from data_versions where user_id = ${userId}::uuid`,
  )) as unknown as {
    rows: { v: number }[];
  };
  return res.rows[0]!.v;
}

const entry = (userId: string, date: string, kg: number) =>
  sql`insert into weight_entries (id, user_id, date, weight_kg, created_at, updated_at)
      values (gen_random_uuid(), ${userId}::uuid, ${date}, ${kg}, now(), now())
      on conflict (user_id, date) do update set weight_kg = excluded.weight_kg`;

describeDb("a user's data version", (ctx) => {
  it('grows with every insert, update and deletion of their entries, and with nothing of anyone else', async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const seen = [await versionOf(ctx.db, a.user.id)];
    const step = async (change: () => Promise<unknown>) => {
      await change();
      seen.push(await versionOf(ctx.db, a.user.id));
    };
    await step(() => ctx.db.execute(entry(a.user.id, '2026-03-01', 80)));
    await step(() => ctx.db.execute(entry(a.user.id, '2026-03-01', 79.5)));
    await step(() => ctx.db.execute(sql`delete from weight_entries where user_id = ${a.user.id}::uuid and date = '2026-03-01'`));
    // one statement writing many of the user's rows (an import) moves it once, without a second write of a slot
    await step(() =>
      ctx.db.execute(sql`insert into weight_entries (id, user_id, date, weight_kg, created_at, updated_at)
        select gen_random_uuid(), ${a.user.id}::uuid, d::date, 80, now(), now() from generate_series('2026-04-01'::date, '2026-04-10', '1 day') d`),
    );
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);

    const mine = seen.at(-1)!;
    await ctx.db.execute(entry(b.user.id, '2026-03-01', 60));
    expect(await versionOf(ctx.db, a.user.id)).toBe(mine);
  });
});

describe.runIf(process.env.DATABASE_URL)("a user's data version on PostgreSQL, with saves committing out of order", () => {
  it('grows at each commit, even when a later save commits first and concurrent saves do not wait on each other', async () => {
    const database = await openTestDatabase('postgres');
    const url = database.url!;
    const [first, second, reader] = [new pg.Client(url), new pg.Client(url), new pg.Client(url)];
    try {
      await Promise.all([first.connect(), second.connect(), reader.connect()]);
      const id = (
        await reader.query(
          `insert into users (id, email, first_name, last_name, created_at, updated_at)
           values (gen_random_uuid(), 'slots@example.com', 'Ada', 'Lovelace', now(), now()) returning id`,
        )
      ).rows[0].id as string;
      const version = async () =>
        Number((await reader.query('select coalesce(sum(version), 0) as v from data_versions where user_id = $1', [id])).rows[0].v);
      const save = (c: pg.Client, date: string) =>
        c.query(
          `insert into weight_entries (id, user_id, date, weight_kg, created_at, updated_at)
           values (gen_random_uuid(), $1, $2, 80, now(), now())`,
          [id, date],
        );
      const v0 = await version();
      await first.query('begin');
      await save(first, '2026-05-01'); // draws its value first
      await second.query('begin');
      // a second connection's save of the same user goes through while the first is open: it does not wait
      await save(second, '2026-05-02');
      await second.query('commit');
      const v1 = await version();
      expect(v1).toBeGreaterThan(v0);
      await first.query('commit');
      const v2 = await version();
      expect(v2).toBeGreaterThan(v1);
    } finally {
      await Promise.all([first.end(), second.end(), reader.end()]);
      await database.close();
    }
  });
});
