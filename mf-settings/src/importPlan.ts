import {
  IMPORT_ARCHIVE_MAX_BYTES,
  IMPORT_ARCHIVE_TOO_LARGE,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_TOO_LARGE,
  isImportArchive,
  type ImportFileUnit,
  type ImportUnit,
  type UnitPreference,
} from '@app/contract';
import type { ImportJob, ImportPreview, ImportResult } from './dataApi';

export { IMPORT_FILE_MAX_BYTES as IMPORT_FILE_LIMIT, IMPORT_TOO_LARGE as TOO_LARGE } from '@app/contract';
/** How often the screen asks how far the server has read a file. */
export const IMPORT_POLL_MS = 400;

/** Days that already have an entry: keep the entry, or take the imported weight and notes. */
export type ConflictChoice = 'keep' | 'replace';

const count = (n: number) => n.toLocaleString('en-GB');
export const entries = (n: number) => `${count(n)} ${n === 1 ? 'entry' : 'entries'}`;

/** The unit assumed for a file that does not state its own: the person's preference. */
export const defaultImportUnit = (preference: UnitPreference): ImportUnit => (preference === 'IMPERIAL' ? 'lb' : 'kg');

/**
 * Why a chosen file would be refused for its size, or null: archives (.zip) and Apple Health's export.xml may be
 * up to 500 MiB, other files 5 MiB (the server answers the same).
 */
export function sizeRefusal(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (isImportArchive(file.name, file.type)) return file.size > IMPORT_ARCHIVE_MAX_BYTES ? IMPORT_ARCHIVE_TOO_LARGE : null;
  return file.size > IMPORT_FILE_MAX_BYTES ? IMPORT_TOO_LARGE : null;
}

/** How many entries Import will write: every row, less the days kept as they are. */
export function entriesToWrite(preview: ImportPreview, choice: ConflictChoice): number {
  return choice === 'replace' ? preview.counts.rows : preview.counts.rows - preview.counts.conflicts;
}

export const progressText = (n: number) => `Importing ${entries(n)}...`;

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toLocaleString('en-GB', { maximumFractionDigits: bytes < 10 * MB ? 1 : 0 })} MB`;

/** 'Reading the file... 42%' while the server reads it; with the sizes for a large file. */
export function readingText(job: Pick<ImportJob, 'bytesRead' | 'bytesTotal'> | undefined): string {
  if (!job || job.bytesTotal <= 0) return 'Reading the file...';
  const read = Math.min(job.bytesRead, job.bytesTotal);
  const percent = `Reading the file... ${Math.floor((read / job.bytesTotal) * 100)}%`;
  return job.bytesTotal > IMPORT_FILE_MAX_BYTES ? `${percent} (${megabytes(read)} of ${megabytes(job.bytesTotal)})` : percent;
}

export const uploadingText = (file: Pick<File, 'size'> | null) =>
  file && file.size > IMPORT_FILE_MAX_BYTES ? `Uploading the file (${megabytes(file.size)})...` : 'Uploading the file...';

const UNIT_NAMES: Record<ImportFileUnit, string> = { kg: 'kg', lb: 'lb', st: 'stone' };
/** 'kg', 'kg and lb', 'kg, lb and stone': the units a file states. */
export function unitsText(units: ImportFileUnit[]): string {
  const names = units.map((u) => UNIT_NAMES[u]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** 'Left out on purpose: days without a weight (57), rows deleted in Lose It! (1).' */
export function ignoredText(ignored: ImportPreview['ignored']): string | null {
  const parts = ignored.filter((i) => i.count > 0).map((i) => `${i.reason} (${count(i.count)})`);
  return parts.length ? `Left out on purpose: ${parts.join(', ')}.` : null;
}

export function resultText({ imported, replaced, skipped }: ImportResult): string {
  let text = `Imported ${entries(imported)}`;
  if (replaced > 0) text += `, replaced ${count(replaced)}`;
  if (skipped > 0) text += `, skipped ${count(skipped)}`;
  return `${text}.`;
}
