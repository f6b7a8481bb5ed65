import { useCallback, useEffect, useRef, useState } from 'react';
import {
  API_REDUCER_PATH,
  formatWeight,
  isValidDateString,
  selectPendingEntries,
  showToast,
  todayString,
  useAppDispatch,
  useAppStore,
  useLazyGetLatestWeightQuery,
  useLazyGetWeightByDateQuery,
  type ApiWeightEntry,
  type RootState,
  type UnitSystem,
} from '@app/kit';
import { dayLoaded, edited, logOpened, newEntryForm, type DayEntry, type EntryForm } from './entryForm';

type Lookup = DayEntry | null | 'failed';

/** The weight logged offline for `date` and still waiting to be sent, as the day's entry. */
function waitingOn(state: RootState, date: string): DayEntry | null {
  const pending = selectPendingEntries(state).find((p) => p.date === date && p.refused === undefined);
  return pending ? { date, weightKg: pending.weightKg, notes: pending.notes ?? '' } : null;
}

/**
 * The day's saved entry as the screens last read it: offline the API cannot be asked, and a day opened from the
 * history or the graph is there, notes and all (saved without them, its notes would be cleared).
 */
function lastReadOn(state: RootState, date: string): DayEntry | null {
  const reads = (state as unknown as Record<string, { queries?: Record<string, { endpointName?: string; data?: unknown } | undefined> }>)[
    API_REDUCER_PATH
  ]?.queries;
  for (const read of Object.values(reads ?? {})) {
    const data = read?.endpointName === 'getWeights' || read?.endpointName === 'getWeightByDate' ? read.data : undefined;
    const entry = (Array.isArray(data) ? (data as ApiWeightEntry[]) : data ? [data as ApiWeightEntry] : []).find((e) => e?.date === date);
    if (entry) return { date, weightKg: entry.weightKg, notes: entry.notes ?? '' };
  }
  return null;
}

/**
 * The dialog's form: on opening, the day's entry (the edit date, or today) and, when logging, the latest weight;
 * on every change of date, that day's entry, so the person sees what saving would replace.
 */
export function useEntryForm(open: boolean, editDate: string | null, unit: UnitSystem) {
  const dispatch = useAppDispatch();
  const [fetchByDate] = useLazyGetWeightByDateQuery();
  const [fetchLatest] = useLazyGetLatestWeightQuery();
  const [form, setForm] = useState<EntryForm>(() => newEntryForm(todayString(), ''));
  const [loading, setLoading] = useState(false);
  // lookups answer after the dialog may have closed
  const openRef = useRef(open);
  openRef.current = open;

  const store = useAppStore();

  const lookUp = useCallback(
    (date: string): Promise<Lookup> =>
      // offline the day cannot be looked up (the API client would leave for the error page): the day's weight
      // waiting to be sent is what saving replaces, else the day as the screens last read it, else it is logged blind
      !navigator.onLine
        ? Promise.resolve(waitingOn(store.getState(), date) ?? lastReadOn(store.getState(), date))
        : fetchByDate(date, false)
            .unwrap()
            .then((entry) => entry ?? null)
            .catch(() => 'failed' as const),
    [fetchByDate, store],
  );

  useEffect(() => {
    if (!open) return;
    let active = true;
    setLoading(true);
    const date = editDate ?? todayString();
    const latest =
      editDate || !navigator.onLine
        ? Promise.resolve(null)
        : fetchLatest(undefined, false)
            .unwrap()
            .catch(() => null);
    void Promise.all([latest, lookUp(date)]).then(([last, day]) => {
      if (!active) return;
      if (day === 'failed' && editDate) dispatch(showToast('Failed to fetch existing entry', 'error'));
      const start = newEntryForm(date, last ? formatWeight(last.weightKg, unit) : '', last?.weightKg ?? null);
      const known = day === 'failed' ? null : day;
      setForm(editDate ? dayLoaded(start, date, known, unit) : logOpened(start, known));
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [open, editDate, unit, fetchLatest, lookUp, dispatch]);

  const change = useCallback(
    (field: 'weight' | 'date' | 'notes', value: string) => {
      setForm((f) => edited(f, field, value));
      if (field !== 'date' || !isValidDateString(value)) return;
      void lookUp(value).then((day) => {
        if (openRef.current) setForm((f) => dayLoaded(f, value, day === 'failed' ? null : day, unit));
      });
    },
    [lookUp, unit],
  );

  return { form, setForm, loading, change };
}
