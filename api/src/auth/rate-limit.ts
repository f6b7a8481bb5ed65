import type { RateLimitRule } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../lib/errors.js';
import { hit, peek, purgeExpired } from '../repositories/rate-limits.js';

export type LimitCheck = { key: string; rule: RateLimitRule };

/** Counts one attempt under each key; 429 with Retry-After when any is over its limit. */
export async function consume(db: Db, checks: LimitCheck[], now: Date): Promise<void> {
  // occasional housekeeping of expired windows (no timers: any process may do it)
  if (Math.random() < 0.01) await purgeExpired(db, now);
  let retryAfter = 0;
  for (const { key, rule } of checks) {
    const h = await hit(db, key, rule.windowSeconds, now);
    if (h.count > rule.limit) retryAfter = Math.max(retryAfter, secondsUntil(h.resetAt, now));
  }
  if (retryAfter > 0) throw tooMany(retryAfter);
}

/** Refuses when a key is already over its limit, without counting. */
export async function ensureNotBlocked(db: Db, checks: LimitCheck[], now: Date): Promise<void> {
  if (Math.random() < 0.01) await purgeExpired(db, now);
  let retryAfter = 0;
  for (const { key, rule } of checks) {
    const h = await peek(db, key, now);
    if (h && h.count >= rule.limit) retryAfter = Math.max(retryAfter, secondsUntil(h.resetAt, now));
  }
  if (retryAfter > 0) throw tooMany(retryAfter);
}

const secondsUntil = (d: Date, now: Date) => Math.max(1, Math.ceil((d.getTime() - now.getTime()) / 1000));

const tooMany = (retryAfter: number) =>
  new ApiError(
    429,
    'Too many attempts, try again later',
    [{ field: 'general', issue: `Too many attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).` }],
    { 'Retry-After': String(retryAfter) },
  );
