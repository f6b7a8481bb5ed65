import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { rateLimits } from '../db/schema.js';
import { describeDb } from '../test/harness.js';
import { clear, hitAll, purgeExpired, release } from './rate-limits.js';

describeDb('attempt counters', (ctx) => {
  const now = new Date('2026-01-01T10:00:00.000Z');
  const hit = async (key: string, at = now) => (await hitAll(ctx.db, [{ key, windowSeconds: 900 }], at)).get(key)!;

  it('gives an attempt back in the window it was counted in', async () => {
    const key = `test:${randomUUID()}`;
    await hit(key);
    const mine = await hit(key);
    expect(mine.count).toBe(2);
    await release(ctx.db, [{ key, resetAt: mine.resetAt }]);
    expect((await hit(key)).count).toBe(2);
  });

  it("never takes another attempt's reservation: a count cleared and begun again, or a new window, keeps its own", async () => {
    const key = `test:${randomUUID()}`;
    const mine = await hit(key);
    // a success clears the count while this attempt is refused elsewhere; another attempt is counted after it
    await clear(ctx.db, key);
    const theirs = await hit(key, new Date(now.getTime() + 5));
    expect(theirs.count).toBe(1);
    await release(ctx.db, [{ key, resetAt: mine.resetAt }]);
    expect((await hit(key, new Date(now.getTime() + 10))).count).toBe(2);
    // the window ended and a new one began: the old attempt is not in it
    const fresh = await hit(key, new Date(now.getTime() + 900_006));
    expect(fresh.count).toBe(1);
    await release(ctx.db, [{ key, resetAt: theirs.resetAt }]);
    expect((await hit(key, new Date(now.getTime() + 900_007))).count).toBe(2);
  });

  it('housekeeping drops ended windows only', async () => {
    const [ended, current] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    await hit(ended);
    await hit(current, new Date(now.getTime() + 600_000));
    const later = new Date(now.getTime() + 901_000);
    await purgeExpired(ctx.db, later);
    const kept = await ctx.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [ended, current]));
    expect(kept).toEqual([{ key: current }]);
  });
});
