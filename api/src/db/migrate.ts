import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

/** drizzle-kit output (api/drizzle), resolved from this file so cwd does not matter. */
export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/** Arbitrary constant key for pg_advisory_lock: one migrator at a time across every API process. */
export const MIGRATION_LOCK_KEY = 727_274_001;

/** Applies the committed SQL migrations on either driver (PostgreSQL: under an advisory lock). */
export async function runMigrations(database: Database): Promise<void> {
  await database.migrate();
}
