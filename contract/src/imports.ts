import { z } from 'zod';
import { uuid } from './fields';

export const DATE_FORMATS = ['yyyy-MM-dd', 'dd/MM/yyyy', 'MM/dd/yyyy'] as const;
export const IMPORT_UNITS = ['kg', 'lb'] as const;

const EntryValues = z.object({ weightKg: z.number(), notes: z.string().nullable() });

export const ImportRowSchema = z.object({ line: z.number().int(), date: z.string(), weightKg: z.number(), notes: z.string().nullable() });

export const ImportPreviewSchema = z
  .object({
    format: z.object({ id: z.string(), label: z.string() }),
    dateFormat: z.object({ value: z.enum(DATE_FORMATS).nullable(), ambiguous: z.boolean(), candidates: z.array(z.enum(DATE_FORMATS)) }),
    unit: z.enum(IMPORT_UNITS),
    unitStated: z.boolean().meta({ description: 'Whether the file states its unit; if not, `unit` came from the request or the default' }),
    duplicatesInFile: z.number().int(),
    counts: z.object({
      rows: z.number().int(),
      rejected: z.number().int(),
      duplicatesInFile: z.number().int(),
      conflicts: z.number().int().meta({ description: 'Days of the file that already have an entry' }),
    }),
    range: z.object({ first: z.string(), last: z.string() }).nullable(),
    rows: z.array(ImportRowSchema).meta({ description: 'The first 20 rows by date' }),
    rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })).meta({ description: 'The first 100' }),
    conflicts: z.array(z.object({ date: z.string(), existing: EntryValues, incoming: EntryValues })).meta({ description: 'The first 100' }),
  })
  .meta({ id: 'ImportPreview' });

export const IMPORT_STATUSES = ['parsing', 'ready', 'failed'] as const;

export const ImportSchema = z
  .object({
    id: uuid(),
    status: z.enum(IMPORT_STATUSES),
    fileName: z.string(),
    bytesTotal: z.number().int(),
    bytesRead: z.number().int(),
    error: z.string().nullable().meta({ description: 'Why the file could not be read (status failed)' }),
    preview: ImportPreviewSchema.nullable().meta({ description: 'What an import would do (status ready)' }),
  })
  .meta({ id: 'Import' });

export const ImportCommitSchema = z
  .strictObject({ onConflict: z.enum(['keep', 'replace'], { error: "onConflict must be 'keep' or 'replace'" }) })
  .meta({ id: 'ImportCommit' });

export const ImportResultSchema = z
  .object({ imported: z.number().int(), replaced: z.number().int(), skipped: z.number().int() })
  .meta({ id: 'ImportResult' });

export type DateFormat = (typeof DATE_FORMATS)[number];
export type ImportUnit = (typeof IMPORT_UNITS)[number];
export type ImportRow = z.infer<typeof ImportRowSchema>;
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;
export type Import = z.infer<typeof ImportSchema>;
export type ImportStatus = Import['status'];
export type ImportCommit = z.infer<typeof ImportCommitSchema>;
export type ImportResult = z.infer<typeof ImportResultSchema>;
