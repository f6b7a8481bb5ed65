import { ApiError } from './errors.js';

/** Requests of one person (a session's user or an API token) run at once in this process; the rest wait. */
export const USER_CONCURRENCY = 4;
/** Requests of one person waiting their turn at most; past it the answer is 429. */
export const USER_MAX_WAITING = 64;

/**
 * Turns per person, so that one person can hold at most a few of the database's connections: a script sending
 * hundreds of requests at once, or writes held up behind a lock on that person's rows, then wait among themselves
 * while everyone else's requests find a free connection. A dashboard's handful of reads at once never waits long.
 */
export class UserTurns {
  private readonly turns = new Map<string, { active: number; waiting: Array<() => void> }>();

  constructor(
    private readonly limit = USER_CONCURRENCY,
    private readonly maxWaiting = USER_MAX_WAITING,
  ) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let t = this.turns.get(key);
    if (!t) this.turns.set(key, (t = { active: 0, waiting: [] }));
    if (t.active >= this.limit) {
      if (t.waiting.length >= this.maxWaiting)
        throw new ApiError(429, 'Too many requests at once: wait for the answers before sending more', [], { 'Retry-After': '1' });
      await new Promise<void>((resolve) => t.waiting.push(resolve));
    }
    t.active++;
    try {
      return await work();
    } finally {
      t.active--;
      const next = t.waiting.shift();
      if (next) next();
      else if (t.active === 0) this.turns.delete(key);
    }
  }

  /** People with requests in hand (for tests). */
  get size(): number {
    return this.turns.size;
  }
}
