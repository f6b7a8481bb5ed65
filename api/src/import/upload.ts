import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Busboy from 'busboy';
import { ApiError } from '../lib/errors.js';

/** Where uploads wait for their worker; each file is removed once read. */
export const UPLOAD_DIR = join(tmpdir(), 'weight-tracker-imports');

/**
 * An upload file this old is nobody's: a read takes minutes at most, and the request or the read removes its file
 * when done. Only a process that died mid-upload or mid-read leaves one behind.
 */
export const STALE_UPLOAD_MS = 6 * 60 * 60 * 1000;

/** Removes files left in the upload folder by processes that died (any process sharing the folder may call it). */
export async function removeStaleUploads(now = Date.now(), dir = UPLOAD_DIR): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > STALE_UPLOAD_MS) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

export type StoredUpload = { path: string; fileName: string; size: number; fields: Record<string, string> };

export type UploadLimits = {
  /** The multipart field that carries the file. */
  fileField: string;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** What a refusal for size says. */
  tooLarge: string;
  /**
   * Files whose first bytes `accepts` (a zip archive, an XML export) may be larger: up to `maxBytes`, refused with
   * `tooLarge` past it. They are streamed to disk like any other.
   */
  large?: { maxBytes: number; tooLarge: string; accepts: (head: Buffer, fileName: string) => boolean };
  /** Where the file is written (UPLOAD_DIR; tests use a directory of their own). */
  dir?: string;
};

const MULTIPART = /^multipart\/form-data\s*;/i;
/** Room for the multipart framing and the small text fields around the file. */
const OVERHEAD = 64 * 1024;

/**
 * Streams a multipart/form-data request to a temporary file as it arrives (never held in memory, so a large export
 * costs the event loop only small steps), with the small text fields beside it. 415 when not multipart, 413 past
 * the limit (at once when Content-Length says so), 400 when the body is not valid multipart, 422 without a file.
 */
export async function receiveUpload(req: Request, limits: UploadLimits): Promise<StoredUpload> {
  const ct = req.headers.get('content-type') ?? '';
  if (!MULTIPART.test(ct)) throw new ApiError(415, 'Content-Type must be multipart/form-data');
  const tooLargeFor = (message: string) => new ApiError(413, message, [{ field: limits.fileField, issue: message }]);
  const ceiling = Math.max(limits.maxBytes, limits.large?.maxBytes ?? 0);
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > ceiling + OVERHEAD)
    throw tooLargeFor(limits.large && ceiling === limits.large.maxBytes ? limits.large.tooLarge : limits.tooLarge);
  if (!req.body) throw new ApiError(400, 'Malformed multipart body');

  const dir = limits.dir ?? UPLOAD_DIR;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, randomUUID());
  const fields: Record<string, string> = {};
  let fileName: string | null = null;
  let size = 0;

  const body = Readable.fromWeb(req.body as NodeReadableStream);
  let out = undefined as WriteStream | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let bb: ReturnType<typeof Busboy>;
      try {
        bb = Busboy({
          headers: { 'content-type': ct },
          limits: { files: 1, fileSize: ceiling, fields: 10, fieldSize: 1024, parts: 12 },
        });
      } catch {
        return reject(new ApiError(400, 'Malformed multipart body'));
      }
      let written: Promise<void> = Promise.resolve();
      const fail = (e: unknown) => {
        body.unpipe(bb);
        reject(e);
      };
      const malformed = () => fail(new ApiError(400, 'Malformed multipart body'));
      bb.on('file', (name, stream, info) => {
        // a part cut short (the body ends inside it) errors on its own stream too: unheard, it would end the process
        stream.on('error', malformed);
        if (name !== limits.fileField || fileName !== null) return void stream.resume();
        // a name is shown back, never trusted: control characters (a NUL the database refuses among them) are dropped
        // eslint-disable-next-line no-control-regex -- matching them is the point
        fileName = (info.filename || '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'upload';
        const file = (out = createWriteStream(path, { mode: 0o600 }));
        written = new Promise((done, broke) => {
          file.on('finish', done);
          file.on('error', broke);
        });
        written.catch(() => {}); // awaited on close; a refusal below may leave it unread
        // the limit depends on what the file is: its first bytes decide (a text file, or an archive)
        let head: Buffer | null = Buffer.alloc(0);
        let limit = limits.maxBytes;
        let message = limits.tooLarge;
        let refused = false;
        const refuse = () => {
          if (refused) return;
          refused = true;
          stream.unpipe(file);
          stream.resume();
          file.end();
          fail(tooLargeFor(message));
        };
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (head !== null) {
            head = Buffer.concat([head, chunk.subarray(0, 64)]);
            if (head.length >= 16) {
              if (limits.large?.accepts(head, fileName ?? '')) [limit, message] = [limits.large.maxBytes, limits.large.tooLarge];
              head = null;
            }
          }
          if (size > limit) refuse();
        });
        stream.on('limit', refuse);
        stream.pipe(file);
      });
      bb.on('field', (name, value) => {
        fields[name] = value;
      });
      bb.on('error', malformed);
      bb.on('close', () => written.then(resolve, reject));
      body.on('error', () => fail(new ApiError(400, 'The request body could not be read')));
      body.pipe(bb);
    });
  } catch (e) {
    // A refused file may still be opening when the refusal comes: removed before its stream is done, it would be
    // created again behind the removal and stay on disk.
    const file = out;
    if (file && !file.closed) {
      const closed = new Promise<void>((done) => file.once('close', () => done()));
      file.destroy();
      await closed;
    }
    await rm(path, { force: true });
    throw e;
  }
  if (fileName === null) {
    await rm(path, { force: true });
    throw new ApiError(422, 'Validation failed', [{ field: limits.fileField, issue: 'Choose a file' }]);
  }
  return { path, fileName, size, fields };
}
