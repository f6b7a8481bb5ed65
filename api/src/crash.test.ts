import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './test/api-process.js';

const serverUrl = process.env.DATABASE_URL;

/**
 * A 2xx is answered only after COMMIT, so a crash under load loses no acknowledged
 * write. Durability is PostgreSQL's job and this checks we never answer before it has done it;
 * it needs a real server, so it runs where DATABASE_URL is set (CI always sets it).
 */
describe.runIf(serverUrl)('crash under load (PostgreSQL)', () => {
  it('kill -9 mid-load loses no write that was answered 201', async () => {
    const dbName = `crash_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    let api: ApiProcess | undefined;
    try {
      api = await startApiProcess({ DATABASE_URL: url.toString(), API_WORKERS: '1' });
      const { child, base, exited } = api;
      const reg = await fetch(`${base}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Crash', lastName: 'Test', email: 'crash@example.com', password: 'plum-Tractor-9-orbit' }),
      });
      const { accessToken, id } = (await reg.json()) as { accessToken: string; id: string };

      // 400 distinct days written by 16 concurrent clients; the server dies after ~60 answers.
      const dates = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10));
      const acknowledged: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < dates.length) {
          const date = dates[next++]!;
          try {
            const res = await fetch(`${base}/weights`, {
              method: 'POST',
              headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
              body: JSON.stringify({ date, weightKg: 80 }),
            });
            if (res.status === 201) acknowledged.push(date);
            if (acknowledged.length === 60 && child.exitCode === null) child.kill('SIGKILL');
          } catch {
            return; // the server is gone
          }
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      await exited;
      expect(acknowledged.length).toBeGreaterThanOrEqual(60);
      expect(acknowledged.length).toBeLessThan(dates.length); // it really died mid-load

      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      const rows = await db.query<{ date: string }>(`SELECT to_char(date, 'YYYY-MM-DD') AS date FROM weight_entries WHERE user_id = $1`, [
        id,
      ]);
      await db.end();
      const stored = new Set(rows.rows.map((r) => r.date));
      expect(acknowledged.filter((d) => !stored.has(d))).toEqual([]);
    } finally {
      // a no-op when the test already killed it
      api?.child.kill('SIGKILL');
      await api?.exited;
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }, 90_000);
});
