import { ApiError } from './errors.js';

/**
 * Reads a request body up to `limit` bytes. Refuses at once when Content-Length says more, and stops reading a
 * chunked body as soon as it passes the limit (never buffers more than limit + one chunk).
 */
export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array> {
  const len = req.headers.get('Content-Length');
  if (len !== null && /^\d+$/.test(len) && Number(len) > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let r: Awaited<ReturnType<typeof reader.read>>;
    try {
      r = await reader.read();
    } catch {
      throw new ApiError(400, 'The request body could not be read');
    }
    if (r.done) break;
    total += r.value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(r.value);
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const ch of chunks) {
    out.set(ch, off);
    off += ch.byteLength;
  }
  return out;
}

const tooLarge = (limit: number) => new ApiError(413, `Request body is larger than ${Math.round(limit / 1024)} KiB`);
