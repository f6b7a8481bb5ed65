import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { AppEnv, Deps } from '../types.js';
import { AVATAR_TYPES_TEXT, UserSchema } from '@app/contract';
import { errors } from '../schemas/common.js';
import { AvatarIdParamSchema } from '../schemas/params.js';
import { AvatarUploadSchema } from '../schemas/uploads.js';
import { requireAuth } from '../middleware/auth.js';
import { ApiError, forbidden, notFound } from '../lib/errors.js';
import { readBodyLimited } from '../lib/body.js';
import { isHeic, reencodeAvatar, sniffImage } from '../lib/images.js';
import { validationHook } from '../lib/validation.js';
import { findAvatar, replaceAvatar } from '../repositories/avatars.js';
import { toUserDto } from '../repositories/users.js';

const MULTIPART_OVERHEAD = 64 * 1024;
/**
 * The form carries one file; a few more parts are tolerated. Tens of thousands of tiny parts in 2 MiB kept the form
 * parser, on the thread every request shares, busy for a second or more.
 */
export const MAX_FORM_PARTS = 8;

/** How many parts a multipart body has, counted by its boundary lines (before any parsing); null without a boundary. */
export function countParts(bytes: Uint8Array, contentType: string): number | null {
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = body.indexOf(delimiter); at !== -1; at = body.indexOf(delimiter, at + delimiter.length)) count++;
  // the last delimiter closes the form
  return Math.max(0, count - 1);
}

/** The 413 of an image over the limit: the same whether the form's size or the file's own gave it away. */
const avatarTooLarge = () =>
  new ApiError(413, 'Avatar is larger than 2 MiB', [{ field: 'avatar', issue: 'The image must be at most 2 MiB' }]);

/** multipart/form-data only (415), at most the avatar limit plus form overhead (413, read incrementally). */
function multipartBody(limit: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ct = c.req.header('Content-Type') ?? '';
    if (!/^multipart\/form-data\s*;/i.test(ct)) throw new ApiError(415, 'Content-Type must be multipart/form-data');
    const bytes = await readBodyLimited(c.req.raw, limit + MULTIPART_OVERHEAD).catch((err: unknown) => {
      // the form is too large for the one image it may carry: said of the image, as the handler says it
      throw err instanceof ApiError && err.status === 413 ? avatarTooLarge() : err;
    });
    const parts = countParts(bytes, ct);
    if (parts === null) throw new ApiError(400, 'Malformed multipart body');
    if (parts > MAX_FORM_PARTS) throw new ApiError(400, `The form has more than ${MAX_FORM_PARTS} parts`);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'Content-Type': ct } }).formData();
    } catch {
      throw new ApiError(400, 'Malformed multipart body');
    }
    c.req.bodyCache.formData = form;
    await next();
  };
}

export function avatarRoutes(deps: Deps) {
  const { db, config, clock } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const auth = requireAuth(deps);

  const upload = createRoute({
    method: 'post',
    path: '/users/me/avatar',
    operationId: 'uploadAvatar',
    tags: ['users'],
    summary: 'Upload an avatar',
    description:
      'Multipart field `avatar`: JPEG, PNG, WebP, GIF, AVIF or TIFF (checked by magic bytes; the first frame of an ' +
      'animation), never SVG, at most 2 MiB. Re-encoded to a 256 px WebP without metadata and served from a new random URL.',
    security: [{ bearerAuth: [] }],
    middleware: [auth, multipartBody(config.avatarLimit)] as const,
    request: { body: { content: { 'multipart/form-data': { schema: AvatarUploadSchema } }, required: true } },
    responses: {
      200: { content: { 'application/json': { schema: UserSchema } }, description: 'The user with the new avatarUrl' },
      400: errors[400],
      401: errors[401],
      403: errors[403],
      413: errors[413],
      415: errors[415],
      422: errors[422],
    },
  });
  app.openapi(upload, async (c) => {
    const form = await c.req.bodyCache.formData!;
    const file = form.get('avatar');
    if (!file || typeof file === 'string')
      throw new ApiError(422, 'Validation failed', [{ field: 'avatar', issue: 'Choose an image file' }]);
    if (file.size > config.avatarLimit) throw avatarTooLarge();
    const input = Buffer.from(await file.arrayBuffer());
    if (!sniffImage(input)) {
      const issue = isHeic(input) ? `HEIC photos cannot be read here. ${AVATAR_TYPES_TEXT}` : AVATAR_TYPES_TEXT;
      throw new ApiError(415, 'Unsupported image type', [{ field: 'avatar', issue }]);
    }
    const webp = await reencodeAvatar(input);
    const id = encodeBase32LowerCaseNoPadding(randomBytes(20));
    const user = await replaceAvatar(db, c.get('user').id, { id, contentType: 'image/webp', data: webp }, clock.now());
    if (!user) throw forbidden('Unknown user');
    return c.json(toUserDto(user), 200);
  });

  const remove = createRoute({
    method: 'delete',
    path: '/users/me/avatar',
    operationId: 'deleteAvatar',
    tags: ['users'],
    summary: 'Remove the avatar',
    security: [{ bearerAuth: [] }],
    middleware: [auth] as const,
    responses: { 204: { description: 'Removed' }, 401: errors[401], 403: errors[403] },
  });
  app.openapi(remove, async (c) => {
    await replaceAvatar(db, c.get('user').id, null, clock.now());
    return c.body(null, 204);
  });

  const image = createRoute({
    method: 'get',
    path: '/avatars/{id}',
    operationId: 'getAvatar',
    // public: no bearer token
    security: [],
    tags: ['users'],
    summary: 'An avatar image (public, immutable)',
    request: {
      params: AvatarIdParamSchema,
    },
    responses: {
      200: { content: { 'image/webp': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } }, description: 'WebP image' },
      404: errors[404],
    },
  });
  app.openapi(image, async (c) => {
    const { id } = c.req.valid('param');
    if (!/^[a-z2-7]{1,64}$/.test(id)) throw notFound('No such avatar');
    const a = await findAvatar(db, id);
    if (!a) throw notFound('No such avatar');
    return new Response(new Uint8Array(a.data), {
      status: 200,
      headers: {
        'Content-Type': a.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-site',
        'Content-Length': String(a.data.length),
      },
    }) as never;
  });

  return app;
}
