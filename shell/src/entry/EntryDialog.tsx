import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  addDaysToDate,
  api,
  buildWeightEntryPayload,
  checkPlausibility,
  clearFieldError,
  Field,
  closeEntryDialog,
  formatWeight,
  formatWeightWithUnit,
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
  type ApiWeightEntry,
  type AppDispatch,
  type FieldErrorMap,
  type PlausibilityResult,
  type WeightEntryPayload,
} from '@app/kit';
import { useFocusTrap } from './useFocusTrap';

interface FormState {
  weight: string;
  date: string;
  notes: string;
}

const blank = (date: string): FormState => ({ weight: '', date, notes: '' });

/** Days of history before the entry's date that the plausibility check compares with. */
export const PLAUSIBILITY_HISTORY_DAYS = 60;
/** A history lookup slower than this is given up: the check is skipped and the weight saved. */
export const PLAUSIBILITY_TIMEOUT_MS = 4000;

type Doubt = Exclude<PlausibilityResult, { kind: 'ok' }>;

interface Prompt {
  doubt: Doubt;
  payload: WeightEntryPayload;
}

/**
 * The entries of the 60 days up to `date` (inclusive), or null when they cannot be had in time: a failing
 * or slow lookup must never stand between the user and saving.
 */
async function recentHistory(dispatch: AppDispatch, date: string): Promise<readonly ApiWeightEntry[] | null> {
  const request = dispatch(api.endpoints.getWeights.initiate({ startDate: addDaysToDate(date, -PLAUSIBILITY_HISTORY_DAYS), endDate: date }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), PLAUSIBILITY_TIMEOUT_MS);
    });
    return await Promise.race([request.unwrap(), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    request.unsubscribe();
  }
}

const PROMPT_STYLE = {
  border: '1px solid var(--border)',
  borderLeft: '4px solid var(--primary)',
  borderRadius: 8,
  background: 'var(--primary-soft)',
  padding: '0.75rem 0.9rem',
  margin: '0.5rem 0 1rem',
} as const;

/**
 * The Weight Entry dialog (spec §2, §4). The shell owns it; any screen opens it through kit's
 * `openEntryDialog`, with a date to edit that day or without one to log a new weight.
 * Before saving, a weight far from the recent trend, or one that looks like a kg/lb mix-up or a misplaced
 * decimal point, asks for confirmation inside the dialog and offers the likely intended value (issue 10);
 * the typed value can always be saved.
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
  const [checking, setChecking] = useState(false);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const weightRef = useRef<HTMLInputElement>(null);
  const promptRef = useRef<HTMLDivElement>(null);
  // Read after the history lookup: a dialog closed meanwhile must not save.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const titleId = useId();
  const promptTitleId = useId();
  const promptTextId = useId();
  const close = useCallback(() => dispatch(closeEntryDialog()), [dispatch]);
  useFocusTrap(dialogRef, open && !loading, close);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setErrors({});
    setGeneral(undefined);
    setPrompt(null);
    setChecking(false);
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

  // The confirmation takes the focus when it appears, so keyboard and screen-reader users meet it first.
  useEffect(() => {
    if (prompt) promptRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [prompt]);

  if (!open) return null;

  const edit = (field: keyof FormState, apiField: string) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => clearFieldError(e, apiField));
    setPrompt(null);
  };

  const save = async (payload: WeightEntryPayload) => {
    setPrompt(null);
    try {
      await saveWeight(payload).unwrap();
      dispatch(showToast('Logged new weight entry', 'success'));
      close();
    } catch (error) {
      const parsed = parseApiError(error);
      setErrors(parsed.fieldErrors);
      setGeneral(parsed.general ?? (Object.keys(parsed.fieldErrors).length ? undefined : parsed.message));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(undefined);
    setPrompt(null);
    const result = buildWeightEntryPayload(form, unit);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    // Plausibility check (issue 10): compared with the recent history, leaving out the day being replaced.
    setChecking(true);
    const history = await recentHistory(dispatch, result.payload.date);
    setChecking(false);
    if (!openRef.current) return;
    const check = history ? checkPlausibility(history, result.payload.weightKg, { unit, date: result.payload.date }) : null;
    if (check && check.kind !== 'ok') {
      setPrompt({ doubt: check, payload: result.payload });
      return;
    }
    await save(result.payload);
  };

  /** 'Use 79.8 kg': the suggestion goes into the field, in the user's unit, and is saved from there. */
  const acceptSuggestion = async (suggestedKg: number) => {
    const next = { ...form, weight: formatWeight(suggestedKg, unit) };
    setForm(next);
    const result = buildWeightEntryPayload(next, unit);
    if (result.ok) await save(result.payload);
    else setErrors(result.errors);
  };

  const editAgain = () => {
    setPrompt(null);
    weightRef.current?.focus();
    weightRef.current?.select();
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
                  ref={weightRef}
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
            {prompt && (
              <div
                ref={promptRef}
                className="plausibility-prompt"
                role="alertdialog"
                aria-labelledby={promptTitleId}
                aria-describedby={promptTextId}
                style={PROMPT_STYLE}
              >
                <p id={promptTitleId} style={{ margin: 0, fontWeight: 700 }}>
                  Check this weight
                </p>
                <p id={promptTextId} style={{ margin: '0.25rem 0 0.75rem' }}>
                  {prompt.doubt.message}
                </p>
                <div className="form-actions" style={{ flexWrap: 'wrap', marginTop: 0 }}>
                  {prompt.doubt.suggestedKg !== undefined && (
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={saving}
                      onClick={() => void acceptSuggestion(prompt.doubt.suggestedKg as number)}
                    >
                      Use {formatWeightWithUnit(prompt.doubt.suggestedKg, unit)}
                    </button>
                  )}
                  <button type="button" className="button" disabled={saving} onClick={() => void save(prompt.payload)}>
                    Save {formatWeightWithUnit(prompt.payload.weightKg, unit)} anyway
                  </button>
                  <button type="button" className="button" onClick={editAgain}>
                    Edit
                  </button>
                </div>
              </div>
            )}
            <div className="form-actions">
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="button button-primary" disabled={saving || checking}>
                {saving || checking ? 'Saving...' : 'Submit'}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
