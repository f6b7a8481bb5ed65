import { z } from '@hono/zod-openapi';
import { calendarDate, weightKg } from './common.js';

export const GoalSchema = z
  .object({
    startWeightKg: z.number(),
    targetWeightKg: z.number(),
    startDate: z.string().openapi({ format: 'date' }),
    targetDate: z.string().openapi({ format: 'date' }),
  })
  .openapi('Goal');

export const UpdateGoalSchema = z
  .strictObject({
    startWeightKg: weightKg('Start weight').optional(),
    targetWeightKg: weightKg('Target weight').optional(),
    startDate: calendarDate('Start date').optional(),
    targetDate: calendarDate('Target date').optional(),
  })
  .openapi('UpdateGoal', { description: 'Any subset; all four are required when no goal exists yet.' });
