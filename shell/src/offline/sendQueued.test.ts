import { describe, expect, it } from 'vitest';
import type { QueuedEntry } from './entryQueue';
import { sendQueued, type SendOutcome } from './sendQueued';

const entry = (date: string, refused?: string): QueuedEntry => ({
  key: `u1:${date}`,
  userId: 'u1',
  payload: { date, weightKg: 80, notes: '' } as QueuedEntry['payload'],
  queuedAt: '2026-11-23T07:00:00.000Z',
  ...(refused ? { refused } : {}),
});

function run(entries: QueuedEntry[], answers: Record<string, SendOutcome>) {
  const log: string[] = [];
  return sendQueued(entries, {
    send: async (e) => {
      log.push(`send ${e.payload.date}`);
      return answers[e.payload.date];
    },
    saved: async (e) => void log.push(`saved ${e.payload.date}`),
    refused: async (e, reason) => void log.push(`refused ${e.payload.date}: ${reason}`),
  }).then((counts) => ({ counts, log }));
}

describe('sendQueued', () => {
  it('removes what the server saved and keeps what it refused, with the reason', async () => {
    const { counts, log } = await run([entry('2026-11-21'), entry('2026-11-22')], {
      '2026-11-21': { kind: 'saved' },
      '2026-11-22': { kind: 'refused', reason: 'Weight must be between 20 and 500 kg' },
    });
    expect(counts).toEqual({ saved: 1, refused: 1, waiting: 0 });
    expect(log).toEqual([
      'send 2026-11-21',
      'saved 2026-11-21',
      'send 2026-11-22',
      'refused 2026-11-22: Weight must be between 20 and 500 kg',
    ]);
  });

  it('stops at the first entry with no answer: it and the rest wait, nothing is dropped', async () => {
    const { counts, log } = await run([entry('2026-11-20'), entry('2026-11-21'), entry('2026-11-22')], {
      '2026-11-20': { kind: 'saved' },
      '2026-11-21': { kind: 'no-answer' },
    });
    expect(counts).toEqual({ saved: 1, refused: 0, waiting: 2 });
    expect(log).toEqual(['send 2026-11-20', 'saved 2026-11-20', 'send 2026-11-21']);
  });

  it('never resends an entry already refused', async () => {
    const { counts, log } = await run([entry('2026-11-20', 'Date cannot be in the future')], {});
    expect(counts).toEqual({ saved: 0, refused: 0, waiting: 0 });
    expect(log).toEqual([]);
  });
});
