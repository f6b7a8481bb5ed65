import { availableParallelism } from 'node:os';
import { ApiError } from '../lib/errors.js';

export type PasswordWorkLimits = {
  /** Password hashes and checks running at once. */
  concurrency: number;
  /** Further ones waiting for a turn; past that they are refused (503). */
  queue: number;
};

/**
 * Checks waiting per running one: at production cost (tens of milliseconds each) a couple of seconds of wait at most,
 * so a burst of people signing in at once is served, and only a flood is turned away.
 */
export const QUEUE_PER_RUNNING = 64;

/**
 * Defaults: as many at once as there are cores, but never all of libuv's threads (4 unless UV_THREADPOOL_SIZE says
 * otherwise), which file reads and name lookups share; QUEUE_PER_RUNNING waiting for each.
 */
export function defaultPasswordWorkLimits(env: NodeJS.ProcessEnv = process.env): PasswordWorkLimits {
  const pool = Number(env.UV_THREADPOOL_SIZE) || 4;
  const concurrency = Math.max(1, Math.min(availableParallelism(), pool - 1));
  return { concurrency, queue: QUEUE_PER_RUNNING * concurrency };
}

export const BUSY_MESSAGE = 'The service is busy. Try again in a moment.';

/** A password check refused because too many are waiting already: nothing was checked. */
export class PasswordWorkBusy extends ApiError {
  constructor() {
    super(503, BUSY_MESSAGE, [{ field: 'general', issue: BUSY_MESSAGE }], { 'Retry-After': '1' });
  }
}

/**
 * Hashing or checking a password is deliberately costly (argon2id: about 20 MiB and tens of milliseconds of a core
 * each) and runs on libuv's small thread pool. Unbounded, a burst of logins from anyone makes every other person's
 * login wait seconds; here a few run at once, a bounded line waits, and the rest are answered 503 at once.
 */
export class PasswordWork {
  private running = 0;
  private readonly line: Array<() => void> = [];

  constructor(private readonly limits: PasswordWorkLimits = defaultPasswordWorkLimits()) {}

  /** Runs `work` (one hash or check) when a turn is free; throws PasswordWorkBusy when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) this.running++;
    else if (this.line.length < this.limits.queue) await new Promise<void>((resolve) => this.line.push(resolve));
    else throw new PasswordWorkBusy();
    try {
      return await work();
    } finally {
      // the turn passes straight to the next in line, so a newcomer cannot take it first
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }
}
