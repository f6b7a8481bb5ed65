import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Busboy from 'busboy';
import { ApiError } from '../lib/errors.js';

/** Where uploads wait for their worker; each file is removed once read. */
export const UPLOAD_DIR = join(tmpdir(), 'weight-tracker-imports');

export type StoredUpload = { path: string; fileName: string; size: number; fields: Record<string, string> };

export type UploadLimits = {
  /** The multipart field that carries the file. */
  fileField: string;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** What a refusal for size says. */
  tooLarge: string;
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
  const tooLarge = () => new ApiError(413, limits.tooLarge, [{ field: limits.fileField, issue: limits.tooLarge }]);
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limits.maxBytes + OVERHEAD) throw tooLarge();
  if (!req.body) throw new ApiError(400, 'Malformed multipart body');

  await mkdir(UPLOAD_DIR, { recursive: true, mode: 0o700 });
  const path = join(UPLOAD_DIR, randomUUID());
  const fields: Record<string, string> = {};
  let fileName: string | null = null;
  let size = 0;

  const body = Readable.fromWeb(req.body as NodeReadableStream);
  try {
    await new Promise<void>((resolve, reject) => {
      let bb: ReturnType<typeof Busboy>;
      try {
        bb = Busboy({
          headers: { 'content-type': ct },
          limits: { files: 1, fileSize: limits.maxBytes, fields: 10, fieldSize: 1024, parts: 12 },
        });
      } catch {
        return reject(new ApiError(400, 'Malformed multipart body'));
      }
      let written: Promise<void> = Promise.resolve();
      const fail = (e: unknown) => {
        body.unpipe(bb);
        reject(e);
      };
      bb.on('file', (name, stream, info) => {
        if (name !== limits.fileField || fileName !== null) return void stream.resume();
        fileName = (info.filename || 'upload').slice(0, 255);
        const out = createWriteStream(path, { mode: 0o600 });
        written = new Promise((done, broke) => {
          out.on('finish', done);
          out.on('error', broke);
        });
        written.catch(() => {}); // awaited on close; a refusal below may leave it unread
        stream.on('data', (chunk: Buffer) => (size += chunk.length));
        stream.on('limit', () => {
          stream.unpipe(out);
          stream.resume();
          out.end();
          fail(tooLarge());
        });
        stream.pipe(out);
      });
      bb.on('field', (name, value) => {
        fields[name] = value;
      });
      bb.on('error', () => fail(new ApiError(400, 'Malformed multipart body')));
      bb.on('close', () => written.then(resolve, reject));
      body.on('error', () => fail(new ApiError(400, 'The request body could not be read')));
      body.pipe(bb);
    });
  } catch (e) {
    await rm(path, { force: true });
    throw e;
  }
  if (fileName === null) {
    await rm(path, { force: true });
    throw new ApiError(422, 'Validation failed', [{ field: limits.fileField, issue: 'Choose a file' }]);
  }
  return { path, fileName, size, fields };
}
