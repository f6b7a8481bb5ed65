import { createHmac, timingSafeEqual } from 'node:crypto';
import { sign } from 'hono/jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export type AccessClaims = { sub: string; sid: string; role: 'USER' | 'ADMIN'; iat: number; exp: number };

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
  const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest();
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

/**
 * Verifies the signature with the algorithm pinned to HS256, then checks iat/exp against the injected clock.
 * Returns null when invalid in any way.
 */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessClaims | null> {
  const payload = verifiedPayload(secret, token);
  if (!payload) return null;
  const { sub, sid, role, iat, exp } = payload;
  const t = Math.floor(now.getTime() / 1000);
  if (typeof sub !== 'string' || typeof sid !== 'string') return null;
  if (role !== 'USER' && role !== 'ADMIN') return null;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) return null;
  if (exp - iat > ACCESS_TOKEN_TTL_SECONDS || exp <= t || iat > t + 60) return null;
  return { sub, sid, role, iat, exp };
}
