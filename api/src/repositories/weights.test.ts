import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeDb, register } from '../test/harness.js';
import { entryPages } from './weights.js';

describeDb("a person's whole history, a page at a time", (ctx) => {
  it('gives every entry once, oldest first, in pages of the size asked, and none of anyone else', async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const days = (userId: string, from: string, to: string) =>
      ctx.db.execute(sql`insert into weight_entries (id, user_id, date, weight_kg, notes, created_at, updated_at)
        select gen_random_uuid(), ${userId}::uuid, d::date, 80, null, now(), now() from generate_series(${from}::date, ${to}::date, '1 day') d`);
    await days(a.user.id, '2024-01-01', '2024-01-10');
    await days(b.user.id, '2024-01-05', '2024-01-06');
    const pagesOf = async (userId: string, size: number) => {
      const pages: string[][] = [];
      for await (const page of entryPages(ctx.db, userId, size)) pages.push(page.map((e) => e.date));
      return pages;
    };
    const ten = Array.from({ length: 10 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')}`);
    expect(await pagesOf(a.user.id, 4)).toEqual([ten.slice(0, 4), ten.slice(4, 8), ten.slice(8)]);
    // a last page that is full is not followed by an empty one
    expect(await pagesOf(a.user.id, 5)).toEqual([ten.slice(0, 5), ten.slice(5)]);
    expect(await pagesOf(b.user.id, 4)).toEqual([['2024-01-05', '2024-01-06']]);
    const nobody = await register(ctx.app);
    expect(await pagesOf(nobody.user.id, 4)).toEqual([]);
  });
});
