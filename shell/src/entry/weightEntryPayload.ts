import { fieldErrorsOf, WeightEntryInputSchema } from '@app/contract';
import {
  fromDisplayWeight,
  hasFieldErrors,
  todayString,
  parseWeightInput,
  validateWeight,
  VALIDATION_MESSAGES,
  type DateString,
  type UnitSystem,
  type WeightEntryField,
  type WeightEntryForm,
  type WeightEntryPayload,
  type WeightEntryPayloadResult,
} from '@app/kit';

// The wire's schema is only here, in the dialog's own chunk: the rest of the app never builds a schema, so no page
// loads zod until the dialog is first opened.
/**
 * Validates the form and builds the POST /weights body: weight converted to kg unrounded, blank notes omitted.
 * After the form's own rules, the body is checked with the API's own schema and date limit, so every field error
 * the server would give shows before sending, in the server's words.
 */
export function buildWeightEntryPayload(form: WeightEntryForm, unit: UnitSystem, now: Date = new Date()): WeightEntryPayloadResult {
  const errors: Partial<Record<WeightEntryField, string>> = {};
  const weight = validateWeight(form.weight);
  if (weight) errors.weightKg = weight;
  if (form.date === null || form.date === undefined || form.date.trim() === '') errors.date = VALIDATION_MESSAGES.dateRequired;
  const payload: WeightEntryPayload = {
    weightKg: weight ? 1 : fromDisplayWeight(parseWeightInput(form.weight) as number, unit),
    date: (form.date ?? '') as DateString,
  };
  if (form.notes && form.notes.trim() !== '') payload.notes = form.notes;
  const checked = WeightEntryInputSchema.safeParse(payload);
  if (!checked.success) {
    for (const { field, issue } of fieldErrorsOf(checked.error)) {
      if (field === 'weightKg' || field === 'date' || field === 'notes') errors[field] ??= issue;
    }
  } else if (payload.date > todayString(now)) {
    // the person's own today, not the API's wider limit (tomorrow in UTC, for whoever is ahead of it): every screen
    // stops at today, so a weight logged for tomorrow would be saved where nobody can see or delete it until then
    errors.date ??= 'Date cannot be in the future';
  }
  return hasFieldErrors(errors) ? { ok: false, errors } : { ok: true, payload };
}
