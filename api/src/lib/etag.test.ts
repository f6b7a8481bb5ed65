import { describe, expect, it } from 'vitest';
import { dataEtag, matchesIfNoneMatch } from './etag.js';
import { call, describeDb, register } from '../test/harness.js';

describe('data ETags', () => {
  it('differ by version, by read and by user', () => {
    const tag = dataEtag('u1', 7, '/api/weights?start_date=2025-01-01');
    expect(tag).toMatch(/^W\/"7-[\w-]{22}"$/);
    expect(dataEtag('u1', 8, '/api/weights?start_date=2025-01-01')).not.toBe(tag);
    expect(dataEtag('u1', 7, '/api/weights?start_date=2025-01-02')).not.toBe(tag);
    expect(dataEtag('u2', 7, '/api/weights?start_date=2025-01-01')).not.toBe(tag);
    expect(dataEtag('u1', 7, '/api/weights?start_date=2025-01-01')).toBe(tag);
  });

  it('If-None-Match: weak comparison and lists', () => {
    const tag = 'W/"7-abc"';
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('W/"7-abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"7-abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"6-abc", W/"7-abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"8-abc"', tag)).toBe(false);
  });

  it('If-None-Match: * is no match (it would answer 304 before the read is validated or found)', () => {
    const tag = 'W/"7-abc"';
    expect(matchesIfNoneMatch('*', tag)).toBe(false);
    expect(matchesIfNoneMatch(' * ', tag)).toBe(false);
    expect(matchesIfNoneMatch('W/"8-abc"', tag)).toBe(false);
  });
});

describeDb('If-None-Match: * on weight reads', (ctx) => {
  it('is answered as if absent: a bad date 400, a bad query 422, no entry 404, a good read 200', async () => {
    const u = await register(ctx.app);
    const get = (path: string) => call(ctx.app, 'GET', path, { token: u.token, headers: { 'If-None-Match': '*' } });
    expect((await get('/api/weights/date/2026-02-30')).status).toBe(400);
    expect((await get('/api/weights?start_date=nope')).status).toBe(422);
    expect((await get('/api/weights/date/2026-01-01')).status).toBe(404);
    const list = await get('/api/weights');
    expect(list.status).toBe(200);
    expect(list.headers.get('ETag')).toMatch(/^W\/"/);
  });
});
