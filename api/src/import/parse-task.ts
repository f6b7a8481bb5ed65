// Runs in a worker thread (lib/workers.ts): reading and parsing a file is the slow part of an import, and must not
// hold the event loop that answers every other request.
import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { decodeText } from './csv.js';
import { ImportFormatError, MAX_IMPORT_ROWS, parseImport, type ParseOptions } from './parse.js';
import { summarize, type ExistingEntries, type ImportSummary } from './summary.js';

export type ParseTask = { path: string; options: ParseOptions; existing: ExistingEntries; port?: MessagePort };
export type ParseProgress = { bytesRead: number };
export type ParseTaskResult = { ok: true; summary: ImportSummary; rowChunks: string[] } | { ok: false; message: string };

export default async function parseTask({ path, options, existing, port }: ParseTask): Promise<ParseTaskResult> {
  try {
    const bytes = await readFile(path);
    port?.postMessage({ bytesRead: bytes.length } satisfies ParseProgress);
    const parsed = parseImport(decodeText(bytes), options);
    if (parsed.rows.length > MAX_IMPORT_ROWS)
      return {
        ok: false,
        message: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} entries; split it into smaller files`,
      };
    return { ok: true, ...summarize(parsed, existing) };
  } catch (e) {
    if (e instanceof ImportFormatError) return { ok: false, message: e.message };
    throw e;
  } finally {
    port?.close();
  }
}
