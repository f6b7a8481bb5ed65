import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe links (RFC 8058): the link itself is the credential, so it works without signing in. It
 * names the user and what to stop, signed with a key derived from the JWT secret; it can only ever turn one kind
 * of e-mail off. Links stay valid (an old e-mail must still unsubscribe) until the JWT secret changes.
 */
export type UnsubscribeKind = 'daily' | 'weekly';

const KINDS: Record<string, UnsubscribeKind> = { d: 'daily', w: 'weekly' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const keyOf = (secret: string) => createHmac('sha256', secret).update('weightwise unsubscribe link v1').digest();
const mac = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest().subarray(0, 20);

/** `<user id without dashes><d|w>.<MAC>`: 33 + 1 + 27 characters, URL-safe. */
export function unsubscribeToken(secret: string, userId: string, kind: UnsubscribeKind): string {
  const payload = `${userId.replace(/-/g, '')}${kind === 'daily' ? 'd' : 'w'}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

export function verifyUnsubscribeToken(secret: string, token: string): { userId: string; kind: UnsubscribeKind } | null {
  const m = /^([0-9a-f]{32})([dw])\.([A-Za-z0-9_-]{27})$/.exec(token);
  if (!m) return null;
  const payload = `${m[1]}${m[2]}`;
  const given = Buffer.from(m[3]!, 'base64url');
  // one spelling per MAC: the last character's spare bits must be zero, so no altered link decodes to the same bytes
  if (given.toString('base64url') !== m[3]) return null;
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const hex = m[1]!;
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(userId) ? { userId, kind: KINDS[m[2]!]! } : null;
}

/** The List-Unsubscribe headers of RFC 2369 and RFC 8058: a mail client's own "Unsubscribe" button POSTs there. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
