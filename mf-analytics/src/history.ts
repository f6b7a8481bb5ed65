import { compareDateStrings, type WeightEntry } from '@app/kit';

/** Rows of the history table: one page at a time keeps ten years of daily entries light. */
export const HISTORY_PAGE_SIZE = 50;

/** Newest first, without mutating the cached query result. */
export function newestFirst<T extends WeightEntry>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => compareDateStrings(b.date, a.date));
}

export function pageCount(total: number, pageSize = HISTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Page `page` (1-based, clamped into range) of `rows`. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize = HISTORY_PAGE_SIZE): T[] {
  const last = pageCount(rows.length, pageSize);
  const current = Math.min(Math.max(1, page), last);
  return rows.slice((current - 1) * pageSize, current * pageSize);
}

/** '1 entry', '42 entries'. */
export function entryCountText(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'}`;
}
