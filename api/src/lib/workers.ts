import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/**
 * A pool of worker threads for work that would hold the event loop (reading an uploaded file takes hundreds of
 * milliseconds), so health checks and every other request keep being answered meanwhile. The task module is
 * TypeScript run through tsx, as the API itself is; each thread loads tsx before the module.
 */
export function workerPool(task: URL, opts: { maxThreads?: number; maxOldGenerationSizeMb?: number } = {}): Piscina {
  const execArgv = task.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
  return new Piscina({
    filename: task.href,
    execArgv,
    minThreads: 0,
    maxThreads: opts.maxThreads ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
    // threads start in ~100 ms with tsx: keep one warm for a while after use
    idleTimeout: 60_000,
    // a thread that outgrows its heap ends alone (its task fails), instead of taking the API's memory with it
    ...(opts.maxOldGenerationSizeMb ? { resourceLimits: { maxOldGenerationSizeMb: opts.maxOldGenerationSizeMb } } : {}),
  });
}
