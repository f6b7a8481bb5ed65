import { IncomingMessage } from 'node:http';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';

export type DrainLimits = {
  /** Bytes of an unread body read and thrown away at most; past it the connection is closed instead. */
  maxBytes: number;
  /** How long a slow client may take to finish sending what nobody will read. */
  maxMs: number;
};

export const DEFAULT_DRAIN_LIMITS: DrainLimits = { maxBytes: 64 * 1024 * 1024, maxMs: 15_000 };

/**
 * Reads and discards the rest of a request body that the handler did not read (a 413, a 401 on an upload).
 * Closing a socket with unread bytes makes the kernel send a reset, and a client still uploading then loses the
 * answer that was already on its way; reading to the end first lets it see the status. Resolves true when the
 * body was read to its end, false when it was longer or slower than the limits.
 */
export function drainRequestBody(incoming: IncomingMessage, limits: DrainLimits = DEFAULT_DRAIN_LIMITS): Promise<boolean> {
  if (incoming.complete) return Promise.resolve(true);
  if (incoming.destroyed || incoming.readableEnded) return Promise.resolve(false);
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onFail);
      incoming.off('close', onClose);
      resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(false);
    const onClose = () => finish(incoming.complete);
    const timer = setTimeout(() => finish(false), limits.maxMs);
    timer.unref();
    // Whoever read part of the body (a web stream over it) has stopped; its listener would pause the stream again.
    incoming.removeAllListeners('data');
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onFail);
    incoming.on('close', onClose);
    incoming.resume();
  });
}

export type NodeFetch = (req: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** Whether an answer closes its connection (`Connection: close`): its handler will read no more of the body. */
export function closesConnection(headers: Headers): boolean {
  return (headers.get('connection') ?? '').split(',').some((token) => token.trim().toLowerCase() === 'close');
}

/**
 * Wraps a server's fetch handler so that every answer is sent only once the request body has been received whole
 * (or, past the limits, with `Connection: close`). Bodies the handler read itself are untouched, and an answer that
 * already closes the connection goes at once: its handler gave up on the body (a 408 for one still trickling in),
 * and waiting for that body would only hold the answer back.
 */
export function drainingFetch(fetch: NodeFetch, limits: DrainLimits = DEFAULT_DRAIN_LIMITS): NodeFetch {
  return async (req, env) => {
    const res = await fetch(req, env);
    const incoming = env?.incoming;
    if (!(incoming instanceof IncomingMessage) || incoming.complete || closesConnection(res.headers)) return res;
    if (await drainRequestBody(incoming, limits)) return res;
    const headers = new Headers(res.headers);
    headers.set('Connection', 'close');
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}
