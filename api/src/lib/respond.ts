import type { Context } from 'hono';
import { MAX_ERROR_DETAILS } from '@app/contract';
import { STATUS_MESSAGES, type ErrorDetail } from './errors.js';

export const JSON_CT = 'application/json; charset=UTF-8';

/**
 * Builds the uniform error response body `{ error: { message, details, requestId } }`. A body with 60,000 bad
 * fields gets the first 20 and a count, never a 2.5 MB answer.
 */
export function errorResponse(
  c: Context,
  status: number,
  message?: string,
  details: ErrorDetail[] = [],
  headers: Record<string, string> = {},
): Response {
  const requestId = (c.get('requestId' as never) as string | undefined) ?? '';
  const omitted = details.length - MAX_ERROR_DETAILS;
  const error = {
    message: message ?? STATUS_MESSAGES[status] ?? 'Error',
    details: omitted > 0 ? details.slice(0, MAX_ERROR_DETAILS) : details,
    ...(omitted > 0 ? { detailsOmitted: omitted } : {}),
    requestId,
  };
  const body = JSON.stringify({ error });
  return new Response(body, { status, headers: { 'Content-Type': JSON_CT, ...headers } });
}
