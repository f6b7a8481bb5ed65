import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { AppEnv } from '../types.js';
import { ApiError } from '../lib/errors.js';
import { declaredCharset, jsonBody } from './json-body.js';

function app() {
  const a = new Hono<AppEnv>();
  a.post('/x', jsonBody({ jsonBodyLimit: 1024 * 1024 }), async (c) => c.json({ got: await c.req.json() }));
  a.onError((err, c) => (err instanceof ApiError ? c.json({ message: err.message }, err.status as 400) : c.json({ message: 'bug' }, 500)));
  return a;
}

const post = (contentType: string, body: string | Uint8Array) =>
  app().request('/x', { method: 'POST', headers: { 'Content-Type': contentType }, body });

describe('jsonBody: charset', () => {
  it('reads the charset parameter, quoted or not', () => {
    expect(declaredCharset('application/json')).toBeNull();
    expect(declaredCharset('application/json; charset=utf-16le')).toBe('utf-16le');
    expect(declaredCharset('application/json;charset="UTF-8"')).toBe('UTF-8');
    expect(declaredCharset('application/json; foo=bar; Charset = latin1')).toBe('latin1');
  });

  it('a body declared in another charset than UTF-8: 415 saying JSON must be UTF-8, not 400 malformed JSON', async () => {
    const utf16 = Buffer.from('{"weightKg":80}', 'utf16le');
    for (const ct of ['application/json; charset=utf-16le', 'application/json; charset="UTF-16"', 'application/json;charset=iso-8859-1']) {
      const res = await post(ct, utf16);
      expect(res.status, ct).toBe(415);
      expect(((await res.json()) as { message: string }).message, ct).toMatch(/^JSON must be UTF-8/);
    }
  });

  it('utf-8 (any spelling) or no charset is read', async () => {
    for (const ct of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
      'application/json;charset=utf8',
    ]) {
      const res = await post(ct, '{"a":1}');
      expect(res.status, ct).toBe(200);
      expect(await res.json(), ct).toEqual({ got: { a: 1 } });
    }
  });
});
