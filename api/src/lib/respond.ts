import type { Context } from 'hono';
import { STATUS_MESSAGES, type ErrorDetail } from './errors.js';

export const JSON_CT = 'application/json; charset=UTF-8';

/** Builds the uniform error response body `{ error: { message, details, requestId } }`. */
export function errorResponse(
  c: Context,
  status: number,
  message?: string,
  details: ErrorDetail[] = [],
  headers: Record<string, string> = {},
): Response {
  const requestId = (c.get('requestId' as never) as string | undefined) ?? '';
  const body = JSON.stringify({ error: { message: message ?? STATUS_MESSAGES[status] ?? 'Error', details, requestId } });
  return new Response(body, { status, headers: { 'Content-Type': JSON_CT, ...headers } });
}
