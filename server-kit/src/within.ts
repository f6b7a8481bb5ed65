/**
 * Runs `work` with a signal that aborts after `ms`, and settles by then whatever `work` does: rejects with a
 * `TimeoutError` at `ms` even when the work never settles (an aborted fetch reading a body can stay pending, and a
 * database ping has no signal at all), so whoever waits on it is never held longer than it was promised.
 */
export function within<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new DOMException(`no answer within ${ms} ms`, 'TimeoutError');
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  return Promise.race([work(controller.signal), late]).finally(() => clearTimeout(timer));
}
