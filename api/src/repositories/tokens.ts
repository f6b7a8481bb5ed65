import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Db } from '../db/client.js';
import { apiTokens, users } from '../db/schema.js';
import { dataVersionOfUser } from './data-versions.js';

export type TokenScope = 'read' | 'read-write';
export type TokenDto = { id: string; name: string; scope: TokenScope; createdAt: string; lastUsedAt: string | null };

export const TOKEN_PREFIX = 'wt_';
const LAST_USED_EVERY_MS = 60_000;

const hashToken = (token: string) => sha256(new TextEncoder().encode(token));
/** A token's name in memory (its place in the line of lookups), never the secret itself. */
export const tokenKey = (token: string) => Buffer.from(hashToken(token)).toString('base64url');

const toDto = (r: typeof apiTokens.$inferSelect): TokenDto => ({
  id: r.id,
  name: r.name,
  scope: r.scope as TokenScope,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
});

/**
 * A new token `wt_` + 256 random bits in base32; only its SHA-256 is kept, so it can be shown once only. Null when
 * the user already holds `maxLive` live tokens: counted and inserted while holding the user's row, so parallel
 * requests cannot slip past the cap together (NO KEY UPDATE: the user's own writes, which only reference the row,
 * are not held up).
 */
export async function createToken(db: Db, userId: string, name: string, scope: TokenScope, now: Date, maxLive: number) {
  const token = TOKEN_PREFIX + encodeBase32LowerCaseNoPadding(randomBytes(32));
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
    if ((live?.n ?? 0) >= maxLive) return null;
    const [row] = await tx
      .insert(apiTokens)
      .values({ id: randomUUID(), userId, name, scope, tokenHash: Buffer.from(hashToken(token)), createdAt: now })
      .returning();
    return { ...toDto(row!), token };
  });
}

export const listTokens = async (db: Db, userId: string): Promise<TokenDto[]> =>
  (
    await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .orderBy(desc(apiTokens.createdAt))
  ).map(toDto);

export async function revokeToken(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** Revokes every live token of the user: a new password ends every way in that the old one let someone make. */
export async function revokeAllTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

export type TokenPrincipal = {
  tokenId: string;
  userId: string;
  role: 'USER' | 'ADMIN';
  scope: TokenScope;
  dataVersion: number;
  /** The user's last write (read replicas: their reads stay on the primary for a while after it). */
  writtenAt: Date;
};

/** The live token's owner, or null (unknown, revoked, malformed); notes its use at most once a minute. */
export async function authenticateToken(db: Db, token: string, now: Date): Promise<TokenPrincipal | null> {
  if (!/^wt_[a-z2-7]{40,64}$/.test(token)) return null;
  const hash = hashToken(token);
  const rows = await db
    .select({ t: apiTokens, role: users.role, dataVersion: dataVersionOfUser(), writtenAt: users.writtenAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, Buffer.from(hash)))
    .limit(1);
  const row = rows[0];
  if (!row || row.t.revokedAt || !constantTimeEqual(hash, new Uint8Array(row.t.tokenHash))) return null;
  if (!row.t.lastUsedAt || now.getTime() - row.t.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.t.id));
  return {
    tokenId: row.t.id,
    userId: row.t.userId,
    role: row.role,
    scope: row.t.scope as TokenScope,
    dataVersion: row.dataVersion,
    writtenAt: row.writtenAt,
  };
}
