import type { Db } from './client.js';
import { readTarget } from './replicas.js';

/**
 * A statement prepared once per database and name (node-postgres sends it as a named statement, parsed and planned
 * once per connection): the hot reads of every request skip building their SQL again in JS as well.
 */
const cache = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(routed: Db, name: string, build: (db: Db) => T): T {
  // with replicas, the primary or the replica this request reads from: a statement belongs to one database
  const db = readTarget(routed);
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = build(db)));
  return statement;
}
