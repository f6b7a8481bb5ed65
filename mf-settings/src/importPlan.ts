import type { ImportPreview, ImportResult } from './dataApi';

export const IMPORT_FILE_LIMIT = 5 * 1024 * 1024;
export const TOO_LARGE = 'The file is larger than 5 MiB';
export const PREVIEW_ROWS = 20;

export type ConflictChoice = 'keep' | 'replace' | 'skip';

const count = (n: number) => n.toLocaleString('en-GB');
export const entries = (n: number) => `${count(n)} ${n === 1 ? 'entry' : 'entries'}`;

/** What Import sends: the recognised rows, without the conflicting days when the person chose to skip them. */
export function commitPlan(preview: ImportPreview, choice: ConflictChoice) {
  const conflicting = new Set(preview.conflicts.map((c) => c.date));
  const rows = preview.rows
    .filter((r) => choice !== 'skip' || !conflicting.has(r.date))
    .map(({ date, weightKg, notes }) => ({ date, weightKg, notes }));
  return { rows, onConflict: choice === 'replace' ? ('replace' as const) : ('keep' as const) };
}

export const progressText = (n: number) => `Importing ${entries(n)}...`;

export function resultText({ imported, replaced, skipped }: ImportResult): string {
  let text = `Imported ${entries(imported)}`;
  if (replaced > 0) text += `, replaced ${count(replaced)}`;
  if (skipped > 0) text += `, skipped ${count(skipped)}`;
  return `${text}.`;
}
