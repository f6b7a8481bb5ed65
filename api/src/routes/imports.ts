import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../types.js';
import { errors } from '../schemas/common.js';
import { IMPORT_FILE_LIMIT, ImportCommitSchema, ImportPreviewSchema, ImportResultSchema, ImportUploadSchema } from '../schemas/imports.js';
import { requireAuth } from '../middleware/auth.js';
import { jsonBody } from '../middleware/json-body.js';
import { ApiError, validationError } from '../lib/errors.js';
import { readBodyLimited } from '../lib/body.js';
import { tomorrowUtc } from '../lib/dates.js';
import { validationHook } from '../lib/validation.js';
import { decodeText } from '../import/csv.js';
import { DATE_FORMATS, type DateFormat } from '../import/dates.js';
import { ImportFormatError, MAX_IMPORT_ROWS, parseImport } from '../import/parse.js';
import { listEntries } from '../repositories/weights.js';
import { commitImport } from '../repositories/imports.js';

const TOO_LARGE = 'The file is larger than 5 MiB';
const MULTIPART_OVERHEAD = 64 * 1024;
// ~20,000 rows with full notes stay under this; the JSON default (1 MiB) would not
const COMMIT_BODY_LIMIT = 8 * 1024 * 1024;
const security = [{ bearerAuth: [] }];

const tooLarge = () => new ApiError(413, TOO_LARGE, [{ field: 'file', issue: TOO_LARGE }]);

/** multipart/form-data only (415); the upload is read incrementally and refused past 5 MiB (413). */
function uploadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ct = c.req.header('Content-Type') ?? '';
    if (!/^multipart\/form-data\s*;/i.test(ct)) throw new ApiError(415, 'Content-Type must be multipart/form-data');
    let bytes: Uint8Array;
    try {
      bytes = await readBodyLimited(c.req.raw, IMPORT_FILE_LIMIT + MULTIPART_OVERHEAD);
    } catch (e) {
      throw e instanceof ApiError && e.status === 413 ? tooLarge() : e;
    }
    try {
      c.req.bodyCache.formData = await new Response(bytes, { headers: { 'Content-Type': ct } }).formData();
    } catch {
      throw new ApiError(400, 'Malformed multipart body');
    }
    await next();
  };
}

export function importRoutes(deps: Deps) {
  const { db, clock } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const auth = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/imports/preview',
      tags: ['imports'],
      summary: 'Read a CSV file and show what an import would do (stores nothing)',
      description:
        'Multipart field `file` (at most 5 MiB), optional `dateFormat` (yyyy-MM-dd | dd/MM/yyyy | MM/dd/yyyy) and `unit` ' +
        '(kg | lb). Detects the format from the header row; several readings of one day: the first is kept.',
      security,
      middleware: [auth, uploadBody()] as const,
      request: { body: { content: { 'multipart/form-data': { schema: ImportUploadSchema } }, required: true } },
      responses: {
        200: { content: { 'application/json': { schema: ImportPreviewSchema } }, description: 'The preview' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        413: errors[413],
        415: errors[415],
        422: errors[422],
      },
    }),
    async (c) => {
      const form = await c.req.bodyCache.formData!;
      const file = form.get('file');
      if (!file || typeof file === 'string') throw validationError([{ field: 'file', issue: 'Choose a CSV file' }]);
      if (file.size > IMPORT_FILE_LIMIT) throw tooLarge();
      const dateFormat = form.get('dateFormat');
      const unit = form.get('unit');
      if (dateFormat !== null && !DATE_FORMATS.includes(dateFormat as DateFormat))
        throw validationError([{ field: 'dateFormat', issue: 'Date format must be yyyy-MM-dd, dd/MM/yyyy or MM/dd/yyyy' }]);
      if (unit !== null && unit !== 'kg' && unit !== 'lb') throw validationError([{ field: 'unit', issue: 'Unit must be kg or lb' }]);

      let parsed;
      try {
        parsed = parseImport(decodeText(new Uint8Array(await file.arrayBuffer())), {
          dateFormat: (dateFormat as DateFormat | null) ?? undefined,
          unit: (unit as 'kg' | 'lb' | null) ?? undefined,
          tomorrow: tomorrowUtc(clock),
        });
      } catch (e) {
        if (e instanceof ImportFormatError) throw validationError([{ field: 'file', issue: e.message }], e.message);
        throw e;
      }
      if (parsed.rows.length > MAX_IMPORT_ROWS) {
        const issue = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} entries; split it into smaller files`;
        throw validationError([{ field: 'file', issue }], issue);
      }

      const dates = parsed.rows.map((r) => r.date).sort();
      const existing = dates.length ? await listEntries(db, c.get('user').id, dates[0], dates[dates.length - 1]) : [];
      const byDate = new Map(existing.map((e) => [e.date, e]));
      const conflicts = parsed.rows.flatMap((r) => {
        const e = byDate.get(r.date);
        return e
          ? [{ date: r.date, existing: { weightKg: e.weightKg, notes: e.notes }, incoming: { weightKg: r.weightKg, notes: r.notes } }]
          : [];
      });
      return c.json({ ...parsed, conflicts }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/imports/commit',
      tags: ['imports'],
      summary: 'Import the rows of a preview, in one transaction',
      description:
        'Rows are validated like POST /weights; several rows of one date: the first is kept. onConflict keep: days that ' +
        'already have an entry are skipped; replace: they take the imported weight and notes.',
      security,
      middleware: [auth, jsonBody(COMMIT_BODY_LIMIT)] as const,
      request: { body: { content: { 'application/json': { schema: ImportCommitSchema } }, required: true } },
      responses: {
        200: { content: { 'application/json': { schema: ImportResultSchema } }, description: 'What was done' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        413: errors[413],
        415: errors[415],
        422: errors[422],
      },
    }),
    async (c) => {
      const { rows, onConflict } = c.req.valid('json');
      const tomorrow = tomorrowUtc(clock);
      const future = rows.findIndex((r) => r.date > tomorrow);
      if (future >= 0) throw validationError([{ field: `rows.${future}.date`, issue: 'Date cannot be in the future' }]);
      const seen = new Set<string>();
      const unique = rows.filter((r) => !seen.has(r.date) && seen.add(r.date));
      const result = await commitImport(
        db,
        c.get('user').id,
        unique.map((r) => ({ date: r.date, weightKg: r.weightKg, notes: r.notes ?? null })),
        onConflict,
        clock.now(),
      );
      return c.json({ ...result, skipped: result.skipped + rows.length - unique.length }, 200);
    },
  );

  return app;
}
