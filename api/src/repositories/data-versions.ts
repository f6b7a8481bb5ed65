import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { dataVersions, users } from '../db/schema.js';

/**
 * The user's data version, read with their session or token: the sum of their slots (0 before their first change).
 * A scalar subquery over at most 32 rows of one key, so the session check stays one statement.
 */
export const dataVersionOfUser = (): SQL<number> =>
  sql<number>`(select coalesce(sum(${dataVersions.version}), 0)::bigint from ${dataVersions} where ${dataVersions.userId} = ${users.id})`.mapWith(
    Number,
  );

/**
 * Moves the user's data version outside the weight-entry triggers: a change of week start changes what a weekly
 * average read without week_starts_on answers, so its ETag must change too.
 */
export async function bumpDataVersion(db: Db, userId: string): Promise<void> {
  // the trigger's statement (migration 0010) for one user; shared as a SQL function it cost a third of pgbench's saves
  await db.execute(sql`
    insert into ${dataVersions} (user_id, slot, version)
    values (${userId}::uuid, pg_backend_pid() % 32, nextval('data_version_seq'))
    on conflict (user_id, slot) do update set version = nextval('data_version_seq')`);
}

type Waiter = { resolve(): void; reject(err: unknown): void };
type Announcer = { pending: Set<string>; waiters: Waiter[]; sending: boolean };
const announcers = new WeakMap<Db, Announcer>();

/**
 * Tells the other API processes, after a change of the user's entries is committed, to read their data version
 * again; resolves once told. One notice statement is in flight per process: the users changed meanwhile go together
 * in the next, so under many saves the notices cost one statement per round trip, not one per save.
 */
export function announceDataChanged(db: Db, userId: string): Promise<void> {
  let a = announcers.get(db);
  if (!a) announcers.set(db, (a = { pending: new Set(), waiters: [], sending: false }));
  a.pending.add(userId);
  const told = new Promise<void>((resolve, reject) => a.waiters.push({ resolve, reject }));
  if (!a.sending) void send(db, a);
  return told;
}

async function send(db: Db, a: Announcer): Promise<void> {
  a.sending = true;
  while (a.pending.size) {
    const ids = [...a.pending].join(',');
    const waiters = a.waiters;
    a.pending = new Set();
    a.waiters = [];
    try {
      await db.execute(sql`select announce_data_changed(string_to_array(${ids}, ',')::uuid[])`);
      for (const w of waiters) w.resolve();
    } catch (err) {
      for (const w of waiters) w.reject(err);
    }
  }
  a.sending = false;
}
