import { formatWeight, type ApiWeightEntry, type UnitSystem } from '@app/kit';

/** A day's weight as the dialog shows it: a saved entry, or one logged offline and waiting to be sent. */
export type DayEntry = Pick<ApiWeightEntry, 'date' | 'weightKg' | 'notes'>;

/**
 * What the entry dialog shows. The date decides which day is being written; a day that already has an entry
 * brings its weight and notes along (saving replaces that entry, so the dialog must show what will be replaced),
 * except in a field the person has already typed in.
 */
export interface EntryForm {
  weight: string;
  date: string;
  notes: string;
  /** The entry the chosen date already has; null when it has none (or it could not be looked up). */
  existing: DayEntry | null;
  /** What the weight field holds on a day without an entry: the latest weight when logging, empty when editing. */
  defaultWeight: string;
  /** The kilograms behind defaultWeight (the latest entry's, exactly); null when it is empty. */
  defaultWeightKg: number | null;
  touched: { weight: boolean; notes: boolean };
}

export function newEntryForm(date: string, defaultWeight: string, defaultWeightKg: number | null = null): EntryForm {
  return {
    weight: defaultWeight,
    date,
    notes: '',
    existing: null,
    defaultWeight,
    defaultWeightKg,
    touched: { weight: false, notes: false },
  };
}

/**
 * The stored kilograms behind the weight field while it still shows a stored weight as it was loaded (the day's
 * entry, or the latest weight when logging), else null. Saved as they are, a note edited on an entry never moves its
 * weight by the rounding of what the field shows (80 kg is 176.4 lb, which is 80.0138 kg).
 */
export function keptWeightKg(form: EntryForm, unit: UnitSystem): number | null {
  const shown = form.weight.trim();
  if (form.existing && form.existing.date === form.date && shown === formatWeight(form.existing.weightKg, unit))
    return form.existing.weightKg;
  if (form.defaultWeightKg !== null && shown === form.defaultWeight) return form.defaultWeightKg;
  return null;
}

/** The entry of `date` is known (or known not to exist): untouched fields follow it. A stale answer changes nothing. */
export function dayLoaded(form: EntryForm, date: string, entry: DayEntry | null, unit: UnitSystem): EntryForm {
  if (date !== form.date) return form;
  return {
    ...form,
    existing: entry,
    weight: form.touched.weight ? form.weight : entry ? formatWeight(entry.weightKg, unit) : form.defaultWeight,
    notes: form.touched.notes ? form.notes : (entry?.notes ?? ''),
  };
}

/**
 * Logging a new weight: the form opens on the latest weight, today and empty notes whatever today holds; today's
 * entry, when there is one, is only named, so the person sees that saving replaces it.
 */
export function logOpened(form: EntryForm, today: DayEntry | null): EntryForm {
  return { ...form, existing: today };
}

export function edited(form: EntryForm, field: 'weight' | 'date' | 'notes', value: string): EntryForm {
  if (field === 'date') return { ...form, date: value, existing: value === form.date ? form.existing : null };
  return { ...form, [field]: value, touched: { ...form.touched, [field]: true } };
}
