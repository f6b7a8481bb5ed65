import { expect, it } from 'vitest';
import { defaultPasswordWorkLimits, PasswordWork, PasswordWorkBusy, QUEUE_PER_RUNNING } from './password-work.js';

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { open, work: () => done.then(() => 'done') };
}

it('runs a few at once, lines up a few more in order, and refuses the rest at once (503 with Retry-After)', async () => {
  const work = new PasswordWork({ concurrency: 1, queue: 2 });
  const order: string[] = [];
  const [a, b, c] = [gate(), gate(), gate()];
  const first = work.run(() => a.work().then(() => order.push('a')));
  const second = work.run(() => b.work().then(() => order.push('b')));
  const third = work.run(() => c.work().then(() => order.push('c')));
  const refused = await work.run(async () => 'never').catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(PasswordWorkBusy);
  expect(refused).toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
  // the second waits for the first even when it could finish sooner
  c.open();
  b.open();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(order).toEqual([]);
  a.open();
  await Promise.all([first, second, third]);
  expect(order).toEqual(['a', 'b', 'c']);
  // a failed piece of work gives its turn back too
  await expect(work.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await work.run(async () => 'again')).toBe('again');
});

it('by default leaves one of libuv’s threads to file and name lookups', () => {
  expect(defaultPasswordWorkLimits({ UV_THREADPOOL_SIZE: '2' }).concurrency).toBe(1);
  const { concurrency, queue } = defaultPasswordWorkLimits({});
  expect(concurrency).toBeGreaterThanOrEqual(1);
  expect(concurrency).toBeLessThanOrEqual(3);
  expect(queue).toBe(QUEUE_PER_RUNNING * concurrency);
});
