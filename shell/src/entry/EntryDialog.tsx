import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  addDaysToDate,
  api,
  checkPlausibility,
  clearFieldError,
  closeEntryDialog,
  errorRedirectTarget,
  Field,
  formatDateEnGb,
  formatWeight,
  formatWeightWithUnit,
  NOTES_MAX,
  notesCountAnnouncement,
  notesLength,
  parseApiError,
  rangeMessageInUnit,
  selectEntryDialog,
  selectUnit,
  selectUser,
  showToast,
  todayString,
  useAppDispatch,
  useAppSelector,
  useFocusError,
  useSaveWeightMutation,
  weightUnitLabel,
  WEIGHT_STEP,
  type ApiWeightEntry,
  type AppDispatch,
  type FieldErrorMap,
  type WeightEntryPayload,
} from '@app/kit';
import { queueEntry, removeEntry } from '../offline/entryQueue';
import { requestBackgroundSync } from '../offline/registerSync';
import { PlausibilityPrompt, type Doubt } from './PlausibilityPrompt';
import { keptWeightKg, type DayEntry, type EntryForm } from './entryForm';
import { useEntryForm } from './useEntryForm';
import { buildWeightEntryPayload } from './weightEntryPayload';
import { useFocusTrap } from './useFocusTrap';
import './entryDialog.css';

/** Days of history before the entry's date that the plausibility check compares with. */
export const PLAUSIBILITY_HISTORY_DAYS = 60;
/** A history lookup slower than this is given up: the check is skipped and the weight saved. */
export const PLAUSIBILITY_TIMEOUT_MS = 4000;

/**
 * The entries of the 60 days up to `date` (inclusive), or null when they cannot be had in time: a failing
 * or slow lookup must never stand between the user and saving.
 */
