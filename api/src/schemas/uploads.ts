import { z } from '@hono/zod-openapi';
import { DATE_FORMATS, IMPORT_UNITS } from '@app/contract';

// Multipart bodies: what the OpenAPI document shows and what the request validator checks of the text fields.

export const AvatarUploadSchema = z
  .object({
    // optional to the validator: a form without it is answered by the route, with its message under `avatar`
    avatar: z
      .any()
      .optional()
      .openapi({ type: 'string', format: 'binary', description: 'JPEG, PNG, WebP, GIF, AVIF or TIFF, at most 2 MiB' }),
  })
  .openapi('AvatarUpload');

export const ImportUploadSchema = z
  .object({
    file: z.any().openapi({
      type: 'string',
      format: 'binary',
      description: 'An export file: CSV or JSON at most 5 MiB; a zip archive or Apple Health export.xml at most 500 MiB',
    }),
    dateFormat: z.enum(DATE_FORMATS).optional().openapi({ description: 'Day/month order for slashed dates' }),
    unit: z
      .enum(IMPORT_UNITS)
      .optional()
      .openapi({ description: "Unit of weights the file does not state (default: the user's unit preference)" }),
  })
  .openapi('ImportUpload');
