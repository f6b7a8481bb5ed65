import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { fieldErrorsOf } from '@app/contract';
import { ApiError } from './errors.js';

type HookResult = { success: true } | { success: false; error: ZodError; target?: string };

/** The OpenAPIHono defaultHook: path parameters → 400, everything else → 422. */
export function validationHook(result: HookResult, _c: Context): void {
  if (result.success) return;
  // the contract's rule, shared with the forms: one detail per field
  const details = fieldErrorsOf(result.error);
  if (result.target === 'param') throw new ApiError(400, 'Malformed path parameter', details);
  throw new ApiError(422, 'Validation failed', details);
}
