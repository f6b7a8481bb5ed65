import type { ServerResponse } from 'node:http';
import { remotesManifest, resolveRemotes, type Env } from './remotes';

/** Dev-server options for the shell: the same URLs as production, served by the dev servers. */
export function remotesDevMiddleware(env: Env = process.env) {
  const api = env.API_UPSTREAM ?? `http://127.0.0.1:${env.API_PORT ?? 4000}`;
  return {
    proxy: [
      {
        context: ['/api'],
        target: api,
        changeOrigin: false,
        xfwd: true,
        ...(env.PROXY_SECRET ? { headers: { 'x-proxy-secret': env.PROXY_SECRET } } : {}),
      },
      ...resolveRemotes(env).map((r) => ({
        context: [`/remotes/${r.key}`],
        target: r.upstream,
        pathRewrite: { [`^/remotes/${r.key}`]: '' },
      })),
    ],
    setupMiddlewares<M>(middlewares: M[]): M[] {
      const remotesJson = {
        name: 'remotes-json',
        path: '/remotes.json',
        middleware: (_req: unknown, res: ServerResponse) => {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(remotesManifest(env)));
        },
      };
      middlewares.unshift(remotesJson as M);
      return middlewares;
    },
  };
}
