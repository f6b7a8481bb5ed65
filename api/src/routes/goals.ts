import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../types.js';
import { GoalSchema, TARGET_BEFORE_START, UpdateGoalSchema } from '@app/contract';
import { errors } from '../schemas/common.js';
import { NoneQuerySchema } from '../schemas/params.js';
import { jsonBody } from '../middleware/json-body.js';
import { requireAuth } from '../middleware/auth.js';
import { notFound, validationError } from '../lib/errors.js';
import { validationHook } from '../lib/validation.js';
import { changeGoal, findGoal, type GoalDto } from '../repositories/goals.js';

const security = [{ bearerAuth: [] }];
const FIELDS = ['startWeightKg', 'targetWeightKg', 'startDate', 'targetDate'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  startWeightKg: 'Start weight is required',
  targetWeightKg: 'Target weight is required',
  startDate: 'Start date is required',
  targetDate: 'Target date is required',
};

export function goalRoutes(deps: Deps) {
  const { db, config, clock } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const auth = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/goals',
      operationId: 'getGoal',
      tags: ['goals'],
      summary: "The user's goal",
      security,
      middleware: [auth] as const,
      request: { query: NoneQuerySchema },
      responses: {
        200: {
          content: { 'application/json': { schema: z.union([GoalSchema, z.null()]) } },
          description: 'Goal (null only when asked with none=null)',
        },
        401: errors[401],
        403: errors[403],
        404: errors[404],
        422: errors[422],
      },
    }),
    async (c) => {
      const g = await findGoal(db, c.get('user').id);
      if (g) return c.json(g, 200);
      if (c.req.valid('query').none) return c.json(null, 200);
      throw notFound('No goal set');
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/goals',
      operationId: 'updateGoal',
      tags: ['goals'],
      summary: 'Create or update the goal',
      description: 'Partial update; when no goal exists all four fields are required (422 names each missing one).',
      security,
      middleware: [auth, jsonBody(config)] as const,
      request: { body: { content: { 'application/json': { schema: UpdateGoalSchema } }, required: true } },
      responses: {
        200: { content: { 'application/json': { schema: GoalSchema } }, description: 'The saved goal' },
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
      const userId = c.get('user').id;
      // the goal is read, merged and written while its row is held: a PATCH sent at the same time from another tab
      // or device waits, then applies its fields to this one's result (neither change is lost)
      const saved = await changeGoal(
        db,
        userId,
        (current) => {
          const merged: Partial<GoalDto> = { ...(current ?? {}) };
          for (const f of FIELDS) if (body[f] !== undefined) (merged as Record<string, unknown>)[f] = body[f];
          const missing = FIELDS.filter((f) => merged[f] === undefined);
          if (missing.length) throw validationError(missing.map((f) => ({ field: f, issue: LABELS[f] })));
          // yyyy-MM-dd compares as text; checked on the merged goal, so changing either date alone is checked too
          if (merged.targetDate! < merged.startDate!) throw validationError([{ field: 'targetDate', issue: TARGET_BEFORE_START }]);
          return merged as GoalDto;
        },
        clock.now(),
      );
      return c.json(saved, 200);
    },
  );

  return app;
}
