import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { proxy } from 'hono/proxy';
import { remoteOrigins, remotesManifest, resolveRemotes } from './remotes';
import { passThrough } from './passthrough';
import { serveDist } from './static';

export interface ShellServerOptions {
  distDir: string;
  env?: Record<string, string | undefined>;
  /** Overridable for tests; defaults to the peer address of the TCP connection. */
  clientIp?: (c: import('hono').Context) => string | undefined;
}

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

/**
 * The shell's origin: its static build, `/remotes.json` from the environment, and a reverse proxy
 * for `/api` and `/remotes/<key>` so the page, its scripts and its cookies share one origin.
 */
export function createShellServer({ distDir, env = process.env, clientIp }: ShellServerOptions) {
  const app = new Hono();
  const remotes = resolveRemotes(env);
  const csp = contentSecurityPolicy(remoteOrigins(env));
  const apiUpstream = (env.API_UPSTREAM ?? `http://127.0.0.1:${env.API_PORT ?? 4000}`).replace(/\/$/, '');
  const peer = clientIp ?? ((c) => getConnInfo(c).remote.address);

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!c.req.path.startsWith('/api/')) {
      c.header('Content-Security-Policy', csp);
      c.header('X-Frame-Options', 'DENY');
      c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    }
  });

  app.get('/remotes.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(remotesManifest(env));
  });

  // The API trusts X-Forwarded-For only from us; overwrite whatever the client sent.
  app.all('/api/*', (c) => {
    const url = new URL(c.req.url);
    const headers: Record<string, string | undefined> = {
      ...c.req.header(),
      'x-forwarded-for': peer(c) ?? '',
      'x-forwarded-proto': url.protocol.replace(':', ''),
      'x-forwarded-host': c.req.header('host'),
    };
    return proxy(`${apiUpstream}${url.pathname}${url.search}`, { raw: c.req.raw, headers }).catch(() =>
      c.json(
        { error: { message: 'The service is unavailable. Try again in a moment.', details: [] } },
        503,
        { 'Cache-Control': 'no-store' },
      ),
    );
  });

  for (const r of remotes) {
    app.all(`/remotes/${r.key}/*`, (c) => {
      const url = new URL(c.req.url);
      const rest = url.pathname.slice(`/remotes/${r.key}`.length);
      // Byte-for-byte (never decompressed): remotes are precompressed static files.
      return passThrough(`${r.upstream}${rest}${url.search}`, c.req.raw).catch(() => c.text('Remote unavailable', 502, { 'Cache-Control': 'no-store' }));
    });
  }

  app.use('*', serveDist(distDir));

  // Client-side routes: every other GET for a page gets the app shell. Read per request (it is
  // small and in the page cache), so replacing dist/ deploys a new shell without a restart.
  app.get('*', async (c) => {
    if (path.extname(c.req.path)) return c.notFound();
    try {
      const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
      c.header('Cache-Control', 'no-cache');
      return c.html(html);
    } catch {
      return c.text('The shell is not built. Run `npm run build`.', 503);
    }
  });

  return app;
}
