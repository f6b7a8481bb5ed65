import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../types.js';
import { AverageItemSchema, futureDateProblem, isCalendarDate, WeightEntryInputSchema, WeightEntrySchema } from '@app/contract';
import { errors } from '../schemas/common.js';
import { AverageQuerySchema, DateParamSchema, NoneQuerySchema, PeriodParamSchema, RangeQuerySchema } from '../schemas/params.js';
import { jsonBody } from '../middleware/json-body.js';
import { requireAuth } from '../middleware/auth.js';
import { ApiError, notFound, validationError } from '../lib/errors.js';
import { validationHook } from '../lib/validation.js';
import { conditionalRead } from '../lib/etag.js';
import { jsonAnswer, jsonText } from '../lib/respond.js';
import * as repo from '../repositories/weights.js';
import { findUserById } from '../repositories/users.js';

const entryJson = { content: { 'application/json': { schema: WeightEntrySchema } } };
const entryOrNoneJson = { content: { 'application/json': { schema: z.union([WeightEntrySchema, z.null()]) } } };
const security = [{ bearerAuth: [] }];

export function weightRoutes(deps: Deps) {
  const { db, config, clock } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const auth = requireAuth(deps);
  const conditional = conditionalRead(deps.readCache);
  // the reads of the user's weight data answer 304 to a client that holds them already
  const notModified = { 304: { description: 'Not modified: the If-None-Match tag is current' } };

  /** Path dates: malformed → 400 (the contract), not 422. */
  const pathDate = (s: string): string => {
    if (!isCalendarDate(s)) throw new ApiError(400, 'Malformed date in path', [{ field: 'date', issue: 'Use a real date as yyyy-MM-dd' }]);
    return s;
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/weights',
      operationId: 'listEntries',
      tags: ['weights'],
      summary: 'List entries',
      description: 'Entries between start_date and end_date (both optional, inclusive), ascending by date.',
      security,
      middleware: [auth, conditional] as const,
      request: { query: RangeQuerySchema },
      responses: {
        200: { content: { 'application/json': { schema: z.array(WeightEntrySchema) } }, description: 'Entries' },
        ...notModified,
        401: errors[401],
        403: errors[403],
        422: errors[422],
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return jsonText(c, await repo.listEntriesJson(db, c.get('user').id, q.start_date, q.end_date));
    },
  );

  for (const edge of ['latest', 'earliest'] as const) {
    app.openapi(
      createRoute({
        method: 'get',
        path: `/weights/${edge}`,
        operationId: edge === 'latest' ? 'getLatestEntry' : 'getEarliestEntry',
        tags: ['weights'],
        summary: `The ${edge} entry`,
        security,
        middleware: [auth, conditional] as const,
        request: { query: NoneQuerySchema },
        responses: {
          200: { ...entryOrNoneJson, description: 'Entry (null only when asked with none=null)' },
          ...notModified,
          401: errors[401],
          403: errors[403],
          404: errors[404],
          422: errors[422],
        },
      }),
      async (c) => {
        const e = await repo.findEdgeEntry(db, c.get('user').id, edge);
        if (e) return c.json(e, 200);
        if (c.req.valid('query').none) return c.json(null, 200);
        throw notFound('No entries');
      },
    );
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/weights/date/{date}',
      operationId: 'getEntry',
      tags: ['weights'],
      summary: 'The entry of one date',
      security,
      middleware: [auth, conditional] as const,
      request: { params: DateParamSchema, query: NoneQuerySchema },
      responses: {
        200: { ...entryOrNoneJson, description: 'Entry (null only when asked with none=null)' },
        ...notModified,
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
        422: errors[422],
      },
    }),
    async (c) => {
      const date = pathDate(c.req.valid('param').date);
      const e = await repo.findEntryByDate(db, c.get('user').id, date);
      if (e) return c.json(e, 200);
      if (c.req.valid('query').none) return c.json(null, 200);
      throw notFound('No entry for this date');
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/weights/date/{date}',
      operationId: 'deleteEntry',
      tags: ['weights'],
      summary: 'Delete the entry of one date',
      security,
      middleware: [auth] as const,
      request: { params: DateParamSchema },
      responses: { 204: { description: 'Deleted' }, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const date = pathDate(c.req.valid('param').date);
      if (!(await repo.deleteEntryByDate(db, c.get('user').id, date))) throw notFound('No entry for this date');
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/weights',
      operationId: 'saveEntry',
      tags: ['weights'],
      summary: 'Create or replace the entry of a date',
      description:
        'Upsert on (user, date). weightKg: finite, 0 < w < 1000. date: a real date from 1900-01-01 to tomorrow (UTC). ' +
        'notes: at most 255 characters; omitted notes clear them.',
      security,
      middleware: [auth, jsonBody(config)] as const,
      request: { body: { content: { 'application/json': { schema: WeightEntryInputSchema } }, required: true } },
      responses: {
        201: { ...entryJson, description: 'The saved entry' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        413: errors[413],
        415: errors[415],
        422: errors[422],
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const future = futureDateProblem(body.date, clock.now());
      if (future) throw validationError([{ field: 'date', issue: future }]);
      const e = await repo.upsertEntry(
        db,
        c.get('user').id,
        { date: body.date, weightKg: body.weightKg, notes: body.notes ?? null },
        clock.now(),
      );
      const saved: z.infer<typeof WeightEntrySchema> = e;
      return jsonAnswer(c, saved, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/weights/average/{period}',
      operationId: 'getAverages',
      tags: ['weights'],
      summary: 'Weekly, monthly or yearly averages',
      description:
        'Ascending buckets {week: "IYYY-IW" | month: "YYYY-MM" | year: "YYYY", average (kg, unrounded), count, start, end}. ' +
        'Weeks use ISO-8601 numbering with the ISO week-year; with week_starts_on=0 a week runs Sunday to Saturday and ' +
        "takes the number of its Monday's ISO week. start and end are the bucket's first and last day.",
      security,
      middleware: [auth, conditional] as const,
      request: { params: PeriodParamSchema, query: AverageQuerySchema },
      responses: {
        200: { content: { 'application/json': { schema: z.array(AverageItemSchema) } }, description: 'Averages' },
        ...notModified,
        400: errors[400],
        401: errors[401],
        403: errors[403],
        422: errors[422],
      },
    }),
    async (c) => {
      const { period } = c.req.valid('param');
      const q = c.req.valid('query');
      const userId = c.get('user').id;
      let wso: 0 | 1;
      if (q.week_starts_on !== undefined) wso = q.week_starts_on === '0' ? 0 : 1;
      else wso = (c.get('user').row ?? (await findUserById(db, userId)))?.weekStartsOn === 1 ? 1 : 0;
      return jsonText(c, await repo.averagesJson(db, userId, period, wso, q.start_date, q.end_date));
    },
  );

  return app;
}
