import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';
import type { SessionUser } from '../repositories/users.js';

const T0 = new Date('2026-11-21T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const row = (id: string, dataVersion = 0) => ({ id, dataVersion }) as unknown as SessionUser;
const FAR = at(30 * 24 * 3600_000);

function liveCache(ttlMs = 5_000, max?: number) {
  const cache = new SessionCache(ttlMs, max);
  cache.setLive(true);
  return cache;
}

describe('SessionCache', () => {
  it('keeps a checked session for its time, then asks again', () => {
    const cache = liveCache();
    cache.set(cache.ticket('u1'), 's1', row('u1'), FAR, T0);
    expect(cache.get('s1', 'u1', at(4_999))?.id).toBe('u1');
    expect(cache.get('s1', 'u1', at(5_000))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a session past its own expiry', () => {
    const cache = liveCache();
    cache.set(cache.ticket('u1'), 's1', row('u1'), at(1_000), T0);
    expect(cache.get('s1', 'u1', at(999))).toBeDefined();
    expect(cache.get('s1', 'u1', at(1_000))).toBeUndefined();
  });

  it('answers only for the user the session belongs to', () => {
    const cache = liveCache();
    cache.set(cache.ticket('u1'), 's1', row('u1'), FAR, T0);
    expect(cache.get('s1', 'u2', T0)).toBeUndefined();
    expect(cache.get('s2', 'u1', T0)).toBeUndefined();
  });

  it("after a change of a user's entries, their kept sessions still let a write through but a read asks again", () => {
    const cache = liveCache();
    cache.set(cache.ticket('u1'), 's1', row('u1', 7), FAR, T0);
    cache.set(cache.ticket('u1'), 's2', row('u1', 7), FAR, T0);
    cache.set(cache.ticket('u2'), 's3', row('u2', 3), FAR, T0);
    const before = cache.ticket('u1');
    cache.forget('u1', 'data');
    expect(cache.get('s1', 'u1', T0, 'row')?.id).toBe('u1');
    expect(cache.get('s2', 'u1', T0, 'row')?.id).toBe('u1');
    expect(cache.get('s1', 'u1', T0)).toBeUndefined();
    expect(cache.get('s3', 'u2', T0)?.dataVersion).toBe(3);
    // a session read begun before the change cannot store the version it read
    cache.set(before, 's1', row('u1', 7), FAR, T0);
    expect(cache.get('s1', 'u1', T0)).toBeUndefined();
    // read again after it: kept whole
    cache.set(cache.ticket('u1'), 's1', row('u1', 8), FAR, T0);
    expect(cache.get('s1', 'u1', T0)?.dataVersion).toBe(8);
    // a change of the row or sessions lets a write through no more
    cache.forget('u1', 'user');
    expect(cache.get('s2', 'u1', T0, 'row')).toBeUndefined();
    expect(cache.get('s1', 'u1', T0, 'row')).toBeUndefined();
  });

  it('forgets every session of a user whose sessions or row changed, and no other', () => {
    const cache = liveCache();
    cache.set(cache.ticket('u1'), 's1', row('u1'), FAR, T0);
    cache.set(cache.ticket('u1'), 's2', row('u1'), FAR, T0);
    cache.set(cache.ticket('u2'), 's3', row('u2'), FAR, T0);
    cache.forgetUser('u1');
    expect(cache.get('s1', 'u1', T0)).toBeUndefined();
    expect(cache.get('s2', 'u1', T0)).toBeUndefined();
    expect(cache.get('s3', 'u2', T0)?.id).toBe('u2');
  });

  it('does not keep what a query read before the user was forgotten', () => {
    const cache = liveCache();
    const before = cache.ticket('u1');
    cache.forgetUser('u1'); // a change committed while the query ran
    cache.set(before, 's1', row('u1', 1), FAR, T0);
    expect(cache.get('s1', 'u1', T0)).toBeUndefined();
    const after = cache.ticket('u1');
    cache.set(after, 's1', row('u1', 2), FAR, T0);
    expect(cache.get('s1', 'u1', T0)?.dataVersion).toBe(2);
  });

  it('another user being forgotten does not spoil a ticket', () => {
    const cache = liveCache();
    const ticket = cache.ticket('u1');
    cache.forgetUser('u2');
    cache.set(ticket, 's1', row('u1'), FAR, T0);
    expect(cache.get('s1', 'u1', T0)).toBeDefined();
  });

  it('keeps nothing while changes are not heard, and forgets all when they stop being heard', () => {
    const cache = new SessionCache(5_000);
    cache.set(cache.ticket('u1'), 's1', row('u1'), FAR, T0);
    expect(cache.get('s1', 'u1', T0)).toBeUndefined();
    cache.setLive(true);
    const ticket = cache.ticket('u1');
    cache.setLive(false);
    cache.setLive(true);
    cache.set(ticket, 's1', row('u1'), FAR, T0); // read before the notices were lost: may have missed one
    expect(cache.get('s1', 'u1', T0)).toBeUndefined();
    cache.set(cache.ticket('u1'), 's1', row('u1'), FAR, T0);
    expect(cache.get('s1', 'u1', T0)).toBeDefined();
    cache.setLive(false);
    expect(cache.size).toBe(0);
    expect(cache.isLive).toBe(false);
  });

  it('a time of 0 keeps nothing', () => {
    const cache = liveCache(0);
    expect(cache.isLive).toBe(false);
    cache.set(cache.ticket('u1'), 's1', row('u1'), FAR, T0);
    expect(cache.size).toBe(0);
  });

  it('stays within its bound', () => {
    const cache = liveCache(5_000, 3);
    for (let i = 0; i < 10; i++) cache.set(cache.ticket(`u${i}`), `s${i}`, row(`u${i}`), FAR, T0);
    expect(cache.size).toBeLessThanOrEqual(3);
    for (let i = 0; i < 10; i++) cache.forgetUser(`x${i}`);
    expect(cache.size).toBeLessThanOrEqual(3);
  });
});
