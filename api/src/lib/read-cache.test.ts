import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

describe('ReadCache', () => {
  it('holds answers by key, least recently used out once over its size', () => {
    const cache = new ReadCache(400);
    cache.set('a', 'x'.repeat(50)); // 100 bytes
    cache.set('b', 'y'.repeat(50));
    cache.set('c', 'z'.repeat(50));
    expect(cache.get('a')?.body).toHaveLength(50); // a is now the most recent
    cache.set('d', 'w'.repeat(50)); // 400 bytes: still fits
    cache.set('e', 'v'.repeat(50)); // over: the least recent (b) goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.usedBytes).toBeLessThanOrEqual(400);
  });

  it('counts compressed forms and never holds an answer too big to be worth it', () => {
    const cache = new ReadCache(1000);
    cache.set('big', 'x'.repeat(200)); // 400 bytes > 1000 / 4
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', 'x'.repeat(100));
    cache.attach('a', 'br', new Uint8Array(300));
    expect(cache.get('a')?.br?.byteLength).toBe(300);
    expect(cache.usedBytes).toBe(500);
    cache.attach('a', 'gzip', new Uint8Array(600));
    expect(cache.size).toBe(0);
    expect(cache.usedBytes).toBe(0);
  });

  it('replacing a key does not count it twice', () => {
    const cache = new ReadCache(1000);
    cache.set('a', 'x'.repeat(100));
    cache.set('a', 'x'.repeat(100));
    expect(cache.usedBytes).toBe(200);
  });
});
