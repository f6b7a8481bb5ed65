import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { sign } from 'hono/jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export type AccessClaims = Readonly<{ sub: string; sid: string; role: 'USER' | 'ADMIN'; iat: number; exp: number }>;

/** HS256 access token carrying only sub, sid, role, iat, exp. */
export async function signAccessToken(
  secret: string,
  claims: { sub: string; sid: string; role: 'USER' | 'ADMIN' },
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const payload: AccessClaims = { sub: claims.sub, sid: claims.sid, role: claims.role, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS };
  return sign(payload, secret, 'HS256');
}

/** The only header this API issues and accepts: HS256, a JWT. Anything else (alg none, RS256, a kid) is refused. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** The secret as a key object, made once: turning the string into a key on every request was a tenth of the HMAC. */
let key: { secret: string; object: KeyObject } | undefined;
function keyOf(secret: string): KeyObject {
  if (key?.secret !== secret) key = { secret, object: createSecretKey(Buffer.from(secret, 'utf8')) };
  return key.object;
}

/**
 * HS256 verification on node:crypto's HMAC, synchronous: hono/jwt's WebCrypto path imported the key and went
 * through the thread pool on every request (a fifth of the time of an authenticated call). The header must be the
 * exact one this API signs, so the algorithm is pinned; the signature is compared in constant time. Signing stays
 * with hono/jwt, so the two meet in the tests.
 */
function verifiedPayload(secret: string, token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  if (header !== HEADER || !/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  // one spelling per signature: the last character's spare bits must be zero, so an altered token never passes
  if (given.toString('base64url') !== signature) return null;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The claims of a signature that checked out, before the clock is consulted. */
function signedClaims(secret: string, token: string): AccessClaims | null {
  const payload = verifiedPayload(secret, token);
  if (!payload) return null;
  const { sub, sid, role, iat, exp } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string') return null;
  if (role !== 'USER' && role !== 'ADMIN') return null;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) return null;
  if (exp - iat > ACCESS_TOKEN_TTL_SECONDS) return null;
  return Object.freeze({ sub, sid, role, iat, exp });
}

/** At most this many checked tokens are remembered (a few MB); past it the expired go, or all of them. */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Access tokens whose signature this process has already checked, by their exact text, with the key that checked
 * them: a signed-in client sends the same token for up to 15 minutes, and its HMAC was the largest cost of a read
 * answered from the session cache. Only tokens that verified are kept (a forged or altered one is another text and
 * is checked in full), the clock is still consulted on every use, and the session behind a token is still checked
 * by the caller, so a sign-out takes effect exactly as before.
 */
const verified = new Map<string, { secret: string; claims: AccessClaims }>();

function rememberVerified(secret: string, token: string, claims: AccessClaims, t: number): void {
  if (verified.size >= VERIFIED_TOKENS_MAX) {
    for (const [k, v] of verified) if (v.claims.exp <= t) verified.delete(k);
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
  }
  verified.set(token, { secret, claims });
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export const bearerToken = (header: string | undefined): string | undefined =>
  header ? /^Bearer[ ]+(\S+)\s*$/i.exec(header)?.[1] : undefined;

/**
 * The session an access token was issued for, from its signature alone, expired or not: a logout names the session
 * it leaves with it, and ending a session needs no fresh token.
 */
export function sessionOfAccessToken(secret: string, token: string): { sub: string; sid: string } | null {
  const claims = signedClaims(secret, token);
  return claims ? { sub: claims.sub, sid: claims.sid } : null;
}

/** How many checked tokens are remembered (tests). */
export const verifiedTokenCount = (): number => verified.size;

/**
 * Verifies the signature with the algorithm pinned to HS256, then checks iat/exp against the injected clock.
 * Returns null when invalid in any way.
 */
export function verifyAccessToken(secret: string, token: string, now: Date): AccessClaims | null {
  const t = Math.floor(now.getTime() / 1000);
  const known = verified.get(token);
  let claims = known && known.secret === secret ? known.claims : null;
  if (!claims) {
    claims = signedClaims(secret, token);
    if (!claims) return null;
    if (claims.exp > t) rememberVerified(secret, token, claims, t);
  }
  if (claims.exp <= t || claims.iat > t + 60) return null;
  return claims;
}
