import type { QueuedEntry } from './entryQueue';

/** What sending one entry came to: saved, refused by the server (with its reason), or no answer. */
export type SendOutcome = { kind: 'saved' } | { kind: 'refused'; reason: string } | { kind: 'no-answer' };

export interface SendSteps {
  send(entry: QueuedEntry): Promise<SendOutcome>;
  saved(entry: QueuedEntry): Promise<void>;
  refused(entry: QueuedEntry, reason: string): Promise<void>;
}

/**
 * Sends the pending entries one by one, oldest day first. The server's upsert by date makes a resend harmless,
 * so an entry is removed only once the server has it. With no answer the rest wait for the next try; a refusal
 * is kept with its reason and never sent again unchanged.
 */
export async function sendQueued(
  entries: readonly QueuedEntry[],
  steps: SendSteps,
): Promise<{ saved: number; refused: number; waiting: number }> {
  const counts = { saved: 0, refused: 0, waiting: 0 };
  const pending = entries.filter((e) => e.refused === undefined);
  for (let i = 0; i < pending.length; i++) {
    const entry = pending[i];
    const outcome = await steps.send(entry);
    if (outcome.kind === 'no-answer') {
      counts.waiting = pending.length - i;
      break;
    }
    if (outcome.kind === 'saved') {
      await steps.saved(entry);
      counts.saved++;
    } else {
      await steps.refused(entry, outcome.reason);
      counts.refused++;
    }
  }
  return counts;
}
