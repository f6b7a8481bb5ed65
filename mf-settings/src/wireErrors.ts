import { fieldErrorsOf, UpdateGoalSchema, UpdateUserSchema } from '@app/contract';
import type { WireCheck } from './settingsForm';

/**
 * The API's own schemas on the bodies a save would send: every field error the server would give, in its words, shows
 * before sending. A chunk of its own, loaded when a save is checked: opening Settings builds no schema (nor loads zod).
 */
export const wireErrors: WireCheck = (profile, goal) => {
  const errors: Record<string, string> = {};
  for (const result of [UpdateUserSchema.safeParse(profile ?? {}), UpdateGoalSchema.safeParse(goal ?? {})])
    if (!result.success) for (const { field, issue } of fieldErrorsOf(result.error)) errors[field] ??= issue;
  return errors;
};
