import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.js';

/**
 * Reads a request body up to `limit` bytes. Refuses at once when Content-Length says more, and stops reading a
 * chunked body as soon as it passes the limit (never buffers more than limit + one chunk). With `deadlineMs`, a body
 * not all there by then is refused with 408 (see tooSlow).
 */
export async function readBodyLimited(req: Request, limit: number, deadlineMs?: number): Promise<Uint8Array> {
  const len = req.headers.get('Content-Length');
  if (len !== null && /^\d+$/.test(len) && Number(len) > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let timer: NodeJS.Timeout | undefined;
  const late =
    deadlineMs === undefined
      ? undefined
      : new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(tooSlow()), deadlineMs);
        });
  try {
    for (;;) {
      let r: Awaited<ReturnType<typeof reader.read>>;
      try {
        r = await (late ? Promise.race([reader.read(), late]) : reader.read());
      } catch (err) {
        if (err instanceof ApiError) {
          await reader.cancel().catch(() => {});
          throw err;
        }
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
  } finally {
    clearTimeout(timer);
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const ch of chunks) {
    out.set(ch, off);
    off += ch.byteLength;
  }
  return out;
}

/**
 * The same, read straight from Node's request when the server hands it over (@hono/node-server's `incoming`): a POST
 * then never builds the WHATWG Request and stream behind `c.req.raw.body`, a tenth of a save's CPU. Past the limit
 * the rest is let through unread, so the 413 still reaches the client.
 */
export function readIncomingLimited(incoming: IncomingMessage, limit: number, deadlineMs?: number): Promise<Uint8Array> {
  const len = incoming.headers['content-length'];
  if (len !== undefined && /^\d+$/.test(len) && Number(len) > limit) return Promise.reject(tooLarge(limit));
  // the client's connection closed before the body was read: it will never come
  if (incoming.destroyed && !incoming.readableEnded) return Promise.reject(unreadable());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const timer =
      deadlineMs === undefined
        ? undefined
        : setTimeout(() => {
            stop();
            reject(tooSlow());
          }, deadlineMs);
    const stop = () => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onError);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= limit) return void chunks.push(chunk);
      stop();
      incoming.resume();
      reject(tooLarge(limit));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = () => {
      stop();
      reject(unreadable());
    };
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onError);
    // closed without an end (its connection gone): 'end' always comes before 'close' for a body read whole
    incoming.once('close', onError);
  });
}

const unreadable = () => new ApiError(400, 'The request body could not be read');
const tooLarge = (limit: number) => new ApiError(413, `Request body is larger than ${Math.round(limit / 1024)} KiB`);

/**
 * A body still arriving at its deadline (a client trickling it a byte at a time holds a connection and its memory
 * for as long as the server allows a whole request, minutes for the largest uploads): 408, and the connection is
 * closed, as what remains of the body will not be read.
 */
const tooSlow = () => new ApiError(408, 'The request body took too long to arrive', [], { Connection: 'close' });
