import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.js';
import type { Config } from '../config.js';
import { ApiError } from '../lib/errors.js';
import type { IncomingMessage } from 'node:http';
import { readBodyLimited, readIncomingLimited } from '../lib/body.js';

const JSON_TYPE = /^application\/json\s*(;.*)?$/i;

const UTF8 = /^utf-?8$/i;

/** The charset parameter of a Content-Type (quotes removed), or null when it names none. */
export function declaredCharset(contentType: string): string | null {
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^\s;]*))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? '') : null;
}

/** No body of the API nests deeper than a few levels; a megabyte of brackets takes JSON.parse a fifth of a second. */
export const MAX_JSON_DEPTH = 32;
/**
 * No body of the API holds more than a few dozen values; a megabyte of `{},{},…` (a quarter of a million objects)
 * takes JSON.parse most of a second, on the thread every request shares.
 */
export const MAX_JSON_VALUES = 1_000;

/**
 * What is wrong with the text's shape before it is parsed: nesting deeper than `maxDepth`, or more than `maxValues`
 * members and elements in all (commas counted; brackets and commas inside strings do not count). One pass, linear.
 */
export function jsonShapeProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxValues = MAX_JSON_VALUES): 'deep' | 'wide' | null {
  let depth = 0;
  let separators = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x2c) {
      if (++separators >= maxValues) return 'wide';
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > maxDepth) return 'deep';
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return null;
}

/**
 * How long a JSON body may take to arrive: a megabyte takes seconds on the slowest phone link. The server allows a
 * whole request minutes (a 500 MiB archive to import), which a body trickled a byte at a time would otherwise get.
 */
export const JSON_BODY_DEADLINE_MS = 30_000;

/**
 * For routes taking a JSON body: 415 for another content type or a charset other than UTF-8 (JSON exchanged between
 * systems is UTF-8, RFC 8259 §8.1), 413 over the config's limit (chunked too), 408 when
 * it is not all there within its deadline (the connection is then closed), 400 for malformed JSON, invalid UTF-8,
 * nesting deeper than MAX_JSON_DEPTH or more than MAX_JSON_VALUES values. The parsed value is handed to the zod validator through Hono's body cache.
 */
export function jsonBody(config: Pick<Config, 'jsonBodyLimit' | 'jsonBodyDeadlineMs'>): MiddlewareHandler<AppEnv> {
  const { jsonBodyLimit: limit, jsonBodyDeadlineMs: deadlineMs = JSON_BODY_DEADLINE_MS } = config;
  return async (c, next) => {
    const ct = c.req.header('Content-Type') ?? '';
    if (!JSON_TYPE.test(ct)) throw new ApiError(415, 'Content-Type must be application/json');
    const charset = declaredCharset(ct);
    if (charset !== null && !UTF8.test(charset))
      throw new ApiError(415, `JSON must be UTF-8: charset=${charset.slice(0, 40)} is not accepted (send charset=utf-8 or none)`);
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const bytes =
      incoming?.readableDidRead === false
        ? await readIncomingLimited(incoming, limit, deadlineMs)
        : await readBodyLimited(c.req.raw, limit, deadlineMs);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ApiError(400, 'Request body is not valid UTF-8');
    }
    const shape = jsonShapeProblem(text);
    if (shape === 'deep') throw new ApiError(400, 'Request body is nested too deeply');
    if (shape === 'wide') throw new ApiError(400, 'Request body holds too many values');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'Malformed JSON in request body');
    }
    c.req.bodyCache.json = Promise.resolve(parsed);
    // Hono's validator asks for the text (c.req.json() reads it): without it the parsed value was written out again
    // and read back through a WHATWG Response
    // (Hono keeps promises in this cache, though its type names the values)
    c.req.bodyCache.text = Promise.resolve(text) as unknown as string;
    await next();
  };
}
