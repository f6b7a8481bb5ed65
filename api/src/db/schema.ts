import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  pgEnum,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

export const roleEnum = pgEnum('role', ['USER', 'ADMIN']);
export const genderEnum = pgEnum('gender', ['MALE', 'FEMALE', 'OTHER']);
export const unitEnum = pgEnum('unit_preference', ['METRIC', 'IMPERIAL']);
export const colorSchemeEnum = pgEnum('color_scheme', ['LIGHT', 'DARK', 'SYSTEM']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: varchar('email', { length: 320 }).notNull(),
    // null for an account made by signing in with an external identity provider (it has no password yet)
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    role: roleEnum('role').notNull().default('USER'),
    gender: genderEnum('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    heightCm: doublePrecision('height_cm'),
    avatarId: varchar('avatar_id', { length: 64 }),
    unitPreference: unitEnum('unit_preference').notNull().default('METRIC'),
    weekStartsOn: smallint('week_starts_on').notNull().default(0),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    colorScheme: colorSchemeEnum('color_scheme').notNull().default('SYSTEM'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    // the user's last change through the API: their reads go to the primary for a while after it (read replicas)
    writtenAt: timestamp('written_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // users is distributed by id; the email's uniqueness lives in user_emails, keyed by the address
);

/**
 * The version of a user's weight data, the ETag of their lists: the sum of their slots. Every change to their entries
 * writes a new value from one sequence into the slot of the connection that makes it (triggers in migration 0010), so
 * concurrent saves of one user rarely wait on each other, and the sum grows with every commit.
 */
export const dataVersions = pgTable(
  'data_versions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] })],
);

/** One account per email address (kept with users.email in one transaction): a lookup distributed by email. */
export const userEmails = pgTable(
  'user_emails',
  {
    email: varchar('email', { length: 320 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('user_emails_user_id_idx').on(t.userId)],
);

// Every key of a per-user table includes user_id (ready for distribution by user): the old key first, so lookups by
// id alone keep their index.
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: bytea('secret_hash').notNull(),
    persistent: boolean('persistent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.userId] }), index('sessions_user_id_idx').on(t.userId)],
);

export const weightEntries = pgTable(
  'weight_entries',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    weightKg: doublePrecision('weight_kg').notNull(),
    notes: varchar('notes', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // the unique index leads on user_id and serves every per-user query (range scans by date)
  (t) => [primaryKey({ columns: [t.id, t.userId] }), uniqueIndex('weight_entries_user_id_date_unique').on(t.userId, t.date)],
);

export const goals = pgTable('goals', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startWeightKg: doublePrecision('start_weight_kg').notNull(),
  targetWeightKg: doublePrecision('target_weight_kg').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  targetDate: date('target_date', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const avatars = pgTable(
  'avatars',
  {
    id: varchar('id', { length: 64 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: varchar('content_type', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.userId] }), index('avatars_user_id_idx').on(t.userId)],
);

/** Rate-limit counters (fixed windows). Shared by every API process; never in process memory. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 400 }).primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/** Password-reset tokens: only SHA-256 of the token is stored; single use (used_at), 30 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: bytea('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    uniqueIndex('password_resets_token_hash_user_id_unique').on(t.tokenHash, t.userId),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);

/**
 * Personal API tokens: only SHA-256 of the token is stored (looked up by that hash). Revoked tokens keep their row
 * (revoked_at) until the account goes; scope 'read' allows GET calls only.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    tokenHash: bytea('token_hash').notNull(),
    scope: varchar('scope', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    uniqueIndex('api_tokens_token_hash_user_id_unique').on(t.tokenHash, t.userId),
    index('api_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * Imports between upload and commit: the file is parsed in a worker thread and its rows kept in import_chunks, so
 * any API process can answer the preview and the commit. Kept for a day at most.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** parsing | ready | failed */
    status: varchar('status', { length: 16 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull(),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    summary: jsonb('summary'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

/**
 * The rows of an import, a few hundred per chunk (JSON text): writing or reading one chunk is a short step, so even
 * the embedded database, which runs on the API's own thread, never holds it for long.
 */
export const importChunks = pgTable(
  'import_chunks',
  {
    userId: uuid('user_id').notNull(),
    importId: uuid('import_id').notNull(),
    seq: integer('seq').notNull(),
    rows: text('rows').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.importId, t.seq] }),
    foreignKey({ columns: [t.userId, t.importId], foreignColumns: [imports.userId, imports.id] }).onDelete('cascade'),
  ],
);

/**
 * Reminder and weekly-report settings, one row per user (none: everything off). Times are minutes after local
 * midnight in the user's time zone; weekdays a bit mask (bit 0 Sunday … bit 6 Saturday). next_daily_at and
 * next_weekly_at are the instants the next ones fall due, recomputed whenever the settings or the time zone change
 * and after each is handed to the queue.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyEnabled: boolean('daily_enabled').notNull().default(false),
    dailyTime: smallint('daily_time').notNull().default(450),
    dailyWeekdays: smallint('daily_weekdays').notNull().default(127),
    dailyEmail: boolean('daily_email').notNull().default(true),
    dailyPush: boolean('daily_push').notNull().default(false),
    weeklyReportEnabled: boolean('weekly_report_enabled').notNull().default(false),
    quietHoursEnabled: boolean('quiet_hours_enabled').notNull().default(true),
    quietStart: smallint('quiet_start').notNull().default(1320),
    quietEnd: smallint('quiet_end').notNull().default(420),
    nextDailyAt: timestamp('next_daily_at', { withTimezone: true, mode: 'date' }),
    nextWeeklyAt: timestamp('next_weekly_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('reminder_settings_next_daily_at_idx')
      .on(t.nextDailyAt)
      .where(sql`${t.nextDailyAt} IS NOT NULL`),
    index('reminder_settings_next_weekly_at_idx')
      .on(t.nextWeeklyAt)
      .where(sql`${t.nextWeeklyAt} IS NOT NULL`),
  ],
);

/** A browser (device) that accepted push notifications: its push service endpoint and message encryption keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 128 }).notNull(),
    auth: varchar('auth', { length: 64 }).notNull(),
    device: varchar('device', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), uniqueIndex('push_subscriptions_user_id_endpoint_unique').on(t.userId, t.endpoint)],
);

/**
 * What went out: a row is claimed (kind daily|weekly, channel email|push, period = the local day or the first day of
 * the reported week) before sending, so of two workers only one sends; sent_at is set once it went.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel, t.period] })],
);

/**
 * Accounts at external identity providers (OpenID Connect, GitHub) that sign a user in: the provider's id as
 * configured (AUTH_PROVIDERS) and the subject it gives the person, never an e-mail match. Keyed by the provider's
 * subject (under Citus a lookup distributed by subject, like user_emails); one per provider and user, kept so by the
 * code that links them.
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    provider: varchar('provider', { length: 64 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the provider vouched for when it was linked (shown in Settings), if any. */
    email: varchar('email', { length: 320 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('external_identities_user_id_idx').on(t.userId)],
);

/**
 * A sign-in at an external provider under way (stage 'authorize': state, nonce and PKCE verifier), or its result
 * waiting for the person (stage 'pending': a password to link an existing account, or an e-mail address). Found
 * by SHA-256 of the random value in the browser's wt_external cookie, deleted when used, ten minutes at most.
 */
export const externalAuthFlows = pgTable(
  'external_auth_flows',
  {
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    provider: varchar('provider', { length: 64 }).notNull(),
    stage: varchar('stage', { length: 16 }).notNull(),
    /** Set when a signed-in user links a provider from Settings. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('external_auth_flows_expires_at_idx').on(t.expiresAt)],
);
