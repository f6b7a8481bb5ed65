import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { rm } from 'node:fs/promises';
import type { AppEnv, Deps } from '../types.js';
import { errors } from '../schemas/common.js';
import {
  IMPORT_ARCHIVE_MAX_BYTES,
  IMPORT_ARCHIVE_TOO_LARGE,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_TOO_LARGE,
  ImportCommitSchema,
  ImportResultSchema,
  ImportSchema,
  latestEntryDate,
} from '@app/contract';
import { ImportIdParamSchema } from '../schemas/params.js';
import { ImportUploadSchema } from '../schemas/uploads.js';
import { requireAuth } from '../middleware/auth.js';
import { jsonBody } from '../middleware/json-body.js';
import { ApiError, notFound } from '../lib/errors.js';
import { validationHook } from '../lib/validation.js';
import { startImport } from '../import/jobs.js';
import { isSqlite } from '../import/healthConnect.js';
import { isXml, isZip } from '../import/parse.js';
import { receiveUpload, type StoredUpload } from '../import/upload.js';
import { findUserById } from '../repositories/users.js';
import { commitStoredImport, deleteImport, failImport, findImport, type ImportRecord } from '../repositories/imports.js';

const security = [{ bearerAuth: [] }];
/** A parse that has not moved for this long died with its process: the person is told to upload again. */
const STALLED_MS = 2 * 60 * 1000;
const INTERRUPTED = 'The import was interrupted. Upload the file again.';

type UploadEnv = AppEnv & { Variables: { upload: StoredUpload; uploadTaken?: boolean } };

/**
 * Streams the upload to a temporary file before the request validator runs, then hands the validator the small
 * text fields only (the file never passes through memory). The file is removed unless its background read took it
 * over: a request refused by the validator is answered, not thrown, and would otherwise leave it on disk.
 */
function streamedUpload(): MiddlewareHandler<UploadEnv> {
  return async (c, next) => {
    const upload = await receiveUpload(c.req.raw, {
      fileField: 'file',
      maxBytes: IMPORT_FILE_MAX_BYTES,
      tooLarge: IMPORT_TOO_LARGE,
      // archives (Apple Health's export.zip is often hundreds of MB) and export.xml: streamed to disk, read streaming
      large: {
        maxBytes: IMPORT_ARCHIVE_MAX_BYTES,
        tooLarge: IMPORT_ARCHIVE_TOO_LARGE,
        accepts: (head) => isZip(head) || isXml(head) || isSqlite(head),
      },
    });
    const fields = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) fields.set(name, value);
    fields.set('file', upload.fileName); // the part is on disk; the validator only needs to see it was sent
    c.req.bodyCache.formData = fields;
    c.set('upload', upload);
    try {
      await next();
    } finally {
      if (!c.get('uploadTaken')) await rm(upload.path, { force: true });
    }
  };
}

const toDto = (r: ImportRecord) => ({
  id: r.id,
  status: r.status,
  fileName: r.fileName,
  bytesTotal: r.bytesTotal,
  bytesRead: r.bytesRead,
  error: r.error,
  preview: r.status === 'ready' ? r.summary : null,
});

