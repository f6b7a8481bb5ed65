import { z } from '@hono/zod-openapi';
import { calendarDate, text, weightKg } from './common.js';
import { DATE_FORMATS } from '../import/dates.js';
import { MAX_IMPORT_ROWS } from '../import/parse.js';

export const IMPORT_FILE_LIMIT = 5 * 1024 * 1024;

export const ImportUploadSchema = z
  .object({
    file: z.any().openapi({ type: 'string', format: 'binary', description: 'A CSV file, at most 5 MiB' }),
    dateFormat: z.enum(DATE_FORMATS).optional().openapi({ description: 'Day/month order for slashed dates' }),
    unit: z.enum(['kg', 'lb']).optional().openapi({ description: 'Unit of a weight column that does not say (default kg)' }),
  })
  .openapi('ImportUpload');

const WeightsOf = z.object({ weightKg: z.number(), notes: z.string().nullable() });

export const ImportPreviewSchema = z
  .object({
    format: z.object({ id: z.string(), label: z.string() }),
    dateFormat: z.object({
      value: z.enum(DATE_FORMATS).nullable(),
      ambiguous: z.boolean(),
      candidates: z.array(z.enum(DATE_FORMATS)),
    }),
    unit: z.enum(['kg', 'lb']),
    unitStated: z.boolean().openapi({ description: 'Whether the file states its unit; if not, `unit` came from the request or the default' }),
    rows: z.array(z.object({ line: z.number().int(), date: z.string(), weightKg: z.number(), notes: z.string().nullable() })),
    rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    conflicts: z.array(z.object({ date: z.string(), existing: WeightsOf, incoming: WeightsOf })),
    duplicatesInFile: z.number().int(),
  })
  .openapi('ImportPreview');

export const ImportCommitSchema = z
  .strictObject({
    rows: z
      .array(
        z.object({
          date: calendarDate('Date'),
          weightKg: weightKg('Weight'),
          notes: text('Notes', 0, 255).nullable().optional(),
          line: z.number().int().optional(),
        }),
      )
      .max(MAX_IMPORT_ROWS, { message: `At most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows per import` }),
    onConflict: z.enum(['keep', 'replace'], { error: "onConflict must be 'keep' or 'replace'" }),
  })
  .openapi('ImportCommit');

export const ImportResultSchema = z
  .object({ imported: z.number().int(), replaced: z.number().int(), skipped: z.number().int() })
  .openapi('ImportResult');
