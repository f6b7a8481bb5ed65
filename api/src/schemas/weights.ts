import { z } from '@hono/zod-openapi';
import { calendarDate, text, weightKg } from './common.js';

export const WeightEntrySchema = z
  .object({
    id: z.string().uuid(),
    date: z.string().openapi({ format: 'date' }),
    weightKg: z.number(),
    notes: z.string().nullable(),
  })
  .openapi('WeightEntry');

export const CreateWeightSchema = z
  .strictObject({
    weightKg: weightKg('Weight'),
    date: calendarDate('Date'),
    notes: text('Notes', 0, 255).nullable().optional(),
  })
  .openapi('CreateWeight', { description: 'Upsert on (user, date); omitted notes clear them.' });

export const DateParamSchema = z.object({
  date: z.string().openapi({ param: { name: 'date', in: 'path' }, format: 'date', example: '2025-01-31' }),
});

export const RangeQuerySchema = z.object({
  start_date: calendarDate('Start date').optional().openapi({ param: { name: 'start_date', in: 'query' } }),
  end_date: calendarDate('End date').optional().openapi({ param: { name: 'end_date', in: 'query' } }),
});

export const AverageQuerySchema = RangeQuerySchema.extend({
  week_starts_on: z
    .enum(['0', '1'], { error: 'week_starts_on must be 0 (Sunday) or 1 (Monday)' })
    .optional()
    .openapi({ param: { name: 'week_starts_on', in: 'query' }, description: "Defaults to the user's weekStartsOn" }),
});

export const PeriodParamSchema = z.object({
  period: z
    .enum(['weekly', 'monthly', 'yearly'])
    .openapi({ param: { name: 'period', in: 'path' }, example: 'weekly' }),
});

export const AverageItemSchema = z
  .object({
    week: z.string().optional().openapi({ example: '2025-01', description: 'ISO week-year and ISO week (weekly)' }),
    month: z.string().optional().openapi({ example: '2025-01' }),
    year: z.string().optional().openapi({ example: '2025' }),
    average: z.number(),
    count: z.number().int(),
  })
  .openapi('AverageItem');
