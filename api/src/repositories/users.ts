import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'passwordHash'
    | 'heightCm'
    | 'dateOfBirth'
    | 'gender'
    | 'unitPreference'
    | 'weekStartsOn'
    | 'timeZone'
    | 'colorScheme'
  >
>;

export const findUserById = async (db: Db, id: string): Promise<UserRow | undefined> =>
  (
    await prepared(db, 'user_by_id', (d) =>
      d
        .select()
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .limit(1)
        .prepare('user_by_id'),
    ).execute({ id })
  )[0];

export const findUserByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

/** Inserts a user; returns undefined when the email is taken (unique index, race-safe). */
export async function insertUser(
  db: Db,
  v: { id: string; email: string; passwordHash: string; firstName: string; lastName: string; timeZone?: string; now: Date },
): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values({
      id: v.id,
      email: v.email,
      passwordHash: v.passwordHash,
      firstName: v.firstName,
      lastName: v.lastName,
      ...(v.timeZone ? { timeZone: v.timeZone } : {}),
      createdAt: v.now,
      updatedAt: v.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0];
}

export async function updateUser(db: Db, id: string, patch: UserPatch, now: Date): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

/**
 * Moves the user's data version outside the weight-entry triggers: a change of week start changes what a weekly
 * average read without week_starts_on answers, so its ETag must change too.
 */
export async function bumpDataVersion(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ dataVersion: sql`${users.dataVersion} + 1` })
    .where(eq(users.id, id));
}

export async function setAvatarId(db: Db, id: string, avatarId: string | null, now: Date): Promise<UserRow | undefined> {
  const rows = await db.update(users).set({ avatarId, updatedAt: now }).where(eq(users.id, id)).returning();
  return rows[0];
}

/** The public user object: never the password hash. */
export function toUserDto(u: UserRow) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    gender: u.gender ?? null,
    dateOfBirth: u.dateOfBirth ?? null,
    heightCm: u.heightCm ?? null,
    avatarUrl: u.avatarId ? `/api/avatars/${u.avatarId}` : null,
    unitPreference: u.unitPreference,
    weekStartsOn: (u.weekStartsOn === 1 ? 1 : 0) as 0 | 1,
    timeZone: u.timeZone,
    colorScheme: u.colorScheme,
  };
}
