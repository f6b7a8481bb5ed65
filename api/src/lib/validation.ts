import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { ApiError, type ErrorDetail } from './errors.js';

/** zod issues → [{ field, issue }]; unknown keys are reported under their own name. */
export function zodDetails(error: ZodError): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: String(key).slice(0, 100), issue: 'Unknown field' });
      continue;
    }
    const field = issue.path.length ? issue.path.map(String).join('.').slice(0, 100) : 'general';
    let message = issue.message;
    if (issue.code === 'invalid_type' && issue.path.length === 0) message = 'Request body must be a JSON object';
    if (!out.some((d) => d.field === field)) out.push({ field, issue: message });
  }
  return out.length ? out : [{ field: 'general', issue: 'Invalid request' }];
}

type HookResult = { success: true } | { success: false; error: ZodError; target?: string };

/** The OpenAPIHono defaultHook: path parameters → 400, everything else → 422. */
export function validationHook(result: HookResult, _c: Context): void {
  if (result.success) return;
  const details = zodDetails(result.error);
  if (result.target === 'param') throw new ApiError(400, 'Malformed path parameter', details);
  throw new ApiError(422, 'Validation failed', details);
}
