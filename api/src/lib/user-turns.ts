import { ApiError, clientGone } from './errors.js';

/** Requests of one person (a session's user or an API token) run at once in this process; the rest wait. */
export const USER_CONCURRENCY = 4;
/** Requests of one person waiting their turn at most; past it the answer is 429. */
export const USER_MAX_WAITING = 1_000;

/** One person's requests in hand, and the wake-ups of those waiting, in order. */
type Line = { active: number; waiting: Array<() => void> };

/**
 * Turns per person, so that one person can hold at most a few of the database's connections: a script sending
 * hundreds of requests at once, or writes held up behind a lock on that person's rows, then wait among themselves
 * while everyone else's requests find a free connection. A dashboard's handful of reads at once never waits long.
 */
export class UserTurns {
  private readonly turns = new Map<string, Line>();

  constructor(
    private readonly limit = USER_CONCURRENCY,
    private readonly maxWaiting = USER_MAX_WAITING,
  ) {}

  /**
   * Runs `work` in one of the person's turns. `signal` is the request's: a request whose client has gone (its
   * connection closed) leaves the line and is not run, so that it cannot hold a turn waiting for a body that will
   * never come while the person's next requests wait behind it.
   */
  async run<T>(key: string, work: (waited: boolean) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw clientGone();
    let t = this.turns.get(key);
    if (!t) this.turns.set(key, (t = { active: 0, waiting: [] }));
    const waited = t.active >= this.limit;
    if (!waited) t.active++;
    else {
      if (t.waiting.length >= this.maxWaiting)
        throw new ApiError(429, 'Too many requests at once: wait for the answers before sending more', [], { 'Retry-After': '1' });
      const turns = t;
      // woken, the request holds the turn its predecessor handed over (still counted): nobody arriving meanwhile
      // can take it first
      const wokenOrGone = await new Promise<boolean>((resolve) => {
        const wake = () => {
          signal?.removeEventListener('abort', leave);
          resolve(true);
        };
        const leave = () => {
          const at = turns.waiting.indexOf(wake);
          if (at >= 0) turns.waiting.splice(at, 1);
          resolve(false);
        };
        turns.waiting.push(wake);
        signal?.addEventListener('abort', leave, { once: true });
      });
      if (!wokenOrGone) throw clientGone();
      if (signal?.aborted) {
        // woken as the client went: the turn passes on to the next in line
        this.handOn(key, turns);
        throw clientGone();
      }
    }
    try {
      return await work(waited);
    } finally {
      this.handOn(key, t);
    }
  }

  /** A turn done: handed to the next in line as it is, or given up, the person forgotten when nothing of theirs is left. */
  private handOn(key: string, t: Line): void {
    const next = t.waiting.shift();
    if (next) next();
    else if (--t.active === 0) this.turns.delete(key);
  }

  /** People with requests in hand (for tests). */
  get size(): number {
    return this.turns.size;
  }
}
