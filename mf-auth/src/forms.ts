import { errorRedirectTarget, parseApiError, type FieldErrorMap } from '@app/kit';

/** 'Email is required' etc. for every blank field: all fields of both forms are required. */
export function requiredErrors<K extends string>(values: Record<K, string>, labels: Record<K, string>): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const key of Object.keys(labels) as K[]) {
    if (values[key].trim() === '') errors[key] = `${labels[key]} is required`;
  }
  return errors;
}

/** Only non-empty fields are sent. */
export function nonEmpty<K extends string>(values: Record<K, string>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => (v as string).trim() !== '')) as Partial<Record<K, string>>;
}

export type FormFailure = { kind: 'no-response' } | { kind: 'form'; fieldErrors: FieldErrorMap; general?: string };

/**
 * A failed auth call, for a form with `fields`: no response (or a gateway without its API) is '/503';
 * otherwise field errors under their fields and anything else (401, 429, an unknown field) above the form.
 */
export function formFailure(error: unknown, fields: readonly string[]): FormFailure {
  const status = (error as { status?: unknown } | null)?.status;
  if (status !== undefined && errorRedirectTarget(error as never) === '/503') return { kind: 'no-response' };
  const parsed = parseApiError(error);
  const fieldErrors: FieldErrorMap = {};
  let general = parsed.general;
  for (const [field, issue] of Object.entries(parsed.fieldErrors)) {
    if (fields.includes(field)) fieldErrors[field] = issue;
    else general ??= issue;
  }
  return { kind: 'form', fieldErrors, ...(general !== undefined && { general }) };
}
