import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { getConnInfo } from '@hono/node-server/conninfo';
import { forwardedClient, isTrustedProxy, parseTrustedProxies } from '@app/server-kit';
import { Hono, type Context } from 'hono';
import { remoteOrigins, remotesManifest, resolveRemotes } from './remotes';
import { ClientClosedError, forward, UpstreamError } from './proxy';
import { createRouteHints, withHints, type RouteHintsOptions } from './routeHints';
import { isFresh, serveDist } from './static';

/** What a static-file upstream needs: content negotiation and revalidation. */
const STATIC_REQUEST_HEADERS = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'range', 'if-range'];

export interface ShellServerOptions {
  distDir: string;
  env?: Record<string, string | undefined>;
  /** Overridable for tests; defaults to the peer address of the TCP connection. */
  clientIp?: (c: Context) => string | undefined;
  /** Where proxy failures are reported (one JSON line each); defaults to stderr. */
  log?: (line: Record<string, unknown>) => void;
  /** How pages check the remotes they hint (defaults in routeHints.ts). */
  routeHints?: RouteHintsOptions;
}

/**
 * An answer the proxy makes itself has the API's error shape, so the client reads it like any other error,
 * and a request id that is also in the shell's log line.
 */
function proxyError(status: number, message: string, log: (line: Record<string, unknown>) => void, cause: string): Response {
  const requestId = randomUUID();
  log({ level: 'error', msg: 'proxy', requestId, status, cause });
  return errorAnswer(status, message, requestId);
}

/** A browser opening an address as a page (a link, the address bar), not a script or an image asking for a file. */
export function isPageVisit(c: Context): boolean {
  const mode = c.req.header('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  return /\btext\/html\b/.test(c.req.header('accept') ?? '');
}

/** The shell's pages and the remotes' files are read only: another method is told which two it may use. */
const readOnly = (message: string): Response => errorAnswer(405, message, randomUUID(), { Allow: 'GET, HEAD' });

/** An answer in the API's error shape, with its request id in the body and the header. */
function errorAnswer(status: number, message: string, requestId: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: { message, details: [], requestId } }), {
    status,
    headers: { ...headers, 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', 'X-Request-Id': requestId },
  });
}

/**
 * The client closed its own request before the answer came (a tab closed, a fetch aborted): not a failure of the
 * service, so no error line and no 503. Nobody reads the answer; 499 is the status nginx logs for it.
 */
function clientClosed(log: (line: Record<string, unknown>) => void, method: string): Response {
  // no path: some hold a credential (an unsubscribe link's token)
  log({ level: 'info', msg: 'proxy: client closed the request', method, status: 499 });
  return new Response(null, { status: 499 });
}

