/**
 * Refresh sessions in Lucia's design (lucia-auth.com, "Sessions" guide), owned in-repo on @oslojs/crypto and
 * @oslojs/encoding: token `<id>.<secret>`, the id and the secret each 160 random bits; only SHA-256(secret) is
 * stored and compared in constant time. Sliding idle expiry (30 days) with an absolute cap (90 days).
 */
import { and, desc, eq, getTableColumns, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { sessions, users } from '../db/schema.js';
import { dataVersionOfUser } from '../repositories/data-versions.js';
import type { SessionUser } from '../repositories/users.js';

export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** Sessions one user may hold; a new one ends the oldest past this, so logins cannot pile up rows without end. */
export const MAX_SESSIONS_PER_USER = 50;

export type Session = {
  id: string;
  userId: string;
  persistent: boolean;
  createdAt: Date;
  expiresAt: Date;
};

const randomString = () => encodeBase32LowerCaseNoPadding(randomBytes(20));
const hashSecret = (secret: string) => sha256(new TextEncoder().encode(secret));

const cap = (createdAt: Date, candidate: Date) => new Date(Math.min(candidate.getTime(), createdAt.getTime() + SESSION_ABSOLUTE_MS));

export async function createSession(db: Db, userId: string, persistent: boolean, now: Date): Promise<{ token: string; session: Session }> {
  const id = randomString();
  const secret = randomString();
  const session: Session = {
    id,
    userId,
    persistent,
    createdAt: now,
    expiresAt: cap(now, new Date(now.getTime() + SESSION_IDLE_MS)),
  };
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({ ...session, secretHash: Buffer.from(hashSecret(secret)) });
    // the newest others are kept with it; the device signed in longest ago signs in again
    const older = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, id)))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .offset(MAX_SESSIONS_PER_USER - 1);
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), inArray(sessions.id, older)));
  });
  return { token: `${id}.${secret}`, session };
}

/** Validates a refresh token; extends the idle expiry (sliding). Returns null for unknown, wrong or expired. */
export async function validateSessionToken(db: Db, token: string, now: Date): Promise<Session | null> {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [id, secret] = parts as [string, string];
  if (!/^[a-z2-7]{1,64}$/.test(id) || !/^[a-z2-7]{1,64}$/.test(secret)) return null;
  const rows = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  const row = rows[0];
  if (!row) return null;
  if (!constantTimeEqual(hashSecret(secret), new Uint8Array(row.secretHash))) return null;
  if (now.getTime() >= row.expiresAt.getTime() || now.getTime() >= row.createdAt.getTime() + SESSION_ABSOLUTE_MS) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const expiresAt = cap(row.createdAt, new Date(now.getTime() + SESSION_IDLE_MS));
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  return { id: row.id, userId: row.userId, persistent: row.persistent, createdAt: row.createdAt, expiresAt };
}

/**
 * The one query of each bearer request before its own: the session still exists and has not expired (so logout and
 * revocation take effect at once), and, read in the same round trip, the user's row (profile, data version: the ETag
 * of their lists), so the calls that answer with the user need no second query. Null when the session has ended.
 */
export async function activeSessionUser(
  db: Db,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const statement = prepared(db, 'active_session', (d) =>
    d
      .select({ user: { ...getTableColumns(users), dataVersion: dataVersionOfUser() }, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('active_session'),
  );
  const rows = await statement.execute({ sessionId, userId, now });
  return rows[0] ?? null;
}

/** Whether the session exists and has not expired. */
export async function isSessionActive(db: Db, sessionId: string, userId: string, now: Date): Promise<boolean> {
  return (await activeSessionUser(db, sessionId, userId, now)) !== null;
}

/** Whether a session outlives the browser ("Remember me"), so a session replacing it keeps the choice. */
export async function isPersistentSession(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db.select({ persistent: sessions.persistent }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return rows[0]?.persistent ?? false;
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Deletes one session of the user, if it is still there. */
export async function invalidateUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return gone.length > 0;
}

/** Deletes every session of the user except `keepId` (password change ends the other devices). */
export async function invalidateOtherSessions(db: Db, userId: string, keepId: string | null): Promise<void> {
  await db.delete(sessions).where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

/** Housekeeping: removes expired sessions of one user (called at login, keeps the table small). */
export async function deleteExpiredSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), or(lte(sessions.expiresAt, now))));
}
