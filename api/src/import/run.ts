import { MessageChannel } from 'node:worker_threads';
import { workerPool } from '../lib/workers.js';
import type { ParseProgress, ParseTask, ParseTaskResult } from './parse-task.js';

let pool: ReturnType<typeof workerPool> | undefined;

/** Parses an uploaded file in a worker thread, reporting how far it has read. */
export async function parseInWorker(task: Omit<ParseTask, 'port'>, onProgress: (p: ParseProgress) => void): Promise<ParseTaskResult> {
  pool ??= workerPool(new URL('./parse-task.ts', import.meta.url));
  const { port1, port2 } = new MessageChannel();
  port1.on('message', onProgress);
  try {
    return (await pool.run({ ...task, port: port2 } satisfies ParseTask, { transferList: [port2] })) as ParseTaskResult;
  } finally {
    port1.close();
  }
}
