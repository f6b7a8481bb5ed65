import { MessageChannel } from 'node:worker_threads';
import { workerPool } from '../lib/workers.js';
import type { ParseProgress, ParseTask, ParseTaskResult } from './parse-task.js';

let pool: ReturnType<typeof workerPool> | undefined;

/**
 * A parse that reports no progress for this long (from its start on a thread) is stopped and its thread ended: the threads are shared by every
 * user's imports, and a file that makes the parser spin must not hold one. Reading reports progress several times a
 * second; the longest quiet stretch of a real file, a 5 MiB table parsed after it is read, takes seconds.
 */
export const PARSE_IDLE_LIMIT_MS = 60_000;

export const PARSE_STOPPED = 'Reading the file took too long and was stopped. Check that it is an export of a supported app.';

/** Parses an uploaded file in a worker thread, reporting how far it has read. */
export async function parseInWorker(
  task: Omit<ParseTask, 'port'>,
  onProgress: (p: ParseProgress) => void,
  { idleLimitMs = PARSE_IDLE_LIMIT_MS, signal }: { idleLimitMs?: number; signal?: AbortSignal } = {},
): Promise<ParseTaskResult> {
  pool ??= workerPool(new URL('./parse-task.ts', import.meta.url), { maxOldGenerationSizeMb: 512 });
  const { port1, port2 } = new MessageChannel();
  const stop = new AbortController();
  // the limit runs from the parse's start (its first message): waiting for a thread behind someone else's long
  // export is not the file's fault
  let idle: NodeJS.Timeout | undefined;
  // the caller's own reason to stop (the person uploaded another file meanwhile)
  const onAbort = () => stop.abort();
  if (signal?.aborted) stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  port1.on('message', (p: ParseProgress) => {
    if (idle) idle.refresh();
    else idle = setTimeout(() => stop.abort(), idleLimitMs);
    onProgress(p);
  });
  try {
    return (await pool.run({ ...task, port: port2 } satisfies ParseTask, {
      transferList: [port2],
      signal: stop.signal,
    })) as ParseTaskResult;
  } catch (e) {
    if (stop.signal.aborted) return { ok: false, message: PARSE_STOPPED };
    throw e;
  } finally {
    clearTimeout(idle);
    signal?.removeEventListener('abort', onAbort);
    port1.close();
  }
}
