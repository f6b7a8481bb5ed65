import { z } from '@hono/zod-openapi';
import { AVERAGE_PERIODS, calendarDate } from '@app/contract';

export const DateParamSchema = z.object({
  date: z.string().openapi({ param: { name: 'date', in: 'path' }, format: 'date', example: '2025-01-31' }),
});

export const RangeQuerySchema = z.object({
  start_date: calendarDate('Start date')
    .optional()
    .openapi({ param: { name: 'start_date', in: 'query' } }),
  end_date: calendarDate('End date')
    .optional()
    .openapi({ param: { name: 'end_date', in: 'query' } }),
});

export const AverageQuerySchema = RangeQuerySchema.extend({
  week_starts_on: z
    .enum(['0', '1'], { error: 'week_starts_on must be 0 (Sunday) or 1 (Monday)' })
    .optional()
    .openapi({ param: { name: 'week_starts_on', in: 'query' }, description: "Defaults to the user's weekStartsOn" }),
});

export const PeriodParamSchema = z.object({
  period: z.enum(AVERAGE_PERIODS).openapi({ param: { name: 'period', in: 'path' }, example: 'weekly' }),
});

/** An import's id: anything but a uuid is a malformed path (400). */
export const ImportIdParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});

/** A token's id: anything unknown, malformed included, is simply no such token (404). */
export const TokenIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});

/** Avatar ids are random base32, not uuids. */
export const AvatarIdParamSchema = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

export const ExportQuerySchema = z.object({
  format: z
    .enum(['json', 'csv'], { error: 'format must be json or csv' })
    .optional()
    .openapi({ param: { name: 'format', in: 'query' }, description: 'json (default) or csv' }),
});

/**
 * `?none=null` on a read of one thing that may not exist (the goal, the latest, earliest or one date's entry): "none"
 * answers 200 with a JSON `null` instead of 404. The app asks this way because a browser reports every 404 as an
 * error in its console, and "no goal yet" is not one.
 */
export const NoneQuerySchema = z.object({
  none: z
    .enum(['null'], { error: 'none must be null' })
    .optional()
    .openapi({
      param: { name: 'none', in: 'query' },
      description: '`null`: answer 200 with a JSON null when there is none, instead of 404',
    }),
});
