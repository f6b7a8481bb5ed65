// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { MAX_ERROR_DETAILS } from './limits';

/** One problem: `field` is a request field, or 'general' for a message above the form. */
export const FieldErrorSchema = z.object({ field: z.string(), issue: z.string() });

export const ErrorBodySchema = z
  .object({
    error: z.object({
      message: z.string(),
      details: z.array(FieldErrorSchema).max(MAX_ERROR_DETAILS),
      detailsOmitted: z.number().int().positive().optional().meta({ description: 'How many more problems there were than details lists' }),
      requestId: z.string(),
    }),
  })
  .meta({ id: 'Error' });

export type FieldError = z.infer<typeof FieldErrorSchema>;
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * zod issues → one {field, issue} per field (the first issue wins), as the API answers them and as forms show
 * them: `field` is the dotted path, 'general' for the whole body; unknown keys are reported under their own name.
 * Linear in the number of issues, so tens of thousands of bad keys cost milliseconds.
 */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  const add = (field: string, issue: string) => {
    if (seen.has(field)) return;
    seen.add(field);
    out.push({ field, issue });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(String(key).slice(0, 100), 'Unknown field');
      continue;
    }
    const field = issue.path.length ? issue.path.map(String).join('.').slice(0, 100) : 'general';
    add(field, issue.code === 'invalid_type' && issue.path.length === 0 ? 'Request body must be a JSON object' : issue.message);
  }
  return out.length ? out : [{ field: 'general', issue: 'Invalid request' }];
}
