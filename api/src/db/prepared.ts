import type { Db } from './client.js';

/**
 * A statement prepared once per database and name (node-postgres sends it as a named statement, parsed and planned
 * once per connection): the hot reads of every request skip building their SQL again in JS as well.
 */
const cache = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = build(db)));
  return statement;
}
