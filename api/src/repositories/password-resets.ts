import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { passwordResets } from '../db/schema.js';

export async function insertPasswordReset(
  db: Db,
  v: { id: string; userId: string; tokenHash: Buffer; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(passwordResets).values({ id: v.id, userId: v.userId, tokenHash: v.tokenHash, expiresAt: v.expiresAt, createdAt: v.now });
}

/**
 * Marks the token used if it is unused and unexpired, atomically (a second concurrent use finds nothing).
 * Returns the user id it belongs to, or undefined.
 */
export async function consumePasswordReset(db: Db, tokenHash: Buffer, now: Date): Promise<string | undefined> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId;
}

/** The user of a token that exists, is unused and unexpired (checked before the costly password hash). */
export async function usableResetOwner(db: Db, tokenHash: Buffer, now: Date): Promise<string | undefined> {
  const rows = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .limit(1);
  return rows[0]?.userId;
}

/**
 * After a reset, or a change of email or password: the user's outstanding links die; expired rows of the user are
 * dropped.
 */
export async function retireOtherPasswordResets(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await db.delete(passwordResets).where(and(eq(passwordResets.userId, userId), or(lte(passwordResets.expiresAt, now))));
}
