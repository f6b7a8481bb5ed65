import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { externalIdentities, rateLimits, userEmails, users } from '../db/schema.js';
import { emailKeyPrefixes, emailKeys } from '../auth/rate-limit.js';

/**
 * Deletes the user; sessions, entries, goal and avatars go with it (ON DELETE CASCADE), and the attempt counters kept
 * under their address. Their address is freed by
 * key as well: distributed by email, user_emails keeps no foreign key to users (nor, by subject, external_identities).
 */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
    if (rows.length === 0) return false;
    await tx.delete(userEmails).where(and(eq(userEmails.email, rows[0]!.email), eq(userEmails.userId, userId)));
    // keyed by the provider's subject, external identities are not cascaded under Citus either
    await tx.delete(externalIdentities).where(eq(externalIdentities.userId, userId));
    // the address is personal data too: the attempt counters kept under it go with the account
    const email = rows[0]!.email;
    await tx
      .delete(rateLimits)
      .where(
        or(
          inArray(rateLimits.key, emailKeys(email)),
          ...emailKeyPrefixes(email).map((prefix) => sql`starts_with(${rateLimits.key}, ${prefix})`),
        ),
      );
    return true;
  });
}
