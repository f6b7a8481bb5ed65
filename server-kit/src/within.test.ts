import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from './within';

afterEach(() => {
  vi.useRealTimers();
});

describe('within', () => {
  it('gives the work’s answer when it comes in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const answer = within(300, async (signal) => {
      seen = signal;
      return 'answer';
    });
    await expect(answer).resolves.toBe('answer');
    expect(vi.getTimerCount()).toBe(0);
    expect(seen?.aborted).toBe(false);
  });

  it('passes the work’s own failure on as it is', async () => {
    await expect(within(300, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('settles at the deadline even when the work never does, and aborts its signal', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const answer = within(300, (signal) => {
      seen = signal;
      return new Promise<never>(() => {});
    });
    const outcome = answer.then(
      () => 'resolved',
      (e: DOMException) => `${e.name}: ${e.message}`,
    );
    await vi.advanceTimersByTimeAsync(299);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('TimeoutError: no answer within 300 ms');
    expect(seen?.aborted).toBe(true);
    expect((seen?.reason as DOMException).name).toBe('TimeoutError');
  });

  it('ends a real fetch to a server that never answers', async () => {
    const server = createServer(() => {
      /* holds every request open */
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await expect(within(200, (signal) => fetch(`http://127.0.0.1:${port}/`, { signal }))).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