const defaultLog = (line: Record<string, unknown>) =>
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`);

/** The page may only run scripts from its own origin (and from remotes on other origins, if any). */
export function contentSecurityPolicy(extraOrigins: string[]): string {
  const extra = extraOrigins.length ? ' ' + extraOrigins.join(' ') : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self'${extra}`,
    "img-src 'self' data: blob:",
    `connect-src 'self'${extra}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every page and file of the app's origins carries (the API's answers aside). */
export function setPageHeaders(c: Context, csp: string): void {
  c.header('Content-Security-Policy', csp);
  c.header('X-Frame-Options', 'DENY');
  c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
}

/** Browsers keep to HTTPS for a year once they have seen this over HTTPS (they ignore it over plain HTTP). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Whether the connection itself is TLS (the URL's scheme is not proof: a client may send an absolute https URL). */
const overTls = (c: Context) =>
  (c.env as { incoming?: { socket?: { encrypted?: boolean } } } | undefined)?.incoming?.socket?.encrypted === true;

/**
 * The page's compressed forms, kept by its tag: the same few pages (one per route, while nothing is redeployed) are
 * asked for on every load, and brotli at its best takes milliseconds even for a page this small.
 */
function compressedPages(limit = 32) {
  const kept = new Map<string, ReturnType<typeof gzipSync>>();
  return (tag: string, encoding: 'br' | 'gzip', body: string) => {
    const key = `${encoding} ${tag}`;
    let out = kept.get(key);
    if (out) {
      kept.delete(key);
    } else {
      out = encoding === 'br' ? brotliCompressSync(body) : gzipSync(body);
      if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    }
    kept.set(key, out);
    return out;
  };
}

/**
 * The shell's origin: its static build, `/remotes.json` from the environment, and a reverse proxy
 * for `/api` and `/remotes/<key>` so the page, its scripts and its cookies share one origin.
 */
export function createShellServer({ distDir, env = process.env, clientIp, log = defaultLog, routeHints }: ShellServerOptions) {
  const app = new Hono();
  const remotes = resolveRemotes(env);
  const csp = contentSecurityPolicy(remoteOrigins(env));
  const apiUpstream = (env.API_UPSTREAM ?? `http://127.0.0.1:${env.API_PORT ?? 4000}`).replace(/\/$/, '');
  const peer = clientIp ?? ((c) => getConnInfo(c).remote.address);
  // a proxy of the operator's in front of the shell (TLS, a load balancer): only its forwarded headers are believed
  const frontProxies = parseTrustedProxies(env.SHELL_TRUST_PROXY ?? '', 'SHELL_TRUST_PROXY');
  const fromFrontProxy = (address: string | undefined): address is string => address !== undefined && isTrustedProxy(address, frontProxies);
  const hintsFor = createRouteHints(remotes, distDir, routeHints);
  const compressed = compressedPages();

  /** Whether the browser reached us over HTTPS: a TLS connection, or a front proxy of ours that says it took one. */
  const overHttps = (c: Context) => {
    if (overTls(c)) return true;
    if (frontProxies.length === 0 || !fromFrontProxy(peer(c))) return false;
    return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
  };

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // every answer, the API's included: never over plain HTTP (localhost while developing stays reachable)
    if (overHttps(c)) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    if (!c.req.path.startsWith('/api/')) setPageHeaders(c, csp);
  });

  // revalidated on every load (a redeploy may move a remote), answered 304 while it is unchanged
  const remotesBody = JSON.stringify(remotesManifest(env));
  const remotesTag = `"${createHash('sha256').update(remotesBody).digest('base64url').slice(0, 22)}"`;
  app.get('/remotes.json', (c) => {
    const headers = { 'Cache-Control': 'no-cache', ETag: remotesTag, 'Content-Type': 'application/json; charset=UTF-8' };
    if (isFresh(c.req.header('If-None-Match'), undefined, remotesTag, null)) return c.body(null, 304, headers);
    return c.body(remotesBody, 200, headers);
  });

  // The API trusts X-Forwarded-For only from us (and, when set, only with the shared secret): whatever the
  // client sent in those headers is replaced.
  // Behind a front proxy named in SHELL_TRUST_PROXY, the client, scheme and host it forwarded are passed on instead.
  app.all('/api/*', async (c) => {
    const url = new URL(c.req.url);
    const address = peer(c);
    const front = fromFrontProxy(address);
    const forwardedProto = front ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
    const forwardedHost = front ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    const setHeaders = {
      'x-forwarded-for': front ? forwardedClient(c.req.header('x-forwarded-for'), address, frontProxies) : (address ?? ''),
      'x-forwarded-proto': forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : url.protocol.replace(':', ''),
      'x-forwarded-host': forwardedHost || (c.req.header('host') ?? url.host),
      'x-proxy-secret': env.PROXY_SECRET || undefined,
    };
    try {
      return await forward(`${apiUpstream}${url.pathname}${url.search}`, c.req.raw, { setHeaders });
    } catch (err) {
      if (err instanceof ClientClosedError || c.req.raw.signal.aborted) return clientClosed(log, c.req.method);
      const timedOut = err instanceof UpstreamError && err.timedOut;
      return proxyError(
        timedOut ? 504 : 503,
        timedOut ? 'The service took too long to answer. Try again in a moment.' : 'The service is unavailable. Try again in a moment.',
        log,
        err instanceof Error ? err.message : String(err),
      );
    }
  });

  for (const r of remotes) {
    app.all(`/remotes/${r.key}/*`, async (c) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return readOnly('Remotes are static files: GET or HEAD only');
      const url = new URL(c.req.url);
      const rest = url.pathname.slice(`/remotes/${r.key}`.length);
      try {
        return await forward(`${r.upstream}${rest}${url.search}`, c.req.raw, { requestHeaders: STATIC_REQUEST_HEADERS });
      } catch (err) {
        if (err instanceof ClientClosedError || c.req.raw.signal.aborted) return clientClosed(log, c.req.method);
        return proxyError(502, `The ${r.key} screen is unavailable right now`, log, err instanceof Error ? err.message : String(err));
      }
    });
  }

  // Client-side routes: every GET for a page gets the app shell. Read per request (it is small and in the page
  // cache), so replacing dist/ deploys a new shell without a restart. The page names the files its route needs
  // first, so the browser fetches them from the start; compressed here, as the static files are ahead of time.
  const page = async (c: Context) => {
    try {
      const [html, hints] = await Promise.all([readFile(path.join(distDir, 'index.html'), 'utf8'), hintsFor(c.req.path)]);
      const body = withHints(html, hints);
      const tag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      c.header('Cache-Control', 'no-cache');
      c.header('ETag', tag);
      c.header('Vary', 'Accept-Encoding');
      if (isFresh(c.req.header('If-None-Match'), undefined, tag, null)) return c.body(null, 304);
      const accepts = c.req.header('Accept-Encoding') ?? '';
      c.header('Content-Type', 'text/html; charset=UTF-8');
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
      if (encoding) {
        c.header('Content-Encoding', encoding);
        return c.body(compressed(tag, encoding, body));
      }
      return c.body(body);
    } catch {
      return c.text('The shell is not built. Run `npm run build`.', 503);
    }
  };
  app.get('/', page);
  app.get('/index.html', page);
  app.use('*', serveDist(distDir));
  // the built files' folder holds files only: a name not among them is missing, never a page of the app
  // a file's name that is not there is missing (404), unless a person typed or followed it as a page's address
  // (`/jane.doe`, `/dashboard/overview.old`): then the app, which shows its 400 page for it
  app.get('*', (c) => (c.req.path.startsWith('/assets/') || (path.extname(c.req.path) && !isPageVisit(c)) ? c.notFound() : page(c)));
  // the API is proxied above; everything else here is a page or a built file
  app.all('*', () => readOnly('Pages and files are read only: GET or HEAD'));

  return app;
}
