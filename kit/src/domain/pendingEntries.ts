import { compareDateStrings, type DateString } from './dates';
import type { WeightEntry } from './averages';
import type { DateRange } from './periods';

/** A weight logged with no connection and kept on this device: waiting to be sent, or refused by the server. */
export interface PendingEntry {
  date: DateString;
  weightKg: number;
  notes?: string | null;
  /** Set when the server refused it: what the server said. Such an entry was not saved. */
  refused?: string;
}

/** What a shown row or point is, besides a saved entry: waiting to be sent, or refused with the server's reason. */
export type PendingMark = { kind: 'waiting' } | { kind: 'refused'; reason: string; weightKg: number };

/** An entry as the screens show it: a saved one, or one logged offline (`pending`). */
export interface ShownEntry extends WeightEntry {
  pending?: PendingMark;
}

export const WAITING_TO_BE_SENT = 'Waiting to be sent';
export const NOT_SAVED = 'Not saved';

const inRange = (date: DateString, range: DateRange | null | undefined) => !range || (date >= range.start && date <= range.end);

/**
 * The saved entries with the ones logged offline laid over them, as the history table shows them, oldest day first:
 * - a weight waiting to be sent stands in for the saved entry of its day (the server keeps one per day and will
 *   replace it), or is added as a new day;
 * - a refused weight was not saved: the saved entry of its day keeps its value and carries the refusal; a day with
 *   no saved entry shows the refused weight, marked as not saved;
 * - offline entries outside `range` are left out, as the server would leave them out of the period.
 * The saved entries are never mutated; with nothing pending, the same array comes back.
 */
export function mergePendingEntries<T extends WeightEntry>(
  saved: readonly T[],
  pending: readonly PendingEntry[],
  range?: DateRange | null,
): readonly (T | ShownEntry)[] {
  const shown = pending.filter((p) => inRange(p.date, range));
  if (shown.length === 0) return saved;
  const byDate = new Map(shown.map((p) => [p.date, p]));
  const rows: (T | ShownEntry)[] = [];
  for (const entry of saved) {
    const p = byDate.get(entry.date);
    if (!p) rows.push(entry);
    else {
      byDate.delete(entry.date);
      rows.push(
        p.refused === undefined
          ? { date: p.date, weightKg: p.weightKg, notes: p.notes ?? '', pending: { kind: 'waiting' } }
          : { ...entry, pending: { kind: 'refused', reason: p.refused, weightKg: p.weightKg } },
      );
    }
  }
  for (const p of byDate.values())
    rows.push({
      date: p.date,
      weightKg: p.weightKg,
      notes: p.notes ?? '',
      pending: p.refused === undefined ? { kind: 'waiting' } : { kind: 'refused', reason: p.refused, weightKg: p.weightKg },
    });
  return rows.sort((a, b) => compareDateStrings(a.date, b.date));
}

/**
 * The weights the graph draws: saved ones with those waiting to be sent laid over them. A refused weight is not a
 * weight the person has: the graph leaves it out (the history table shows it, with the reason) and keeps the saved
 * value of its day.
 */
export function graphEntries<T extends WeightEntry>(
  saved: readonly T[],
  pending: readonly PendingEntry[],
  range?: DateRange | null,
): readonly (T | ShownEntry)[] {
  const waiting = pending.filter((p) => p.refused === undefined);
  return mergePendingEntries(saved, waiting, range);
}

/** Whether a shown entry is one logged offline that has not reached the server yet. */
export const isWaiting = (entry: ShownEntry): boolean => entry.pending?.kind === 'waiting';

/** The words a screen reader reads for an entry logged offline: 'Waiting to be sent', 'Not saved: {reason}'. */
export function pendingText(mark: PendingMark | undefined): string {
  if (!mark) return '';
  return mark.kind === 'waiting' ? WAITING_TO_BE_SENT : `${NOT_SAVED}: ${mark.reason}`;
}
