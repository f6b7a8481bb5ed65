import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { contentSecurityPolicy, setPageHeaders } from '../../shell/server/app';
import { serveDist } from '../../shell/server/static';

/**
 * One remote's host, as a static host would serve its `dist/`: CORS open for reading (the shell may live on another
 * origin), and the shell's own page headers on every answer, so the remote's standalone page cannot be framed, run
 * a script from elsewhere or send its referrer beyond its origin.
 */
export function remoteServer(distDir: string): Hono {
  const app = new Hono();
  const csp = contentSecurityPolicy([]);
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }));
  app.use('*', async (c, next) => {
    await next();
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Content-Type-Options', 'nosniff');
    setPageHeaders(c, csp);
  });
  app.use('*', serveDist(distDir));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
