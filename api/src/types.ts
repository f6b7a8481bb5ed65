import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import type { UserRow } from './repositories/users.js';
import type { ReadCache } from './lib/read-cache.js';
import type { SessionCache } from './auth/session-cache.js';
import type { UserTurns } from './lib/user-turns.js';
import type { PasswordWork } from './auth/password-work.js';

export type AuthUser = {
  id: string;
  sessionId: string;
  role: 'USER' | 'ADMIN';
  /** Set when the caller used a personal API token (sessionId is then empty). */
  apiToken?: { id: string; scope: 'read' | 'read-write' };
  /** The user's data version as the request began: moves with every change to their weight entries. */
  dataVersion: number;
  /** The user's row as read with the session (absent for API tokens): the profile without another query. */
  row?: UserRow;
};

export type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  /** Optional readiness probe (defaults to `select 1`). */
  ping?: () => Promise<void>;
  /** The answers of the users' weight reads, kept by ETag. */
  readCache: ReadCache;
  /** Sessions checked lately, when this process hears the database's notices of changed users (main.ts). */
  sessionCache?: SessionCache;
  /** Each person's requests in hand at once, in this process. */
  userTurns: UserTurns;
  /** Password hashes and checks of this process: a few at once, a bounded line, the rest refused (503). createApp
   * always sets it; without it a process-wide one is used. */
  passwordWork?: PasswordWork;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    user: AuthUser;
    /** Set on the user's weight reads: where their answer is kept, under its ETag (see conditionalRead). */
    read?: { key: string; cache: ReadCache };
  };
};
