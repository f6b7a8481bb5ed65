import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { avatars, users } from '../db/schema.js';

export const findAvatar = async (db: Db, id: string) =>
  (await db.select({ contentType: avatars.contentType, data: avatars.data }).from(avatars).where(eq(avatars.id, id)).limit(1))[0];

/** Stores the new avatar, points the user at it and drops the previous one, in one transaction. */
export async function replaceAvatar(db: Db, userId: string, a: { id: string; contentType: string; data: Buffer } | null, now: Date) {
  return db.transaction(async (tx) => {
    if (a) await tx.insert(avatars).values({ id: a.id, userId, contentType: a.contentType, data: a.data, createdAt: now });
    const rows = await tx
      .update(users)
      .set({ avatarId: a ? a.id : null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(avatars).where(a ? and(eq(avatars.userId, userId), ne(avatars.id, a.id)) : eq(avatars.userId, userId));
    return rows[0];
  });
}
