/** Keys whose last settle is remembered; past it they are forgotten at once (a refusal then is just not retried). */
const LAST_SETTLED_KEPT = 10_000;

/**
 * Attempts this process has reserved and not yet settled (their password still being checked), per rate-limit key.
 * A login refused only because parallel attempts hold the key's reservations can wait for them to settle rather than
 * be refused: a success clears the count, a failure keeps it, and then the waiting attempt is decided by what was
 * actually checked. Only coordination lives here; the counters themselves stay in the database.
 */
export class AttemptsInFlight {
  private readonly pending = new Map<string, { count: number; idle: Array<() => void> }>();
  /** Settles so far, and the number of each key's last one: an attempt refused in the meantime asks again. */
  private sequence = 0;
  private readonly lastSettled = new Map<string, number>();

  /** A point in this process's settles, to ask later whether a key settled since. */
  mark(): number {
    return this.sequence;
  }

  /** Whether an attempt under `key` settled after `mark`. */
  settledSince(key: string, mark: number): boolean {
    return (this.lastSettled.get(key) ?? -1) > mark;
  }

  /** How many attempts under `key` are reserved and unsettled in this process. */
  count(key: string): number {
    return this.pending.get(key)?.count ?? 0;
  }

  /** Attempts waiting for `key` to settle. */
  waiting(key: string): number {
    return this.pending.get(key)?.idle.length ?? 0;
  }

  /** Marks one attempt under each key as reserved; the returned function settles it (once, however often called). */
  begin(keys: string[]): () => void {
    for (const key of keys) {
      const p = this.pending.get(key);
      if (p) p.count++;
      else this.pending.set(key, { count: 1, idle: [] });
    }
    let settled = false;
    return () => {
      if (settled) return;
      settled = true;
      this.sequence++;
      // only recent settles matter (to attempts under way); an address sprayed at many accounts must not grow this
      if (this.lastSettled.size >= LAST_SETTLED_KEPT) this.lastSettled.clear();
      for (const key of keys) {
        this.lastSettled.set(key, this.sequence);
        const p = this.pending.get(key)!;
        if (--p.count > 0) continue;
        this.pending.delete(key);
        for (const wake of p.idle) wake();
      }
    };
  }

  /** Resolves once none of `keys` has an unsettled attempt, or at `deadline` (ms since the epoch), whichever is first. */
  async settled(keys: string[], deadline: number): Promise<void> {
    const busy = keys.filter((key) => this.count(key) > 0);
    if (busy.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wakes: Array<[string, () => void]> = [];
    const idle = Promise.all(
      busy.map(
        (key) =>
          new Promise<void>((resolve) => {
            wakes.push([key, resolve]);
            this.pending.get(key)!.idle.push(resolve);
          }),
      ),
    );
    const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
    await Promise.race([idle, timeUp]);
    clearTimeout(timer);
    // after a timeout, the keys still busy forget this waiter
    for (const [key, wake] of wakes) {
      const idleList = this.pending.get(key)?.idle;
      const at = idleList?.indexOf(wake) ?? -1;
      if (at >= 0) idleList!.splice(at, 1);
    }
  }
}
