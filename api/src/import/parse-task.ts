// Runs in a worker thread (lib/workers.ts): reading and parsing a file is the slow part of an import, and must not
// hold the event loop that answers every other request. Archives and Apple Health's export.xml stream through here
// for as long as they take; progress goes back through the port.
import type { MessagePort } from 'node:worker_threads';
import { ImportFormatError, MAX_IMPORT_ROWS, parseFile, type ParseOptions } from './parse.js';
import { summarize, type ImportSummary } from './summary.js';

export type ParseTask = { path: string; options: ParseOptions; port?: MessagePort };
export type ParseProgress = { bytesRead: number };
export type ParseTaskResult = { ok: true; summary: ImportSummary; rowChunks: string[] } | { ok: false; message: string };

/** Progress is posted at most this often. */
const PROGRESS_EVERY_MS = 100;

export default async function parseTask({ path, options, port }: ParseTask): Promise<ParseTaskResult> {
  let last = 0;
  const progress = (bytesRead: number) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    port?.postMessage({ bytesRead } satisfies ParseProgress);
  };
  // started: the caller's limit on quiet stretches runs from here, not from the wait for a thread
  port?.postMessage({ bytesRead: 0 } satisfies ParseProgress);
  try {
    const parsed = await parseFile(path, options, progress);
    if (parsed.rows.length > MAX_IMPORT_ROWS)
      return {
        ok: false,
        message: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} entries; split it into smaller files`,
      };
    return { ok: true, ...summarize(parsed) };
  } catch (e) {
    if (e instanceof ImportFormatError) return { ok: false, message: e.message };
    throw e;
  } finally {
    port?.close();
  }
}