async function recentHistory(dispatch: AppDispatch, date: string): Promise<readonly ApiWeightEntry[] | null> {
  const request = dispatch(
    api.endpoints.getWeights.initiate({ startDate: addDaysToDate(date, -PLAUSIBILITY_HISTORY_DAYS), endDate: date }),
  );
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

/** The entry that saving would replace, when the person may not expect one (editing that very day says so in the title). */
function replacesEntry(form: EntryForm, editDate: string | null): DayEntry | null {
  return form.existing !== null && form.existing.date === form.date && form.date !== editDate ? form.existing : null;
}

/**
 * The Weight Entry dialog. The shell owns it; any screen opens it through kit's `openEntryDialog`, with a date to
 * edit that day or without one to log a new weight. A date that already has an entry shows that entry and says
 * that saving replaces it. An implausible weight asks for confirmation first (PlausibilityPrompt).
 */
export function EntryDialog() {
  const { open, editDate } = useAppSelector(selectEntryDialog);
  const unit = useAppSelector(selectUnit);
  const userId = useAppSelector(selectUser)?.id;
  const dispatch = useAppDispatch();
  const { form, setForm, loading, change } = useEntryForm(open, editDate, unit);
  const [saveWeight, { isLoading: saving }] = useSaveWeightMutation();
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [general, setGeneral] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const [doubt, setDoubt] = useState<{ doubt: Doubt; payload: WeightEntryPayload } | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const weightRef = useRef<HTMLInputElement>(null);
  // Read after the history lookup: a dialog closed meanwhile must not save.
  const openRef = useRef(open);
  openRef.current = open;
  const titleId = useId();
  const replacesId = useId();
  const close = useCallback(() => dispatch(closeEntryDialog()), [dispatch]);
  // trapped from the moment it opens, "Loading..." included: the page behind is out of reach all along
  useFocusTrap(dialogRef, open, close);
  const focusError = useFocusError(dialogRef);

  // focus stays in the dialog while the day is looked up, then starts on the weight once the form is drawn
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== dialog && dialog.contains(focused)) return;
    (loading ? dialog : (weightRef.current ?? dialog)).focus();
  }, [open, loading]);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setGeneral(undefined);
    setDoubt(null);
    setChecking(false);
  }, [open, editDate]);

  if (!open) return null;

  const edit = (field: 'weight' | 'date' | 'notes', apiField: string) => (value: string) => {
    change(field, value);
    setErrors((e) => clearFieldError(e, apiField));
    setDoubt(null);
  };

  /** No connection, or no answer: kept on this device and sent when it returns (the server's upsert by date settles repeats). */
  const keepOnDevice = async (payload: WeightEntryPayload, user: string) => {
    try {
      await queueEntry(user, payload);
      void requestBackgroundSync();
      dispatch(showToast('Saved on this device: it will be sent when you’re back online', 'success'));
      close();
    } catch {
      setGeneral('This weight could not be kept on this device. Check your connection and try again.');
      focusError();
    }
  };

  const save = async (payload: WeightEntryPayload) => {
    setDoubt(null);
    if (!navigator.onLine && userId) return keepOnDevice(payload, userId);
    try {
      await saveWeight(payload).unwrap();
      // a weight logged offline for the same day and still waiting would be sent after this one, over it
      if (userId) void removeEntry(`${userId}:${payload.date}`).catch(() => {});
      // the one success of a save, whether the day was new or replaced (the dialog said so before Submit)
      dispatch(showToast('Logged new weight entry', 'success'));
      close();
    } catch (error) {
      // the browser says it is online but nothing answered (a portal, a dead Wi-Fi, the service down): the weight is
      // not lost to the error page, it waits on the device like one logged offline
      if (userId && errorRedirectTarget(error as never) === '/503') return keepOnDevice(payload, userId);
      const parsed = parseApiError(error);
      setErrors(parsed.fieldErrors);
      setGeneral(parsed.general ?? (Object.keys(parsed.fieldErrors).length ? undefined : parsed.message));
      focusError();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Submit only looks disabled (aria-disabled keeps the focus on it): Enter in a field must not save twice
    if (saving || checking) return;
    setGeneral(undefined);
    setDoubt(null);
    const built = buildWeightEntryPayload(form, unit);
    if (!built.ok) {
      setErrors(built.errors);
      focusError();
      return;
    }
    const kept = keptWeightKg(form, unit);
    const result = kept === null ? built : { ...built, payload: { ...built.payload, weightKg: kept } };
    // compared with the recent history, leaving out the day being replaced
    setChecking(true);
    // offline the history may be out of reach: saving goes first
    const history = navigator.onLine ? await recentHistory(dispatch, result.payload.date) : null;
    setChecking(false);
    if (!openRef.current) return;
    const check = history ? checkPlausibility(history, result.payload.weightKg, { unit, date: result.payload.date }) : null;
    if (check && check.kind !== 'ok') {
      setDoubt({ doubt: check, payload: result.payload });
      return;
    }
    await save(result.payload);
  };

  /** 'Use 79.8 kg': the suggestion goes into the field, in the user's unit, and is saved from there. */
  const takeSuggestion = async (suggestedKg: number) => {
    const next = { ...form, weight: formatWeight(suggestedKg, unit) };
    setForm(next);
    const result = buildWeightEntryPayload(next, unit);
    if (result.ok) await save(result.payload);
    else {
      setErrors(result.errors);
      focusError();
    }
  };

  const editAgain = () => {
    setDoubt(null);
    weightRef.current?.focus();
    weightRef.current?.select();
  };

  const unitLabel = weightUnitLabel(unit);
  const used = notesLength(form.notes);
  const replaces = replacesEntry(form, editDate);

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target !== e.currentTarget) return;
        // the press would blur the opener the closing dialog gives the focus back to
        e.preventDefault();
        close();
      }}
    >
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
            <Field label={`Weight (${unitLabel})`} error={rangeMessageInUnit(errors.weightKg, unit)}>
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
                  aria-describedby={[describedBy, replaces ? replacesId : ''].filter(Boolean).join(' ') || undefined}
                  onChange={(e) => edit('date', 'date')(e.target.value)}
                />
              )}
            </Field>
            {replaces && (
              <p id={replacesId} className="entry-replaces" role="status">
                {formatDateEnGb(replaces.date)} already has an entry ({formatWeightWithUnit(replaces.weightKg, unit)}
                {replaces.notes ? ', with notes' : ''}). Saving replaces it.
              </p>
            )}
            {/* the count is read with the field; only the last characters left are announced as they are typed */}
            <Field label="Notes" error={errors.notes} hint={`${used}/${NOTES_MAX}`} hintLive={false}>
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
            <span className="visually-hidden" aria-live="polite">
              {notesCountAnnouncement(used, NOTES_MAX)}
            </span>
            {doubt && (
              <PlausibilityPrompt
                doubt={doubt.doubt}
                typedKg={doubt.payload.weightKg}
                unit={unit}
                busy={saving}
                onUseSuggestion={(kg) => void takeSuggestion(kg)}
                onSaveAnyway={() => void save(doubt.payload)}
                onEdit={editAgain}
              />
            )}
            <div className="form-actions entry-actions">
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
              {/* aria-disabled, not disabled: a disabled button drops the focus, and "Saving..." with it */}
              <button type="submit" className="button button-primary" aria-disabled={saving || checking}>
                {saving || checking ? 'Saving...' : 'Submit'}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
