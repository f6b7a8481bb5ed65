import { describe, expect, it } from 'vitest';
import { AttemptsInFlight } from './attempts-in-flight.js';

describe('AttemptsInFlight', () => {
  it('counts the attempts under way per key, and a settle counts once however often it is called', () => {
    const f = new AttemptsInFlight();
    const a = f.begin(['ip', 'email']);
    const b = f.begin(['ip']);
    expect([f.count('ip'), f.count('email'), f.count('other')]).toEqual([2, 1, 0]);
    a();
    a();
    expect([f.count('ip'), f.count('email')]).toEqual([1, 0]);
    b();
    expect(f.count('ip')).toBe(0);
  });

  it('wakes a waiter once every key it waits on has settled, not before', async () => {
    const f = new AttemptsInFlight();
    const a = f.begin(['ip']);
    const b = f.begin(['email']);
    let woken = false;
    const waiting = f.settled(['ip', 'email'], Date.now() + 5_000).then(() => (woken = true));
    expect(f.waiting('ip')).toBe(1);
    a();
    await Promise.resolve();
    expect(woken).toBe(false);
    b();
    await waiting;
    expect(woken).toBe(true);
  });

  it('gives up at the deadline and forgets the waiter', async () => {
    const f = new AttemptsInFlight();
    f.begin(['ip']);
    const started = Date.now();
    await f.settled(['ip'], started + 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(f.waiting('ip')).toBe(0);
    expect(f.count('ip')).toBe(1);
  });

  it('does not wait for keys with nothing under way', async () => {
    const f = new AttemptsInFlight();
    await f.settled(['nothing'], Date.now() + 60_000);
  });

  it('tells whether a key settled since a mark', () => {
    const f = new AttemptsInFlight();
    const settle = f.begin(['email']);
    const mark = f.mark();
    expect(f.settledSince('email', mark)).toBe(false);
    settle();
    expect(f.settledSince('email', mark)).toBe(true);
    expect(f.settledSince('email', f.mark())).toBe(false);
    expect(f.settledSince('ip', mark)).toBe(false);
  });
});