export function importRoutes(deps: Deps) {
  const { db, clock } = deps;
  const app = new OpenAPIHono<UploadEnv>({ defaultHook: validationHook });
  const auth = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/imports',
      operationId: 'startImport',
      tags: ['imports'],
      summary: 'Upload an export file to import',
      description:
        'Multipart field `file`: a CSV or JSON export (at most 5 MiB), or a zip archive or Apple Health export.xml (at ' +
        'most 500 MiB); optional `dateFormat` (yyyy-MM-dd | dd/MM/yyyy | MM/dd/yyyy) and `unit` (kg | lb | st) for weights ' +
        "the file does not state (default: the user's unit preference). Timestamps with a zone become dates in the " +
        "user's time zone. Answers 202 at once; the file is read in the background: poll GET /imports/{id} until its " +
        'status is ready (with the preview) or failed. Nothing is stored in the entries until the commit. A new upload ' +
        'replaces the previous import.',
      security,
      middleware: [auth, streamedUpload()] as const,
      request: { body: { content: { 'multipart/form-data': { schema: ImportUploadSchema } }, required: true } },
      responses: {
        202: { content: { 'application/json': { schema: ImportSchema } }, description: 'Uploaded; being read' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        413: errors[413],
        415: errors[415],
        422: errors[422],
      },
    }),
    async (c) => {
      const { dateFormat, unit } = c.req.valid('form');
      const user = await findUserById(db, c.get('user').id);
      const started = await startImport(deps, c.get('user').id, c.get('upload'), {
        dateFormat,
        // a unit the file does not state: the one chosen in the form, else the person's preference
        unit: unit ?? (user?.unitPreference === 'IMPERIAL' ? 'lb' : 'kg'),
        timeZone: user?.timeZone ?? 'UTC',
        tomorrow: latestEntryDate(clock.now()),
      });
      // the read removes the file when it is done with it
      c.set('uploadTaken', true);
      // a small file may already be read; an upload sent at the same time may already have replaced this one (its
      // record is then gone: it answers as it was created, and reading it finds it gone as after any replacement)
      const record = (await findImport(db, c.get('user').id, started.id)) ?? started.record;
      return c.json(toDto(record), 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/imports/{id}',
      operationId: 'getImport',
      tags: ['imports'],
      summary: 'How an import is going, and its preview once the file is read',
      security,
      middleware: [auth] as const,
      request: { params: ImportIdParamSchema },
      responses: {
        200: { content: { 'application/json': { schema: ImportSchema } }, description: 'The import' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    }),
    async (c) => {
      const userId = c.get('user').id;
      const { id } = c.req.valid('param');
      const record = await findImport(db, userId, id);
      if (!record) throw notFound('No such import');
      if (record.status === 'parsing' && clock.now().getTime() - record.updatedAt.getTime() > STALLED_MS) {
        await failImport(db, userId, id, INTERRUPTED, clock.now());
        return c.json(toDto({ ...record, status: 'failed', error: INTERRUPTED }), 200);
      }
      return c.json(toDto(record), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/imports/{id}/commit',
      operationId: 'commitImport',
      tags: ['imports'],
      summary: 'Write the rows of a ready import, in one transaction',
      description:
        'onConflict keep: days that already have an entry are left as they are; replace: they take the imported weight and ' +
        'notes. The import is gone afterwards. 409 while the file is still being read or when it could not be.',
      security,
      middleware: [auth, jsonBody(deps.config)] as const,
      request: { params: ImportIdParamSchema, body: { content: { 'application/json': { schema: ImportCommitSchema } }, required: true } },
      responses: {
        200: { content: { 'application/json': { schema: ImportResultSchema } }, description: 'What was done' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
        409: errors[409],
        413: errors[413],
        415: errors[415],
        422: errors[422],
      },
    }),
    async (c) => {
      const userId = c.get('user').id;
      const { id } = c.req.valid('param');
      const { onConflict } = c.req.valid('json');
      const result = await commitStoredImport(db, userId, id, onConflict, clock.now());
      if (result) return c.json(result, 200);
      const record = await findImport(db, userId, id);
      if (!record) throw notFound('No such import');
      throw new ApiError(
        409,
        record.status === 'parsing' ? 'The file is still being read' : 'This import could not be read, so there is nothing to import',
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/imports/{id}',
      operationId: 'discardImport',
      tags: ['imports'],
      summary: 'Discard an import',
      security,
      middleware: [auth] as const,
      request: { params: ImportIdParamSchema },
      responses: { 204: { description: 'Discarded' }, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      if (!(await deleteImport(db, c.get('user').id, c.req.valid('param').id))) throw notFound('No such import');
      return c.body(null, 204);
    },
  );

  return app;
}
