import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.js';
import { requestScheme } from '../lib/net.js';
import type { Session } from './sessions.js';

export const REFRESH_COOKIE = 'wt_refresh';
const PATH = '/api/auth';

/** Secure as COOKIE_SECURE says; `auto`: when the request came over HTTPS (as the trusted proxy tells). */
export const isSecure = (c: Context, config: Config) =>
  config.cookieSecure === 'true' ? true : config.cookieSecure === 'false' ? false : requestScheme(c, config) === 'https';

/** HttpOnly, SameSite=Strict, Path=/api/auth, Secure behind HTTPS, no Domain; persistent only with "remember". */
export function setRefreshCookie(c: Context, config: Config, token: string, session: Session, now: Date): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: PATH,
    secure: isSecure(c, config),
    ...(session.persistent ? { maxAge: Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)) } : {}),
  });
}

export function clearRefreshCookie(c: Context, config: Config): void {
  deleteCookie(c, REFRESH_COOKIE, { path: PATH, secure: isSecure(c, config), httpOnly: true, sameSite: 'Strict' });
}

export function readRefreshCookie(c: Context): string | undefined {
  const v = getCookie(c, REFRESH_COOKIE);
  return v && v.length <= 200 ? v : undefined;
}
