/**
 * The browser's side of a provider sign-in: one random value in an HttpOnly cookie (wt_external) that finds the
 * flow's server-side record by its SHA-256. SameSite=Lax, because the provider's redirect back to the callback is a
 * cross-site navigation that a Strict cookie would not accompany; Path=/api/auth/external, ten minutes. The record
 * holds state, nonce and PKCE verifier and is deleted when the callback uses it, so a replayed callback finds none.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { isSecure } from './cookie.js';

export const FLOW_COOKIE = 'wt_external';
const FLOW_PATH = '/api/auth/external';
export const FLOW_TTL_MS = 10 * 60 * 1000;
/** An account without a password proves its owner by a sign-in this recent before sensitive changes. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** What an authorization request leaves behind for its callback. */
export type AuthorizePayload = {
  state: string;
  nonce?: string;
  codeVerifier: string;
  remember: boolean;
  returnTo: string;
  timeZone?: string;
};

/** A callback's result waiting for the person: a password to link an existing account, or an e-mail address. */
export type PendingPayload = {
  kind: 'link' | 'email';
  subject: string;
  /** The e-mail the provider gave (verified or not) and whether it vouched for it. */
  providerEmail: string | null;
  emailVerified: boolean;
  /** link: the existing account the provider's verified e-mail (or an address typed by the person) belongs to. */
  accountId?: string;
  /** link: the provider's verified e-mail found the account (not an address typed here). */
  accountByProvider?: boolean;
  firstName: string;
  lastName: string;
  remember: boolean;
  returnTo: string;
  timeZone?: string;
};

export const hashFlowToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newFlowToken(): { token: string; idHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, idHash: hashFlowToken(token) };
}

export function setFlowCookie(c: Context, config: Config, token: string): void {
  setCookie(c, FLOW_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: FLOW_PATH,
    secure: isSecure(c, config),
    maxAge: FLOW_TTL_MS / 1000,
  });
}

export function clearFlowCookie(c: Context, config: Config): void {
  deleteCookie(c, FLOW_COOKIE, { path: FLOW_PATH, secure: isSecure(c, config), httpOnly: true, sameSite: 'Lax' });
}

/** The flow's record id from the cookie, if the cookie looks like one of ours. */
export function readFlowId(c: Context): string | undefined {
  const v = getCookie(c, FLOW_COOKIE);
  return v && /^[A-Za-z0-9_-]{43}$/.test(v) ? hashFlowToken(v) : undefined;
}

const hasControlOrBackslash = (s: string) => [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\\');

/** A path inside the app to land on: anything else becomes the overview. Never an auth screen or the API. */
export function safeReturnPath(value: unknown, fallback = '/dashboard/overview'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || hasControlOrBackslash(value)) return fallback;
  if (/^\/(api|login|register|forgot-password|reset-password)(\/|\?|#|$)/.test(value)) return fallback;
  return value;
}

export const RECENT_SIGN_IN_ISSUE =
  'Your account has no password: sign in again (with the provider you use) and make this change within 10 minutes.';

/** Whether the session began (a sign-in, not a refresh) within the last 10 minutes. */
export async function signedInRecently(db: Db, sessionId: string, now: Date): Promise<boolean> {
  if (!sessionId) return false;
  const rows = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  const createdAt = rows[0]?.createdAt;
  return createdAt !== undefined && now.getTime() - createdAt.getTime() <= RECENT_SIGN_IN_MS;
}
