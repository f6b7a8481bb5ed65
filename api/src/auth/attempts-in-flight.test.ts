import { describe, expect, it } from 'vitest';
import { AttemptsInFlight } from './attempts-in-flight.js';

const later = () => Date.now() + 5_000;

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

  it('wakes one waiter per settle, in the order they came', async () => {
    const f = new AttemptsInFlight();
    const settles = [f.begin(['email']), f.begin(['email'])];
    const woken: number[] = [];
    const waits = [0, 1, 2].map((i) => f.next('email', later()).then((w) => w && woken.push(i)));
    expect([f.waiting('email'), f.waitingTotal]).toEqual([3, 3]);
    settles[0]!();
    await Promise.resolve();
    expect(woken).toEqual([0]);
    settles[1]!();
    await Promise.resolve();
    expect(woken).toEqual([0, 1]);
    // the last one is woken by an attempt that did not use its own wake-up
    f.passOn('email');
    await Promise.all(waits);
    expect(woken).toEqual([0, 1, 2]);
    expect([f.waiting('email'), f.waitingTotal, f.count('email')]).toEqual([0, 0, 0]);
  });

  it('takes a waiter out of the line at the deadline, or when its client goes', async () => {
    const f = new AttemptsInFlight();
    const settle = f.begin(['ip']);
    const started = Date.now();
    expect(await f.next('ip', started + 30)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    const client = new AbortController();
    const waiting = f.next('ip', later(), client.signal);
    expect(f.waiting('ip')).toBe(1);
    client.abort();
    expect(await waiting).toBe(false);
    expect([f.waiting('ip'), f.waitingTotal, f.count('ip')]).toEqual([0, 0, 1]);
    expect(await f.next('ip', later(), client.signal)).toBe(false);
    settle();
    expect(f.count('ip')).toBe(0);
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
