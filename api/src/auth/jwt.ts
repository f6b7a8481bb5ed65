import { sign, verify } from 'hono/jwt';

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

/**
 * Verifies signature with the algorithm pinned to HS256 (alg:none and any other alg are refused by hono/jwt),
 * then checks iat/exp against the injected clock. Returns null when invalid in any way.
 */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessClaims | null> {
  let payload: Record<string, unknown>;
  try {
    payload = (await verify(token, secret, { alg: 'HS256', exp: false, nbf: false, iat: false })) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { sub, sid, role, iat, exp } = payload;
  const t = Math.floor(now.getTime() / 1000);
  if (typeof sub !== 'string' || typeof sid !== 'string') return null;
  if (role !== 'USER' && role !== 'ADMIN') return null;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) return null;
  if (exp - iat > ACCESS_TOKEN_TTL_SECONDS || exp <= t || iat > t + 60) return null;
  return { sub, sid, role, iat, exp };
}
