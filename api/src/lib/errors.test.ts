import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describeError, isConcurrentChange, isDatabaseUnavailable } from './errors.js';

/** A server error as node-postgres builds it from PostgreSQL's ErrorResponse, under drizzle's wrapper. */
function pgError(code: string, message: string, fields: Record<string, string> = {}) {
  const e = Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity: 'ERROR' }, fields);
  return new DrizzleQueryError('update "goals" set "target_weight_kg" = $1 where "user_id" = $2', [65, 'u-1'], e);
}

describe('isDatabaseUnavailable', () => {
  it('counts a statement cancelled by statement_timeout (57014) and node-postgres giving up on an answer', () => {
    expect(isDatabaseUnavailable(pgError('57014', 'canceling statement due to statement timeout'))).toBe(true);
    // node-postgres's query_timeout: a plain Error, under drizzle's
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], new Error('Query read timeout')))).toBe(true);
  });

  it('still counts lost connections, and not the errors of a request or a bug', () => {
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint "goals_pkey"'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "goals" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});

describe('describeError', () => {
  it("names the driver's code and message under drizzle's, never the SQL, its parameters or a quoted value", () => {
    const err = pgError('22P02', 'invalid input syntax for type uuid: "plum-Tractor-9-orbit"', { table: 'sessions', column: 'id' });
    const line = describeError(err);
    expect(line).toEqual({
      name: 'error',
      code: '22P02',
      cause: 'invalid input syntax for type uuid: "…"',
      table: 'sessions',
      column: 'id',
    });
    expect(JSON.stringify(line)).not.toMatch(/plum|Failed query|target_weight_kg|u-1/);
  });

  it('describes a timeout and a plain bug', () => {
    expect(describeError(new DrizzleQueryError('select 1', [], new Error('Query read timeout')))).toEqual({
      name: 'Error',
      code: '',
      cause: 'Query read timeout',
    });
    expect(describeError(new TypeError('x is not a function'))).toEqual({ name: 'TypeError', code: '', cause: 'x is not a function' });
  });
});

describe('isConcurrentChange', () => {
  it('counts a deadlock, a serialization failure and a row deleted meanwhile, nothing else', () => {
    expect(isConcurrentChange(pgError('40P01', 'deadlock detected'))).toBe(true);
    expect(isConcurrentChange(pgError('40001', 'could not serialize access due to concurrent update'))).toBe(true);
    expect(isConcurrentChange(pgError('23503', 'insert or update on table "weight_entries" violates foreign key constraint'))).toBe(true);
    expect(isConcurrentChange(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isConcurrentChange(new Error('deadlock'))).toBe(false);
  });
});
