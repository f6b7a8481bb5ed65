import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { within } from '@app/server-kit';
import type { AppEnv, Deps } from '../types.js';
import { validationHook } from '../lib/validation.js';
import { unreadableRequest } from '../schemas/common.js';

/** Ready: both ok. Not ready (503): both unavailable, so the status never says ok on a refusal. */
const Health = z.object({ status: z.enum(['ok', 'unavailable']), db: z.enum(['ok', 'unavailable']) }).openapi('Health');

export function healthRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const ping = deps.ping ?? (async () => void (await deps.db.execute(sql`select 1`)));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      operationId: 'getReadiness',
      // public: no bearer token
      security: [],
      tags: ['health'],
      summary: 'Readiness: process up and one database round-trip',
      responses: {
        200: { content: { 'application/json': { schema: Health } }, description: 'Ready' },
        503: { content: { 'application/json': { schema: Health } }, description: 'Database unavailable' },
        ...unreadableRequest,
      },
    }),
    async (c) => {
      try {
        await within(3000, ping);
        return c.json({ status: 'ok' as const, db: 'ok' as const }, 200);
      } catch {
        return c.json({ status: 'unavailable' as const, db: 'unavailable' as const }, 503);
      }
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/health/live',
      operationId: 'getLiveness',
      // public: no bearer token
      security: [],
      tags: ['health'],
      summary: 'Liveness: the process answers',
      responses: {
        200: { content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } }, description: 'Alive' },
        ...unreadableRequest,
      },
    }),
    (c) => c.json({ status: 'ok' as const }, 200),
  );

  return app;
}
