import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiveUpload, removeStaleUploads, STALE_UPLOAD_MS } from './upload.js';

// a directory of this suite's own: other suites upload to the shared one at the same time
const dir = mkdtempSync(join(tmpdir(), 'upload-test-'));
const limits = { fileField: 'file', maxBytes: 64 * 1024, tooLarge: 'The file is larger than 64 KiB', dir };

/** A multipart body sent in pieces with no Content-Length, as a chunked upload arrives. */
function chunkedRequest(parts: string[]): Request {
  const boundary = 'b0undary';
  const text = parts.join('');
  const bytes = new TextEncoder().encode(text.replace(/BOUNDARY/g, boundary));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.subarray(i, i + 8192));
      controller.close();
    },
  });
  return new Request('http://api.local/api/imports', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
}

const filePart = (content: string, name = 'file') =>
  `--BOUNDARY\r\nContent-Disposition: form-data; name="${name}"; filename="w.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`;

describe('receiveUpload', () => {
  it('stores the file part on disk and keeps the text fields', async () => {
    const u = await receiveUpload(
      chunkedRequest([
        '--BOUNDARY\r\nContent-Disposition: form-data; name="unit"\r\n\r\nlb\r\n',
        filePart('date,weight\n2024-01-01,80\n'),
        '--BOUNDARY--\r\n',
      ]),
      limits,
    );
    expect(u).toMatchObject({ fileName: 'w.csv', size: 26, fields: { unit: 'lb' } });
    expect(readFileSync(u.path, 'utf8')).toBe('date,weight\n2024-01-01,80\n');
  });

  it('refuses a chunked file past the limit with 413 and leaves nothing on disk', async () => {
    const before = readdirSync(dir).length;
    await expect(receiveUpload(chunkedRequest([filePart('x'.repeat(200 * 1024)), '--BOUNDARY--\r\n']), limits)).rejects.toMatchObject({
      status: 413,
      details: [{ field: 'file', issue: 'The file is larger than 64 KiB' }],
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(readdirSync(dir).length).toBe(before);
  });

  it('has removed a refused file by the time it answers, even one refused before its file was open', async () => {
    const before = readdirSync(dir).length;
    // many at once, so some refusals come while their files are still being opened
    const refusals = Array.from({ length: 20 }, () =>
      receiveUpload(chunkedRequest([filePart('x'.repeat(100 * 1024)), '--BOUNDARY--\r\n']), limits).catch((e: unknown) => e),
    );
    for (const e of await Promise.all(refusals)) expect(e).toMatchObject({ status: 413 });
    expect(readdirSync(dir).length).toBe(before);
    await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(dir).length).toBe(before);
  });

  it('422 without a file part, 400 for a body that is not multipart, 415 for another type', async () => {
    await expect(
      receiveUpload(chunkedRequest(['--BOUNDARY\r\nContent-Disposition: form-data; name="unit"\r\n\r\nkg\r\n--BOUNDARY--\r\n']), limits),
    ).rejects.toMatchObject({ status: 422 });
    await expect(receiveUpload(chunkedRequest(['garbage without any boundary']), limits)).rejects.toMatchObject({
      status: expect.any(Number),
    });
    await expect(
      receiveUpload(new Request('http://x/', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }), limits),
    ).rejects.toMatchObject({ status: 415 });
  });

  it('answers 400 for a body that ends inside the file part, and the process goes on', async () => {
    const uncaught: unknown[] = [];
    const note = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', note);
    try {
      const before = readdirSync(dir).length;
      // the file's part is never closed: no final boundary, as a client that stops sending leaves it
      await expect(receiveUpload(chunkedRequest([filePart('date,weight\r\n').replace(/\r\n$/, '')]), limits)).rejects.toMatchObject({
        status: 400,
        message: 'Malformed multipart body',
      });
      // one of the ignored parts cut short the same way
      await expect(
        receiveUpload(chunkedRequest([filePart('date,weight\r\n', 'other').replace(/\r\n$/, '')]), limits),
      ).rejects.toMatchObject({ status: 400 });
      await new Promise((r) => setTimeout(r, 50));
      expect(uncaught).toEqual([]);
      expect(readdirSync(dir).length).toBe(before);
    } finally {
      process.off('uncaughtException', note);
    }
  });

  it('a file whose first bytes make it an archive may be larger, up to its own limit', async () => {
    const archive = {
      ...limits,
      large: {
        maxBytes: 256 * 1024,
        tooLarge: 'The archive is larger than 256 KiB',
        accepts: (head: Buffer) => head.subarray(0, 4).toString('latin1') === 'PK\x03\x04',
      },
    };
    const zipLike = (n: number) => `PK\x03\x04${'z'.repeat(n)}`;
    const ok = await receiveUpload(chunkedRequest([filePart(zipLike(200 * 1024)), '--BOUNDARY--\r\n']), archive);
    expect(ok.size).toBe(200 * 1024 + 4);
    await expect(receiveUpload(chunkedRequest([filePart(zipLike(300 * 1024)), '--BOUNDARY--\r\n']), archive)).rejects.toMatchObject({
      status: 413,
      details: [{ field: 'file', issue: 'The archive is larger than 256 KiB' }],
    });
    await expect(receiveUpload(chunkedRequest([filePart('x'.repeat(100 * 1024)), '--BOUNDARY--\r\n']), archive)).rejects.toMatchObject({
      status: 413,
      details: [{ field: 'file', issue: 'The file is larger than 64 KiB' }],
    });
  });
});

describe('removeStaleUploads', () => {
  it('removes what a process that died left behind, never a file still being written or waiting to be read', async () => {
    const own = mkdtempSync(join(tmpdir(), 'upload-stale-'));
    const now = Date.now();
    writeFileSync(join(own, 'orphan'), 'x');
    utimesSync(join(own, 'orphan'), new Date(now - STALE_UPLOAD_MS - 60_000), new Date(now - STALE_UPLOAD_MS - 60_000));
    writeFileSync(join(own, 'in-flight'), 'y');
    mkdirSync(join(own, 'a-folder'));
    expect(await removeStaleUploads(now, own)).toBe(1);
    expect(readdirSync(own).sort()).toEqual(['a-folder', 'in-flight']);
    expect(await removeStaleUploads(now, join(own, 'missing'))).toBe(0);
  });
});
