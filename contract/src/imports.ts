// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { uuid } from './fields';

export const DATE_FORMATS = ['yyyy-MM-dd', 'dd/MM/yyyy', 'MM/dd/yyyy'] as const;
/** Units a person can choose for a file that does not state its own (openScale, for one, writes stones unmarked). */
export const IMPORT_UNITS = ['kg', 'lb', 'st'] as const;
/** Units a file may state (stone: Hacker's Diet Online and Apple Health can write it). */
export const IMPORT_FILE_UNITS = ['kg', 'lb', 'st'] as const;

/**
 * When the unit came from the person's choice or preference (not the file), the preview warns if the numbers look
 * like another unit: kilograms chosen and a median above 150 (a 68 kg person weighs 150 lb), pounds chosen and a
 * median below 90 (90 lb is 41 kg: few adults weigh less, while most weigh less than 90 kg), either of them and a
 * median below 30 (30 st is 190 kg; 30 kg or 30 lb is a small child), or stones chosen and a median above 30.
 */
export const IMPORT_UNIT_WARNING = { kgMedianAbove: 150, lbMedianBelow: 90, stones: 30 } as const;
export const IMPORT_WARNING_CODES = ['looks-like-lb', 'looks-like-kg', 'looks-like-st'] as const;

const EntryValues = z.object({ weightKg: z.number(), notes: z.string().nullable() });

export const ImportRowSchema = z.object({ line: z.number().int(), date: z.string(), weightKg: z.number(), notes: z.string().nullable() });

export const ImportPreviewSchema = z
  .object({
    format: z.object({ id: z.string(), label: z.string() }),
    dateFormat: z.object({ value: z.enum(DATE_FORMATS).nullable(), ambiguous: z.boolean(), candidates: z.array(z.enum(DATE_FORMATS)) }),
    unit: z.enum(IMPORT_UNITS).meta({ description: 'The unit of weights the file does not state: the one sent, else the preference' }),
    unitStated: z.boolean().meta({ description: 'Whether the file states the unit of every weight; if not, `unit` applies' }),
    fileUnits: z.array(z.enum(IMPORT_FILE_UNITS)).meta({ description: 'The units the file states' }),
    timeZone: z
      .string()
      .nullable()
      .meta({ description: 'The time zone that turned the timestamps of the file into dates; null when it had none' }),
    duplicatesInFile: z.number().int(),
    counts: z.object({
      rows: z.number().int(),
      rejected: z.number().int(),
      duplicatesInFile: z.number().int(),
      conflicts: z.number().int().meta({ description: 'Days of the file that already have an entry' }),
      ignored: z.number().int().meta({ description: 'Rows left out on purpose (deleted, interpolated, days without a weight)' }),
    }),
    ignored: z.array(z.object({ reason: z.string(), count: z.number().int() })),
    warnings: z.array(z.object({ code: z.enum(IMPORT_WARNING_CODES), message: z.string() })),
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
export type ImportFileUnit = (typeof IMPORT_FILE_UNITS)[number];
export type ImportWarningCode = (typeof IMPORT_WARNING_CODES)[number];
export type ImportRow = z.infer<typeof ImportRowSchema>;
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;
export type Import = z.infer<typeof ImportSchema>;
export type ImportStatus = Import['status'];
export type ImportCommit = z.infer<typeof ImportCommitSchema>;
export type ImportResult = z.infer<typeof ImportResultSchema>;
