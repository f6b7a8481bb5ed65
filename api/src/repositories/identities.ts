import { and, asc, count, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { externalAuthFlows, externalIdentities } from '../db/schema.js';

export type IdentityRow = typeof externalIdentities.$inferSelect;
export type FlowRow = typeof externalAuthFlows.$inferSelect;

// ---- linked identities -------------------------------------------------------------------------------------

export const findIdentity = async (db: Db, provider: string, subject: string): Promise<IdentityRow | undefined> =>
  (
    await db
      .select()
      .from(externalIdentities)
      .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)))
      .limit(1)
  )[0];

export const listIdentities = (db: Db, userId: string): Promise<IdentityRow[]> =>
  db.select().from(externalIdentities).where(eq(externalIdentities.userId, userId)).orderBy(asc(externalIdentities.createdAt));

export async function countIdentities(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(externalIdentities).where(eq(externalIdentities.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

/**
 * Links a provider's subject to a user; undefined when that subject is linked already, to anyone (its key:
 * race-safe). One account per provider and user is the caller's check.
 */
export async function insertIdentity(
  db: Db,
  v: { userId: string; provider: string; subject: string; email: string | null; now: Date },
): Promise<IdentityRow | undefined> {
  const rows = await db
    .insert(externalIdentities)
    .values({ userId: v.userId, provider: v.provider, subject: v.subject, email: v.email, createdAt: v.now, lastUsedAt: v.now })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function touchIdentity(db: Db, identity: Pick<IdentityRow, 'provider' | 'subject'>, now: Date): Promise<void> {
  await db
    .update(externalIdentities)
    .set({ lastUsedAt: now })
    .where(and(eq(externalIdentities.provider, identity.provider), eq(externalIdentities.subject, identity.subject)));
}

/** Removes the user's account at a provider; false when the user has none there. */
export async function deleteIdentity(db: Db, userId: string, provider: string): Promise<boolean> {
  const rows = await db
    .delete(externalIdentities)
    .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.provider, provider)))
    .returning({ subject: externalIdentities.subject });
  return rows.length > 0;
}

/** Every identity of a user: deleting the account (under Citus the rows are not cascaded, being keyed elsewhere), or recovering it by a password reset. */
export async function deleteIdentitiesOf(db: Db, userId: string): Promise<void> {
  await db.delete(externalIdentities).where(eq(externalIdentities.userId, userId));
}

// ---- flows under way (state, nonce, PKCE verifier; a result waiting for the person) -------------------------

export async function insertFlow(
  db: Db,
  v: {
    idHash: string;
    provider: string;
    stage: 'authorize' | 'pending';
    userId: string | null;
    payload: unknown;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(externalAuthFlows).values({
    idHash: v.idHash,
    provider: v.provider,
    stage: v.stage,
    userId: v.userId,
    payload: v.payload,
    createdAt: v.now,
    expiresAt: v.expiresAt,
  });
}

/** Reads a flow that has not expired (without using it up). */
export async function findFlow(db: Db, idHash: string, now: Date): Promise<FlowRow | undefined> {
  const row = (await db.select().from(externalAuthFlows).where(eq(externalAuthFlows.idHash, idHash)).limit(1))[0];
  return row && row.expiresAt.getTime() > now.getTime() ? row : undefined;
}

/**
 * Uses a flow up: deleted and returned in one statement, so of two requests with the same cookie (a replayed
 * callback) only one gets it. Expired flows are deleted and not returned.
 */
export async function takeFlow(db: Db, idHash: string, now: Date): Promise<FlowRow | undefined> {
  const rows = await db.delete(externalAuthFlows).where(eq(externalAuthFlows.idHash, idHash)).returning();
  const row = rows[0];
  return row && row.expiresAt.getTime() > now.getTime() ? row : undefined;
}

export async function updateFlowPayload(db: Db, idHash: string, payload: unknown): Promise<void> {
  await db.update(externalAuthFlows).set({ payload }).where(eq(externalAuthFlows.idHash, idHash));
}

/** The connections to a provider a user started from Settings and has not finished: whoever started one may not be them. */
export async function deleteLinkFlowsOf(db: Db, userId: string): Promise<void> {
  await db.delete(externalAuthFlows).where(eq(externalAuthFlows.userId, userId));
}

export async function deleteFlow(db: Db, idHash: string): Promise<void> {
  await db.delete(externalAuthFlows).where(eq(externalAuthFlows.idHash, idHash));
}

/** Housekeeping: flows nobody came back for. */
export async function purgeExpiredFlows(db: Db, now: Date): Promise<void> {
  await db.delete(externalAuthFlows).where(lte(externalAuthFlows.expiresAt, now));
}
