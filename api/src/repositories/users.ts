import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { userEmails, users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
/** The user's row as read with their session, with their data version (see data-versions.ts). */
export type SessionUser = UserRow & { dataVersion: number };
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

/** The address is looked up in user_emails (its key), then the user by id: two single-row reads by key. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const owner = (await db.select({ userId: userEmails.userId }).from(userEmails).where(eq(userEmails.email, email)).limit(1))[0];
  return owner ? findUserById(db, owner.userId) : undefined;
}

/** Thrown inside insertUser's transaction to undo the user row when the address was taken meanwhile. */
class EmailTaken extends Error {}

/** Inserts a user; returns undefined when the email is taken (user_emails' key, race-safe). */
export async function insertUser(
  db: Db,
  v: { id: string; email: string; passwordHash: string | null; firstName: string; lastName: string; timeZone?: string; now: Date },
): Promise<UserRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
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
          writtenAt: v.now,
        })
        .returning();
      const claimed = await tx.insert(userEmails).values({ email: v.email, userId: v.id }).onConflictDoNothing().returning();
      if (claimed.length === 0) throw new EmailTaken();
      return row;
    });
  } catch (err) {
    if (err instanceof EmailTaken) return undefined;
    throw err;
  }
}

/**
 * Locks the user's row for the rest of the transaction. Every transaction that changes a user and their other rows
 * takes this lock first, so two of them never wait on each other's rows in opposite orders (a deadlock).
 */
export async function lockUser(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return rows.length > 0;
}

/**
 * Updates the user's row. A new email moves the user's entry in user_emails as well, so call it inside a transaction
 * when the patch has one; a taken address fails with PostgreSQL's unique violation (23505).
 */
export async function updateUser(db: Db, id: string, patch: UserPatch, now: Date): Promise<UserRow | undefined> {
  if (patch.email !== undefined) {
    // locked as read: a change of email made at the same moment is waited for, so its address is the one moved
    // (read unlocked, both would move the first address and leave the other's claimed)
    const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update');
    if (!current) return undefined;
    if (current.email !== patch.email) {
      await db.delete(userEmails).where(and(eq(userEmails.email, current.email), eq(userEmails.userId, id)));
      await db.insert(userEmails).values({ email: patch.email, userId: id });
    }
  }
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
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
