import sharp, { type Metadata } from 'sharp';
import { ApiError } from './errors.js';

export type ImageKind = 'image/jpeg' | 'image/png' | 'image/webp';

/** The image type by magic bytes (never by name or declared type). */
export function sniffImage(b: Uint8Array): ImageKind | null {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 12 &&
    b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 &&
    b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50
  )
    return 'image/webp';
  return null;
}

export const AVATAR_SIZE = 256;
/** Refuse images above ~25 megapixels before decoding (pixel bombs). */
export const MAX_INPUT_PIXELS = 25_000_000;

/** Re-encodes to a 256 px WebP; sharp drops EXIF/ICC/XMP metadata unless asked to keep it. */
export async function reencodeAvatar(input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new ApiError(422, 'Image could not be read', [{ field: 'avatar', issue: 'The image could not be read' }]);
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new ApiError(422, 'Image too large', [{ field: 'avatar', issue: 'Image dimensions are too large' }]);
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ApiError(422, 'Image could not be processed', [{ field: 'avatar', issue: 'The image could not be processed' }]);
  }
}
