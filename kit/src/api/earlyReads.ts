import { AUTH_STORAGE_KEY, local, READ_AHEAD_STORAGE_KEY, readJson, session } from '../state/storage';
import { RENEW_AHEAD_MS, tokenEndsAt } from './tokenClaims';

/**
 * Early reads: the page's first script starts the GETs its path opened with on the last visit (api/readAhead.ts
 * records their URLs), before React, the router, the store or any remote has loaded, and kit's client takes each
 * answer over when a read asks for the same URL with the same token. On a federated page the store exists only once
 * the shared scripts have run, a tenth of a second after the first script could have asked.
 *
 * This module imports nothing but kit's storage access and the token's clock (both import-free), so the shell's first
 * script can carry it: a page of @app/kit/early, not of the shared kit.
 */

/** The reads started, by URL, until taken or too old. */
interface Started {
  token: string;
  response: Promise<Response | undefined>;
}

declare global {
  interface Window {
    __earlyReads?: Map<string, Started>;
  }
}

/** At most this many are started (a screen's opening reads). */
export const EARLY_READS_MAX = 12;
/** An answer not taken this long after the page started is not the page's opening read any more: left to GC. */
export const EARLY_READS_KEEP_MS = 10_000;

/**
 * Whether the access token is good for longer than the client would keep it: one about to be renewed ahead of its end
 * (api/tokenRenewal.ts) would be sent again with the new token, and an expired one would only earn a 403 per read.
 */
export function tokenLasts(token: string, now: number, marginMs = RENEW_AHEAD_MS): boolean {
  const end = tokenEndsAt(token);
  return end !== null && end > now + marginMs;
}

/** The URLs the signed-in user's last visit of `path` opened with: same-origin API paths only. */
export function earlyUrls(auth: unknown, log: unknown, path: string, now = Date.now()): { token: string; urls: string[] } | undefined {
  const a = auth as { accessToken?: unknown; user?: { id?: unknown } } | undefined;
  const l = log as { user?: unknown; paths?: Record<string, unknown> } | undefined;
  if (typeof a?.accessToken !== 'string' || !tokenLasts(a.accessToken, now) || typeof a.user?.id !== 'string') return undefined;
  if (l?.user !== a.user.id || typeof l.paths !== 'object' || l.paths === null) return undefined;
  const reads = l.paths[path];
  if (!Array.isArray(reads)) return undefined;
  const urls = reads
    .map((r: { url?: unknown } | null) => r?.url)
    .filter((u): u is string => typeof u === 'string' && u.startsWith('/api/') && !u.startsWith('//'))
    .slice(0, EARLY_READS_MAX);
  return urls.length ? { token: a.accessToken, urls: [...new Set(urls)] } : undefined;
}

/** Starts this path's early reads; never throws (storage may be unavailable, the network down). */
export function startEarlyReads(): void {
  try {
    const found = earlyUrls(readJson(session(), AUTH_STORAGE_KEY), readJson(local(), READ_AHEAD_STORAGE_KEY), location.pathname);
    if (!found) return;
    const started = new Map<string, Started>();
    for (const url of found.urls) {
      const response = fetch(url, { credentials: 'include', headers: { authorization: `Bearer ${found.token}` } }).catch(() => undefined);
      started.set(url, { token: found.token, response });
    }
    window.__earlyReads = started;
    setTimeout(() => {
      if (window.__earlyReads === started) delete window.__earlyReads;
    }, EARLY_READS_KEEP_MS);
  } catch {
    /* the reads are then made as usual */
  }
}

/**
 * The answer of an early read for `request`, once: a GET of the same URL with the same bearer token and no
 * If-None-Match (the page's first reads hold no answer yet). Undefined when there is none to take.
 */
export function takeEarlyRead(request: Request): Promise<Response | undefined> | undefined {
  const started = typeof window === 'undefined' ? undefined : window.__earlyReads;
  if (!started?.size || request.method !== 'GET' || request.headers.has('if-none-match')) return undefined;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return undefined;
  const key = url.pathname + url.search;
  const early = started.get(key);
  if (!early) return undefined;
  started.delete(key);
  return request.headers.get('authorization') === `Bearer ${early.token}` ? early.response : undefined;
}

/** fetch, unless an early read already asked the same: kit's client sends every request through it. */
export async function fetchOrTakeEarly(input: RequestInfo, init?: RequestInit): Promise<Response> {
  const early = input instanceof Request && !init ? takeEarlyRead(input) : undefined;
  return (early && (await early)) || fetch(input, init);
}
