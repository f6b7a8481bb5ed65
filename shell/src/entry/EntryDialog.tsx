import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  buildWeightEntryPayload,
  clearFieldError,
  Field,
  closeEntryDialog,
  formatWeight,
  NOTES_MAX,
  notesLength,
  parseApiError,
  selectEntryDialog,
  selectUnit,
  showToast,
  todayString,
  useAppDispatch,
  useAppSelector,
  useLazyGetLatestWeightQuery,
  useLazyGetWeightByDateQuery,
  useSaveWeightMutation,
  weightUnitLabel,
  WEIGHT_STEP,
  type FieldErrorMap,
} from '@app/kit';
import { useFocusTrap } from './useFocusTrap';

interface FormState {
  weight: string;
  date: string;
  notes: string;
}

const blank = (date: string): FormState => ({ weight: '', date, notes: '' });

/**
 * The Weight Entry dialog (spec §2, §4). The shell owns it; any screen opens it through kit's
 * `openEntryDialog`, with a date to edit that day or without one to log a new weight.
 */
export function EntryDialog() {
  const { open, editDate } = useAppSelector(selectEntryDialog);
  const unit = useAppSelector(selectUnit);
  const dispatch = useAppDispatch();
  const [fetchByDate] = useLazyGetWeightByDateQuery();
  const [fetchLatest] = useLazyGetLatestWeightQuery();
  const [saveWeight, { isLoading: saving }] = useSaveWeightMutation();
  const [form, setForm] = useState<FormState>(() => blank(todayString()));
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [general, setGeneral] = useState<string | undefined>();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useCallback(() => dispatch(closeEntryDialog()), [dispatch]);
  useFocusTrap(dialogRef, open && !loading, close);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setErrors({});
    setGeneral(undefined);
    setLoading(true);
    const today = todayString();
    const load = async (): Promise<FormState> => {
      if (editDate) {
        try {
          const entry = await fetchByDate(editDate, false).unwrap();
          if (!entry) return blank(editDate);
          return { weight: formatWeight(entry.weightKg, unit), date: entry.date, notes: entry.notes ?? '' };
        } catch {
          dispatch(showToast('Failed to fetch existing entry', 'error'));
          return blank(editDate);
        }
      }
      try {
        const latest = await fetchLatest(undefined, false).unwrap();
        return { weight: latest ? formatWeight(latest.weightKg, unit) : '', date: today, notes: '' };
      } catch {
        return blank(today);
      }
    };
    load().then((next) => {
      if (!active) return;
      setForm(next);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [open, editDate, unit, fetchByDate, fetchLatest, dispatch]);

  if (!open) return null;

  const edit = (field: keyof FormState, apiField: string) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => clearFieldError(e, apiField));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(undefined);
    const result = buildWeightEntryPayload(form, unit);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    try {
      await saveWeight(result.payload).unwrap();
      dispatch(showToast('Logged new weight entry', 'success'));
      close();
    } catch (error) {
      const parsed = parseApiError(error);
      setErrors(parsed.fieldErrors);
      setGeneral(parsed.general ?? (Object.keys(parsed.fieldErrors).length ? undefined : parsed.message));
    }
  };

  const unitLabel = weightUnitLabel(unit);
  const used = notesLength(form.notes);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="modal panel" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialogRef} tabIndex={-1}>
        <h2 id={titleId}>{editDate ? 'Edit weight entry' : 'Weight Entry'}</h2>
        {loading ? (
          <p role="status">Loading...</p>
        ) : (
          <form onSubmit={submit} noValidate>
            {general && (
              <p className="form-error-general" role="alert">
                {general}
              </p>
            )}
            <Field label={`Weight (${unitLabel})`} error={errors.weightKg}>
              {(id, describedBy) => (
                <input
                  id={id}
                  name="weight"
                  type="number"
                  inputMode="decimal"
                  step={WEIGHT_STEP}
                  min={0}
                  required
                  value={form.weight}
                  aria-invalid={!!errors.weightKg}
                  aria-describedby={describedBy}
                  onChange={(e) => edit('weight', 'weightKg')(e.target.value)}
                />
              )}
            </Field>
            <Field label="Date" error={errors.date}>
              {(id, describedBy) => (
                <input
                  id={id}
                  name="date"
                  type="date"
                  required
                  max={todayString()}
                  value={form.date}
                  aria-invalid={!!errors.date}
                  aria-describedby={describedBy}
                  onChange={(e) => edit('date', 'date')(e.target.value)}
                />
              )}
            </Field>
            <Field label="Notes" error={errors.notes} hint={`${used}/${NOTES_MAX}`}>
              {(id, describedBy) => (
                <textarea
                  id={id}
                  name="notes"
                  rows={3}
                  value={form.notes}
                  aria-invalid={!!errors.notes}
                  aria-describedby={describedBy}
                  onChange={(e) => edit('notes', 'notes')(e.target.value)}
                />
              )}
            </Field>
            <div className="form-actions">
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="button button-primary" disabled={saving}>
                {saving ? 'Saving...' : 'Submit'}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
