import type { Context } from 'hono';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CachedRead, ReadCache } from './read-cache.js';
import { MAX_ERROR_DETAILS } from '@app/contract';
import { STATUS_MESSAGES, type ErrorDetail } from './errors.js';
import { completeResponse } from './response-headers.js';

export const JSON_CT = 'application/json; charset=UTF-8';

/**
 * Builds the uniform error response body `{ error: { message, details, requestId } }`. A body with 60,000 bad
 * fields gets the first 20 and a count, never a 2.5 MB answer.
 */
export function errorResponse(
  c: Context,
  status: number,
  message?: string,
  details: ErrorDetail[] = [],
  headers: Record<string, string> = {},
): Response {
  const requestId = (c.get('requestId' as never) as string | undefined) ?? '';
  const omitted = details.length - MAX_ERROR_DETAILS;
  const error = {
    message: message ?? STATUS_MESSAGES[status] ?? 'Error',
    details: omitted > 0 ? details.slice(0, MAX_ERROR_DETAILS) : details,
    ...(omitted > 0 ? { detailsOmitted: omitted } : {}),
    requestId,
  };
  const body = JSON.stringify({ error });
  return new Response(body, { status, headers: { 'Content-Type': JSON_CT, ...headers } });
}

/** Bodies below this size go as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer in: brotli, else gzip, when the client accepts it (q=0 refuses); none otherwise. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * A JSON answer of the route's own object, built with every header of its request at once. The route declares the
 * object's type through its schema; the cast is the same as jsonText's.
 */
export function jsonAnswer<T>(c: Context, value: T, status: 200 | 201): never {
  return jsonTextAnswer(c, JSON.stringify(value), status);
}

/** The same for JSON text the route already holds (made once and kept). */
export function jsonTextAnswer(c: Context, json: string, status: 200 | 201): never {
  return completeResponse(c, json, status, { 'Content-Type': JSON_CT }) as never;
}

/**
 * A 200 whose JSON was written by PostgreSQL (json_agg), passed through without parsing, and kept in the read cache
 * when the route reads the user's weight data (conditionalRead). The route's schema still documents its shape; the
 * cast is because the typed-response helpers only know objects they serialise.
 */
export async function jsonText(c: Context, body: string): Promise<never> {
  const read = c.get('read' as never) as { key: string; cache: ReadCache } | undefined;
  return (await sendJson(c, read ? read.cache.set(read.key, body) : { body })) as never;
}

/**
 * Sends a JSON answer, compressed (brotli or gzip, in libuv's thread pool, off the event loop) when it is large and
 * the client accepts it; a compressed form is made once and kept with a cached answer.
 */
export function sendJson(c: Context, entry: CachedRead): Promise<Response> {
  return sendText(c, entry, { 'Content-Type': JSON_CT });
}

/** The same for any text answer (a CSV download), with its own Content-Type and headers. */
export async function sendText(c: Context, entry: CachedRead, own: Record<string, string>): Promise<Response> {
  const read = c.get('read' as never) as { key: string; cache: ReadCache } | undefined;
  // a kept read answers under its tag (conditionalRead leaves the header to this answer)
  const headers: Record<string, string> = read ? { ...own, Vary: 'Accept-Encoding', ETag: read.key } : { ...own, Vary: 'Accept-Encoding' };
  const encoding = entry.body.length >= COMPRESS_MIN_BYTES ? pickEncoding(c.req.header('Accept-Encoding')) : null;
  if (!encoding) return completeResponse(c, entry.body, 200, headers);
  let packed = entry[encoding];
  if (!packed) {
    const bytes = Buffer.from(entry.body, 'utf8');
    const out =
      encoding === 'br'
        ? await brotli(bytes, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          })
        : await gzip(bytes, { level: 6 });
    packed = new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
    read?.cache.attach(read.key, encoding, packed);
  }
  return completeResponse(c, packed, 200, { ...headers, 'Content-Encoding': encoding });
}
