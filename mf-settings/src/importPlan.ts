import type { ImportJob, ImportPreview, ImportResult } from './dataApi';

export { IMPORT_FILE_MAX_BYTES as IMPORT_FILE_LIMIT, IMPORT_TOO_LARGE as TOO_LARGE } from '@app/contract';
/** How often the screen asks how far the server has read a file. */
export const IMPORT_POLL_MS = 400;

/** Days that already have an entry: keep the entry, or take the imported weight and notes. */
export type ConflictChoice = 'keep' | 'replace';

const count = (n: number) => n.toLocaleString('en-GB');
export const entries = (n: number) => `${count(n)} ${n === 1 ? 'entry' : 'entries'}`;

/** How many entries Import will write: every row, less the days kept as they are. */
export function entriesToWrite(preview: ImportPreview, choice: ConflictChoice): number {
  return choice === 'replace' ? preview.counts.rows : preview.counts.rows - preview.counts.conflicts;
}

export const progressText = (n: number) => `Importing ${entries(n)}...`;

/** 'Reading the file... 42%' while the server reads it. */
export function readingText(job: Pick<ImportJob, 'bytesRead' | 'bytesTotal'> | undefined): string {
  if (!job || job.bytesTotal <= 0) return 'Reading the file...';
  return `Reading the file... ${Math.min(100, Math.floor((job.bytesRead / job.bytesTotal) * 100))}%`;
}

export function resultText({ imported, replaced, skipped }: ImportResult): string {
  let text = `Imported ${entries(imported)}`;
  if (replaced > 0) text += `, replaced ${count(replaced)}`;
  if (skipped > 0) text += `, skipped ${count(skipped)}`;
  return `${text}.`;
}
