import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { UserTurns } from './user-turns.js';

/** Work that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('UserTurns', () => {
  it('runs a few of one person’s requests at once, the others in order as turns free, and another person’s at once', async () => {
    const turns = new UserTurns(2, 10);
    const started: string[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const runs = gates.map((g, i) =>
      turns.run('ada', async () => {
        started.push(`ada${i}`);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual(['ada0', 'ada1']);
    // someone else is not behind Ada
    expect(await turns.run('bob', async () => 'bob')).toBe('bob');
    gates[1]!.open();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['ada0', 'ada1', 'ada2']);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual(['ada0', 'ada1', 'ada2', 'ada3', 'ada4']);
    // nobody is kept once their requests are answered
    expect(turns.size).toBe(0);
  });

  it('hands a freed turn to the one waiting, not to a request arriving in the same moment: never more at once than the limit', async () => {
    const turns = new UserTurns(1, 10);
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const work = (name: string, g?: ReturnType<typeof gate>) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(name);
      await g?.opened;
      running--;
    };
    const first = gate();
    const a = turns.run('ada', work('first', first));
    const b = turns.run('ada', work('waiting'));
    await Promise.resolve();
    first.open();
    // the first one's turn ends in this tick; a request arriving right behind it queues after the waiting one
    await Promise.resolve();
    await Promise.resolve();
    const c = turns.run('ada', work('late'));
    await Promise.all([a, b, c]);
    expect(order).toEqual(['first', 'waiting', 'late']);
    // each knows whether it had to wait (what it looked up before may have changed meanwhile)
    const told: boolean[] = [];
    const held = gate();
    const first2 = turns.run('ada', async (waited) => {
      told.push(waited);
      await held.opened;
    });
    const second2 = turns.run('ada', async (waited) => void told.push(waited));
    held.open();
    await Promise.all([first2, second2]);
    expect(told).toEqual([false, true]);
    expect(most).toBe(1);
    expect(turns.size).toBe(0);
  });

  it('answers 429 with Retry-After past the waiting line, and a failed request frees its turn', async () => {
    const turns = new UserTurns(1, 1);
    const g = gate();
    const first = turns.run('ada', () => g.opened);
    const second = turns.run('ada', async () => 'second');
    const third = turns.run('ada', async () => 'third');
    await expect(third).rejects.toBeInstanceOf(ApiError);
    await expect(third).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '1' } });
    g.open();
    await first;
    expect(await second).toBe('second');
    await expect(turns.run('ada', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await turns.run('ada', async () => 'after')).toBe('after');
    expect(turns.size).toBe(0);
  });

  it('a request whose client has gone leaves the line and is not run; its place goes to the next', async () => {
    const turns = new UserTurns(1, 10);
    const g = gate();
    const ran: string[] = [];
    const first = turns.run('ada', async () => {
      await g.opened;
      ran.push('first');
    });
    const gone = new AbortController();
    const leaving = turns.run('ada', async () => void ran.push('gone'), gone.signal);
    const staying = turns.run('ada', async () => void ran.push('staying'));
    gone.abort();
    await expect(leaving).rejects.toMatchObject({ status: 499 });
    g.open();
    await Promise.all([first, staying]);
    expect(ran).toEqual(['first', 'staying']);
    // one already gone is not run at all
    await expect(turns.run('ada', async () => void ran.push('late'), gone.signal)).rejects.toMatchObject({ status: 499 });
    expect(ran).toEqual(['first', 'staying']);
    expect(turns.size).toBe(0);
  });
});
