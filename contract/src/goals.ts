// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { calendarDate, weightKg } from './fields';

export const GoalSchema = z
  .object({
    startWeightKg: z.number(),
    targetWeightKg: z.number(),
    startDate: z.string().meta({ format: 'date' }),
    targetDate: z.string().meta({ format: 'date' }),
  })
  .meta({ id: 'Goal' });

export const UpdateGoalSchema = z
  .strictObject({
    startWeightKg: weightKg('Start weight').optional(),
    targetWeightKg: weightKg('Target weight').optional(),
    startDate: calendarDate('Start date').optional(),
    targetDate: calendarDate('Target date').optional(),
  })
  .meta({ id: 'UpdateGoal', description: 'Any subset; all four are required when no goal exists yet.' });

/** A goal ends on or after the day it starts: the API refuses the other way round, and the form says so first. */
export const TARGET_BEFORE_START = 'Target date must be on or after the start date';

export type Goal = z.infer<typeof GoalSchema>;
export type UpdateGoal = z.infer<typeof UpdateGoalSchema>;
