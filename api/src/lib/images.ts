import sharp, { type Metadata } from 'sharp';
import { ApiError } from './errors.js';

/** Every raster format the bundled libvips decodes; SVG (a document that can carry script) never. */
export type ImageKind = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif' | 'image/tiff';

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The ISO-BMFF brands of a file (`ftyp` box): major brand and compatible brands. */
function bmffBrands(b: Uint8Array): string[] {
  if (b.length < 16 || ascii(b, 4, 8) !== 'ftyp') return [];
  const size = Math.min(((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0, b.length, 256);
  const brands = [ascii(b, 8, 12)];
  for (let i = 16; i + 4 <= size; i += 4) brands.push(ascii(b, i, i + 4));
  return brands;
}

/** The image type by magic bytes (never by name or declared type). */
export function sniffImage(b: Uint8Array): ImageKind | null {
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'image/gif';
  if (
    b.length >= 4 &&
    ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) ||
      (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a))
  )
    return 'image/tiff';
  const brands = bmffBrands(b);
  if (brands.includes('avif') || brands.includes('avis')) return 'image/avif';
  return null;
}

/** HEIC (iPhone photos) is HEVC inside: its codec is not in the bundled libvips, so it gets its own advice. */
export function isHeic(b: Uint8Array): boolean {
  return bmffBrands(b).some((brand) => ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx'].includes(brand));
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
