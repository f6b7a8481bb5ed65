import { describe, expect, it } from 'vitest';
import { dataEtag, matchesIfNoneMatch } from './etag.js';

describe('data ETags', () => {
  it('differ by version, by read and by user', () => {
    const tag = dataEtag('u1', 7, '/api/weights?start_date=2025-01-01');
    expect(tag).toMatch(/^W\/"7-[\w-]{22}"$/);
    expect(dataEtag('u1', 8, '/api/weights?start_date=2025-01-01')).not.toBe(tag);
    expect(dataEtag('u1', 7, '/api/weights?start_date=2025-01-02')).not.toBe(tag);
    expect(dataEtag('u2', 7, '/api/weights?start_date=2025-01-01')).not.toBe(tag);
    expect(dataEtag('u1', 7, '/api/weights?start_date=2025-01-01')).toBe(tag);
  });

  it('If-None-Match: weak comparison, lists and *', () => {
    const tag = 'W/"7-abc"';
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('W/"7-abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"7-abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"6-abc", W/"7-abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"8-abc"', tag)).toBe(false);
  });
});
