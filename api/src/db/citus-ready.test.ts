import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, openTestDatabase } from '../test/harness.js';
import type { Database } from './client.js';
import { citusProblems, parseCitusPlan, readCitusPlan, readLiveSchema } from './citus-ready.js';

for (const driver of DRIVERS) {
  describe(`the live schema is ready for distribution by user [${driver}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
    }, 60_000);
    afterAll(() => database?.close(), 60_000);

    it('every table is placed by topology/citus.sql, and every key holds its distribution column', async () => {
      const schema = await readLiveSchema(database.db);
      expect(schema.perUser).toEqual(expect.arrayContaining(['sessions', 'weight_entries', 'goals', 'imports', 'import_chunks']));
      expect(schema.uniques).toContainEqual({
        table: 'weight_entries',
        name: 'weight_entries_user_id_date_unique',
        columns: ['user_id', 'date'],
      });
      expect(schema.foreignKeys).toContainEqual(
        expect.objectContaining({ table: 'import_chunks', columns: ['user_id', 'import_id'], refColumns: ['user_id', 'id'] }),
      );
      expect(citusProblems(schema, readCitusPlan())).toEqual([]);
    });

    it('an address belongs to one account: user_emails holds it, keyed by the address', async () => {
      const schema = await readLiveSchema(database.db);
      expect(schema.uniques).toContainEqual({ table: 'user_emails', name: 'user_emails_pkey', columns: ['email'] });
      expect(schema.uniques.filter((u) => u.table === 'users').map((u) => u.columns)).toEqual([['id']]);
    });

    it('a new per-user table whose key lacks user_id is caught', async () => {
      await database.db.execute(
        sql`create table "notes" ("id" uuid primary key, "user_id" uuid not null references "users"("id"), "slug" text unique)`,
      );
      try {
        const schema = await readLiveSchema(database.db);
        const plan = readCitusPlan();
        expect(citusProblems(schema, plan)).toEqual([
          "notes: not placed in topology/citus.sql (distribute it, by user_id if it holds a user's rows)",
          'notes: a per-user table must be distributed by user_id, colocated with users',
        ]);
        plan.placements.set('notes', [{ kind: 'distributed', column: 'user_id', colocateWith: 'users' }]);
        expect(citusProblems(schema, plan).sort()).toEqual([
          'notes: unique index notes_pkey (id) must include user_id, its distribution column',
          'notes: unique index notes_slug_key (slug) must include user_id, its distribution column',
        ]);
      } finally {
        await database.db.execute(sql`drop table "notes"`);
      }
    });
  });
}

describe('the Citus plan', () => {
  const schema = {
    tables: ['users', 'entries', 'lookups'],
    perUser: ['entries'],
    uniques: [],
    foreignKeys: [
      { table: 'entries', name: 'entries_user_fk', columns: ['user_id'], refTable: 'users', refColumns: ['id'] },
      { table: 'lookups', name: 'lookups_user_fk', columns: ['user_id'], refTable: 'users', refColumns: ['id'] },
    ],
  };

  it('reads placements, colocation and dropped constraints, ignoring comments', () => {
    const plan = parseCitusPlan(`
      -- SELECT create_distributed_table('ignored', 'x');
      SELECT create_distributed_table('users', 'id');
      SELECT create_distributed_table( 'entries' , 'user_id', colocate_with => 'users' );
      ALTER TABLE lookups DROP CONSTRAINT lookups_user_fk;
      SELECT create_reference_table('lookups');`);
    expect([...plan.placements]).toEqual([
      ['users', [{ kind: 'distributed', column: 'id' }]],
      ['entries', [{ kind: 'distributed', column: 'user_id', colocateWith: 'users' }]],
      ['lookups', [{ kind: 'reference' }]],
    ]);
    expect([...plan.droppedConstraints]).toEqual(['lookups_user_fk']);
    expect(citusProblems(schema, plan)).toEqual([]);
  });

  it('refuses a per-user table left uncolocated, and a foreign key across colocation groups', () => {
    const plan = parseCitusPlan(`
      SELECT create_distributed_table('users', 'id');
      SELECT create_distributed_table('entries', 'user_id');
      SELECT create_distributed_table('lookups', 'email');`);
    expect(citusProblems(schema, plan)).toEqual([
      'entries: a per-user table must be distributed by user_id, colocated with users',
      'entries: foreign key entries_user_fk (user_id) → users (id) must join colocated tables on their distribution columns, or be dropped in topology/citus.sql',
      'lookups: foreign key lookups_user_fk (user_id) → users (id) must join colocated tables on their distribution columns, or be dropped in topology/citus.sql',
    ]);
  });
});
