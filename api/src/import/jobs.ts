import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Deps } from '../types.js';
import { entriesOnDates } from '../repositories/weights.js';
import {
  createImport,
  deleteImport,
  failImport,
  finishImport,
  purgeOldImports,
  setImportProgress,
  type ImportRecord,
} from '../repositories/imports.js';
import type { ParseOptions } from './parse.js';
import { parseInWorker } from './run.js';
import { addConflicts, type ChunkRow } from './summary.js';
import { removeStaleUploads, type StoredUpload } from './upload.js';

/** Progress is written at most this often: enough for a progress bar, few writes for a large file. */
const PROGRESS_EVERY_MS = 500;
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
/**
 * How often a read in progress tells the database it is alive when its progress does not: while it waits for a
 * thread behind other people's long exports, or in a parse's quiet stretch. Well under the two minutes after which a
 * read that has not moved is taken for one whose process died.
 */
export const IMPORT_HEARTBEAT_MS = 30_000;

/**
 * The parse under way for each user in this process: a new upload replaces the user's import, so the parse of the
 * one before is stopped, and one person uploading file after file holds at most one of the threads every user shares.
 */
const parsing = new Map<string, AbortController>();

/**
 * Registers an uploaded file as an import and parses it in the background (a worker thread), so the upload answers
 * at once and the preview can show progress. The outcome lands in the database, where any API process finds it.
 * Resolves with the import's id and record as created, and `done` with the background work (tests and shutdown may
 * wait for it).
 */
export async function startImport(deps: Deps, userId: string, upload: StoredUpload, options: ParseOptions) {
  const { db, clock, log } = deps;
  const id = randomUUID();
  const now = clock.now();
  await purgeOldImports(db, new Date(now.getTime() - KEPT_FOR_MS));
  // what a process that died mid-upload left on disk
  void removeStaleUploads().catch(() => {});
  const replaced = new AbortController();
  let record: ImportRecord;
  try {
    // stopped and registered while the person's imports are locked: parallel uploads take their turns here in the
    // order their records replace each other, so the parse kept running is the one of the record that stays
    record = await createImport(db, { id, userId, fileName: upload.fileName, bytesTotal: upload.size, now }, () => {
      parsing.get(userId)?.abort();
      parsing.set(userId, replaced);
    });
  } catch (err) {
    if (parsing.get(userId) === replaced) parsing.delete(userId);
    throw err;
  }

  const done = (async () => {
    let lastWrite = 0;
    let bytesRead = 0;
    // whether progress was written since the heartbeat last looked
    let written = false;
    const write = () => {
      lastWrite = Date.now();
      written = true;
      void setImportProgress(db, userId, id, bytesRead, clock.now()).catch(() => {});
    };
    const heartbeat = setInterval(() => {
      if (!written) write();
      written = false;
    }, IMPORT_HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const result = await parseInWorker(
        { path: upload.path, options },
        (p) => {
          bytesRead = p.bytesRead;
          if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) write();
        },
        { signal: replaced.signal },
      );
      // replaced: its record went with the new upload's; should that upload have failed to commit, the record is
      // still here, with nobody reading its file, so it goes now rather than read "interrupted" later
      if (replaced.signal.aborted) return void (await deleteImport(db, userId, id));
      // the days that already have an entry, looked up for the file's days only, a chunk at a time: a long history is
      // neither read whole nor handed to the parser, which held the event loop for every upload, however small
      if (result.ok) {
        for (const chunk of result.rowChunks) {
          const rows = JSON.parse(chunk) as ChunkRow[];
          const found = await entriesOnDates(
            db,
            userId,
            rows.map((r) => r.date),
          );
          addConflicts(result.summary, rows, new Map(found.map((e) => [e.date, e])));
        }
        await finishImport(db, userId, id, result.summary, result.rowChunks, clock.now());
      } else await failImport(db, userId, id, result.message, clock.now());
    } catch (e) {
      log('error', { msg: 'import failed', importId: id, name: e instanceof Error ? e.name : typeof e });
      await failImport(db, userId, id, 'The file could not be read. Check that it is an export of a supported app.', clock.now()).catch(
        () => {},
      );
    } finally {
      clearInterval(heartbeat);
      if (parsing.get(userId) === replaced) parsing.delete(userId);
      await rm(upload.path, { force: true });
    }
  })();
  return { id, record, done };
}
