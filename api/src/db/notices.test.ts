import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { listenPostgres, USER_CHANGED } from './notices.js';

const url = process.env.DATABASE_URL;

async function until(ms: number, done: () => boolean) {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return done();
}

describe.runIf(url)('notices of changed users on PostgreSQL', () => {
  it('are heard, and heard again after the connection is lost (nothing is kept meanwhile)', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const logs: unknown[] = [];
    const listener = await listenPostgres(url!, { notice: (id) => heard.push(id), live: (on) => states.push(on) }, (l) => logs.push(l));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      expect(states).toEqual([true]);
      await admin.query(`select pg_notify($1, 'user-a')`, [USER_CHANGED]);
      expect(await until(2_000, () => heard.includes('user-a'))).toBe(true);

      // the server ends the listening connection (a restart, a failover): the cache is told, then it listens again
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen ${USER_CHANGED}' and pid <> pg_backend_pid()`,
      );
      expect(await until(3_000, () => states.length >= 3)).toBe(true);
      expect(states.slice(0, 3)).toEqual([true, false, true]);
      await admin.query(`select pg_notify($1, 'user-b')`, [USER_CHANGED]);
      expect(await until(2_000, () => heard.includes('user-b'))).toBe(true);
    } finally {
      await admin.end();
      await listener.close();
    }
    expect(states.at(-1)).toBe(false);
  });
});
