import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/** Request headers a static-file upstream needs: content negotiation and revalidation. */
const FORWARDED = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'range', 'if-range'];
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * Forwards a GET/HEAD for a static file and returns the upstream's bytes unchanged. Unlike fetch
 * (and hono/proxy, built on it), it never decompresses: a remote's precompressed brotli/gzip file
 * reaches the browser still compressed, with its Content-Length, ETag and Last-Modified, and a
 * conditional request can be answered 304.
 */
export function passThrough(target: string, req: Request): Promise<Response> {
  const url = new URL(target);
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = req.headers.get(name);
    if (value) headers[name] = value;
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const upstream = client.request(url, { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers }, (res) => {
      const out = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        if (Array.isArray(value)) for (const v of value) out.append(name, v);
        else out.set(name, value);
      }
      const status = res.statusCode ?? 502;
      const empty = req.method === 'HEAD' || status === 204 || status === 304;
      if (empty) res.resume();
      resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), { status, headers: out }));
    });
    upstream.on('error', reject);
    upstream.setTimeout(30_000, () => upstream.destroy(new Error('upstream timeout')));
    upstream.end();
  });
}
