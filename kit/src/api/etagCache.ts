import type { FetchArgs } from '@reduxjs/toolkit/query';

/** How many answers are remembered: every screen's reads with room to spare, never a growing heap. */
export const ETAG_CACHE_SIZE = 64;

interface Held {
  etag: string;
  data: unknown;
}

/**
 * The last answer of each GET that carried an ETag, by URL: a refetch of data that has not changed (after a save
 * elsewhere invalidated it, or a return to a screen) sends If-None-Match and gets 304 with no rows; the answer
 * held is used again. Least recently used first out; emptied when the user signs out or in.
 */
const held = new Map<string, Held>();

/** The key of a request: its URL with its query, as the API sees it; null for anything but a GET. */
export function etagKey(args: string | FetchArgs): string | null {
  const request = typeof args === 'string' ? { url: args } : args;
  if ((request.method ?? 'GET').toUpperCase() !== 'GET') return null;
  const params = request.params
    ? new URLSearchParams(
        Object.entries(request.params as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  return params ? `${request.url}?${params}` : request.url;
}

export function heldAnswer(key: string): Held | undefined {
  const answer = held.get(key);
  if (answer) {
    held.delete(key);
    held.set(key, answer);
  }
  return answer;
}

export function holdAnswer(key: string, etag: string, data: unknown): void {
  held.delete(key);
  held.set(key, { etag, data });
  while (held.size > ETAG_CACHE_SIZE) held.delete(held.keys().next().value!);
}

export function forgetAnswers(): void {
  held.clear();
}
