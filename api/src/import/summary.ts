import type { ImportRow, ParsedImport, Rejected } from './parse.js';

/** How much of a large import the preview lists; the counts always cover everything. */
export const SAMPLE_ROWS = 20;
export const LISTED_REJECTED = 100;
export const LISTED_CONFLICTS = 100;
/** Rows per stored chunk: one chunk is a few tens of KB, a short step for the database to read or write. */
export const CHUNK_ROWS = 500;

export type EntryValues = { weightKg: number; notes: string | null };
/** A row as the commit reads it back from a stored chunk. */
export type ChunkRow = EntryValues & { date: string };
export type Conflict = { date: string; existing: EntryValues; incoming: EntryValues };

export type ImportSummary = Omit<ParsedImport, 'rows' | 'rejected' | 'rejectedTotal'> & {
  counts: { rows: number; rejected: number; duplicatesInFile: number; conflicts: number; ignored: number };
  /** First and last date among the rows, or null when none was recognised. */
  range: { first: string; last: string } | null;
  /** The first rows by date. */
  rows: ImportRow[];
  rejected: Rejected[];
  conflicts: Conflict[];
};

/**
 * What the preview shows of a parsed file, and every row, sorted by date, as the JSON the commit reads back
 * ([{date, weightKg, notes}]), in chunks of CHUNK_ROWS. The days that already have an entry are added afterwards,
 * chunk by chunk (addConflicts), from the person's entries on the file's days only.
 */
export function summarize(parsed: ParsedImport): { summary: ImportSummary; rowChunks: string[] } {
  const rows = [...parsed.rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const { rows: _rows, rejected, rejectedTotal, ...rest } = parsed;
  const summary: ImportSummary = {
    ...rest,
    counts: {
      rows: rows.length,
      rejected: rejectedTotal,
      duplicatesInFile: parsed.duplicatesInFile,
      conflicts: 0,
      ignored: parsed.ignored.reduce((n, i) => n + i.count, 0),
    },
    range: rows.length ? { first: rows[0]!.date, last: rows[rows.length - 1]!.date } : null,
    rows: rows.slice(0, SAMPLE_ROWS),
    rejected: rejected.slice(0, LISTED_REJECTED),
    conflicts: [],
  };
  const rowChunks: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS)
    rowChunks.push(JSON.stringify(rows.slice(i, i + CHUNK_ROWS).map(({ date, weightKg, notes }) => ({ date, weightKg, notes }))));
  return { summary, rowChunks };
}

/**
 * Counts the days of one chunk (ascending, as stored) that already have an entry, `existing` being the person's
 * entries on that chunk's days, and lists them while fewer than LISTED_CONFLICTS are: in date order over the chunks.
 */
export function addConflicts(summary: ImportSummary, chunk: readonly ChunkRow[], existing: ReadonlyMap<string, EntryValues>): void {
  for (const r of chunk) {
    const e = existing.get(r.date);
    if (!e) continue;
    summary.counts.conflicts++;
    if (summary.conflicts.length < LISTED_CONFLICTS)
      summary.conflicts.push({
        date: r.date,
        existing: { weightKg: e.weightKg, notes: e.notes },
        incoming: { weightKg: r.weightKg, notes: r.notes },
      });
  }
}
