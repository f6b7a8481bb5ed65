// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { calendarDate, text, uuid, weightKg } from './fields';
import { NOTES_MAX } from './limits';

export const WeightEntrySchema = z
  .object({
    id: uuid(),
    date: z.string().meta({ format: 'date' }),
    weightKg: z.number(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'WeightEntry' });

/** The body of POST /weights: an upsert on (user, date); omitted notes clear them. */
export const WeightEntryInputSchema = z
  .strictObject({
    weightKg: weightKg('Weight'),
    date: calendarDate('Date'),
    notes: text('Notes', 0, NOTES_MAX).nullable().optional(),
  })
  .meta({ id: 'WeightEntryInput', description: 'Upsert on (user, date); omitted notes clear them.' });

export const AVERAGE_PERIODS = ['weekly', 'monthly', 'yearly'] as const;

/**
 * One bucket of averages. The mean travels unrounded (it is rounded once, in the reader's unit, for display), with
 * the bucket's first and last day, so a reader never works out week boundaries itself.
 */
export const AverageItemSchema = z
  .object({
    week: z.string().optional().meta({ example: '2025-01', description: 'ISO week-year and ISO week (weekly)' }),
    month: z.string().optional().meta({ example: '2025-01' }),
    year: z.string().optional().meta({ example: '2025' }),
    average: z.number().meta({ description: 'The mean of the entries, kg, unrounded' }),
    count: z.number().int(),
    start: z.string().meta({ format: 'date', description: "The bucket's first day (a Sunday for Sunday-start weeks)" }),
    end: z.string().meta({ format: 'date', description: "The bucket's last day" }),
  })
  .meta({ id: 'AverageItem' });

export type WeightEntry = z.infer<typeof WeightEntrySchema>;
export type WeightEntryInput = z.infer<typeof WeightEntryInputSchema>;
export type AveragePeriod = (typeof AVERAGE_PERIODS)[number];
export type AverageItem = z.infer<typeof AverageItemSchema>;
