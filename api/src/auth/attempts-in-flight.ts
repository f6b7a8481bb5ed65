/** Keys whose last settle is remembered; past it they are forgotten at once (a refusal then is just not retried). */
const LAST_SETTLED_KEPT = 10_000;

type Line = { count: number; waiters: Array<() => void> };

/**
 * Attempts this process has reserved and not yet settled (their password still being checked), per rate-limit key,
 * and the attempts waiting in line for them. A login refused only because parallel attempts hold the key's
 * reservations waits for one of them to settle rather than being refused: a success clears the count, a failure keeps
 * it, and the waiting attempt is then decided by what was actually checked. Each settle wakes one waiter, so a crowd
 * asks the database again one at a time, not all at once. Only coordination lives here; the counters stay in the
 * database.
 */
export class AttemptsInFlight {
  private readonly lines = new Map<string, Line>();
  private waitingInAll = 0;
  /** Settles so far, and the number of each key's last one: an attempt refused in the meantime asks again. */
  private sequence = 0;
  private readonly lastSettled = new Map<string, number>();

  /** How many attempts under `key` are reserved and unsettled in this process. */
  count(key: string): number {
    return this.lines.get(key)?.count ?? 0;
  }

  /** Attempts waiting in line under `key`. */
  waiting(key: string): number {
    return this.lines.get(key)?.waiters.length ?? 0;
  }

  /** Attempts waiting under any key. */
  get waitingTotal(): number {
    return this.waitingInAll;
  }

  /** A point in this process's settles, to ask later whether a key settled since. */
  mark(): number {
    return this.sequence;
  }

  /** Whether an attempt under `key` settled after `mark`. */
  settledSince(key: string, mark: number): boolean {
    return (this.lastSettled.get(key) ?? -1) > mark;
  }

  /** Marks one attempt under each key as reserved; the returned function settles it (once, however often called). */
  begin(keys: string[]): () => void {
    for (const key of keys) this.line(key).count++;
    let settled = false;
    return () => {
      if (settled) return;
      settled = true;
      this.sequence++;
      // only recent settles matter (to attempts under way); an address sprayed at many accounts must not grow this
      if (this.lastSettled.size >= LAST_SETTLED_KEPT) this.lastSettled.clear();
      for (const key of keys) {
        this.lastSettled.set(key, this.sequence);
        this.line(key).count--;
        this.passOn(key);
      }
    };
  }

  /**
   * Waits in line under `key` for a settle to wake this attempt: true when woken, false at `deadline` (ms since the
   * epoch) or when `signal` aborts (the client gone), either of which takes the attempt out of the line.
   */
  next(key: string, deadline: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    const line = this.line(key);
    this.waitingInAll++;
    return new Promise<boolean>((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', gone);
        this.waitingInAll--;
        resolve(woken);
      };
      const wake = () => done(true);
      const gone = () => {
        const at = line.waiters.indexOf(wake);
        if (at < 0) return;
        line.waiters.splice(at, 1);
        this.forgetIfIdle(key, line);
        done(false);
      };
      line.waiters.push(wake);
      const timer = setTimeout(gone, Math.max(0, deadline - Date.now()));
      signal?.addEventListener('abort', gone, { once: true });
    });
  }

  /** Wakes the next in line under `key`: after a settle, or from a woken attempt that did not take a reservation. */
  passOn(key: string): void {
    const line = this.lines.get(key);
    if (!line) return;
    const next = line.waiters.shift();
    if (next) next();
    this.forgetIfIdle(key, line);
  }

  private line(key: string): Line {
    let line = this.lines.get(key);
    if (!line) this.lines.set(key, (line = { count: 0, waiters: [] }));
    return line;
  }

  private forgetIfIdle(key: string, line: Line): void {
    if (line.count === 0 && line.waiters.length === 0 && this.lines.get(key) === line) this.lines.delete(key);
  }
}
