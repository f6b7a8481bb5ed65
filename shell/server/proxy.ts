import http from 'node:http';
import https from 'node:https';
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

/**
 * Forwards a request and returns the upstream's answer as it is: the body streams both ways, nothing is
 * decompressed (precompressed files keep their encoding and length, conditional requests get their 304), and
 * hop-by-hop headers stay on their own hop. An answer that arrives while the body is still being sent (an early
 * 413) is returned at once. Rejects with UpstreamError when no answer comes.
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
    const upstream = client.request(url, { method: req.method, headers }, (res) => {
      answered = true;
      const out = new Headers();
      const dropped = new Set([...HOP_BY_HOP, ...connectionListed(res.headers.connection)]);
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined || dropped.has(name)) continue;
        if (Array.isArray(value)) for (const v of value) out.append(name, v);
        else out.set(name, value);
      }
      const status = res.statusCode ?? 502;
      const empty = req.method === 'HEAD' || status === 204 || status === 304;
      if (empty) res.resume();
      resolve(
        new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), { status, statusText: res.statusMessage, headers: out }),
      );
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // after an early answer the upstream may hang up on the rest of the body: the answer stands
      if (!answered) reject(new UpstreamError(err.code ?? err.message, false));
    });
    upstream.setTimeout(opts.timeoutMs ?? 30_000, () => {
      if (!answered) reject(new UpstreamError('upstream timeout', true));
      upstream.destroy();
    });
    req.signal?.addEventListener('abort', () => upstream.destroy(), { once: true });
    if (!hasBody) return void upstream.end();
    const body = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream);
    body.on('error', () => upstream.destroy());
    body.pipe(upstream);
  });
}
