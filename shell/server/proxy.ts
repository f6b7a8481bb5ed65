import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1): never passed on, either way. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** Also dropped on the way up: Expect was already answered by our own server, Host names the upstream. */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'expect', 'host']);

/** The names a Connection header lists are hop-by-hop too. */
function connectionListed(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

export type ForwardOptions = {
  /** Which request headers go upstream: every end-to-end header, or only these names. */
  requestHeaders?: 'all' | readonly string[];
  /** Set on the upstream request after the copy (X-Forwarded-*); undefined removes the header. */
  setHeaders?: Record<string, string | undefined>;
  /** Idle time on the upstream socket before giving up. */
  timeoutMs?: number;
};

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/** The client closed its own request (a tab closed, a fetch aborted, its body broke off) before the answer came. */
export class ClientClosedError extends Error {}

/**
 * Forwards a request and returns the upstream's answer as it is: the body streams both ways, nothing is
 * decompressed (precompressed files keep their encoding and length, conditional requests get their 304), and
 * hop-by-hop headers stay on their own hop. An answer that arrives while the body is still being sent (an early
 * 413) is returned at once. Rejects with UpstreamError when no answer comes, and with ClientClosedError when the
 * client went away first.
 */
export function forward(target: string, req: Request, opts: ForwardOptions = {}): Promise<Response> {
  const url = new URL(target);
  const headers: Record<string, string> = {};
  const listed = new Set(connectionListed(req.headers.get('connection')));
  const only = opts.requestHeaders && opts.requestHeaders !== 'all' ? new Set(opts.requestHeaders) : null;
  req.headers.forEach((value, name) => {
    if (NOT_FORWARDED.has(name) || listed.has(name)) return;
    if (only && !only.has(name)) return;
    headers[name] = value;
  });
  for (const [name, value] of Object.entries(opts.setHeaders ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const hasBody = req.body !== null && req.method !== 'GET' && req.method !== 'HEAD';
  const client = url.protocol === 'https:' ? https : http;

  return new Promise((resolve, reject) => {
    let answered = false;
    let clientClosed = false;
    let bodySent = !hasBody;
    const upstream = client.request(url, { method: req.method, headers }, (res) => {
      answered = true;
      const out = new Headers();
      const dropped = new Set([...HOP_BY_HOP, ...connectionListed(res.headers.connection)]);
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined || dropped.has(name)) continue;
        if (Array.isArray(value)) for (const v of value) out.append(name, v);
        else out.set(name, value);
      }
      // the upstream will read no more of a body still arriving (a 408 for one trickled in): neither will we, and our
      // hop closes too rather than wait for the rest of it
      if (!bodySent && connectionListed(res.headers.connection).includes('close')) out.set('connection', 'close');
      const status = res.statusCode ?? 502;
      const empty = req.method === 'HEAD' || status === 204 || status === 304;
      if (empty) res.resume();
      resolve(
        new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), { status, statusText: res.statusMessage, headers: out }),
      );
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // after an early answer the upstream may hang up on the rest of the body: the answer stands
      if (!answered && !clientClosed) reject(new UpstreamError(err.code ?? err.message, false));
    });
    upstream.setTimeout(opts.timeoutMs ?? 30_000, () => {
      if (!answered) reject(new UpstreamError('upstream timeout', true));
      upstream.destroy();
    });
    const clientGone = () => {
      clientClosed = true;
      if (!answered) reject(new ClientClosedError('the client closed the request'));
      upstream.destroy();
    };
    if (req.signal?.aborted) return clientGone();
    req.signal?.addEventListener('abort', clientGone, { once: true });
    // once the upstream exchange is over there is nothing left to stop: the listener goes, or the request's signal
    // (kept by the runtime until the request is collected) would keep this closure, the upstream and its answer
    upstream.once('close', () => req.signal?.removeEventListener('abort', clientGone));
    upstream.on('socket', keepReadingAfterHangUp);
    if (!hasBody) return void upstream.end();
    const body = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream);
    // the client's body broke off (its connection closed)
    body.on('error', clientGone);
    body.once('end', () => (bodySent = true));
    body.pipe(upstream);
  });
}

/** Errors of a write meaning the other end has hung up. */
const HUNG_UP = new Set(['EPIPE', 'ECONNRESET']);
const guarded = new WeakSet<Socket>();

/**
 * An upstream that refuses a body (the API's 413 past 1 MiB) answers, then hangs up with the rest of the body unread,
 * which reaches us as a reset. The answer came first and the kernel still holds it, but Node destroys a socket whose
 * write fails, unread: the next chunk of the body written after the reset took the answer with it and the client got
 * a 503. On this socket such a write instead ends the body's journey (the rest is dropped) and reading goes on, so
 * the answer is read and passed on; the socket closes when its read meets the reset.
 */
export function keepReadingAfterHangUp(socket: Socket): void {
  if (guarded.has(socket)) return; // a kept-alive socket serves request after request
  guarded.add(socket);
  let hungUp = false;
  const afterWrite =
    (callback: (err?: Error | null) => void) =>
    (err?: Error | null): void => {
      if (err && HUNG_UP.has((err as NodeJS.ErrnoException).code ?? '')) {
        hungUp = true;
        return callback();
      }
      callback(err);
    };
  const write = socket._write.bind(socket);
  socket._write = (chunk, encoding, callback) => (hungUp ? callback() : write(chunk, encoding, afterWrite(callback)));
  const writev = socket._writev?.bind(socket);
  if (writev) socket._writev = (chunks, callback) => (hungUp ? callback() : writev(chunks, afterWrite(callback)));
}
