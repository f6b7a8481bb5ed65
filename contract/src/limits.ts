// The numbers every side of the product checks alike: a form refuses before sending what the API would refuse.

/** Weights are kilograms above this and below WEIGHT_MAX_KG. */
export const WEIGHT_MIN_KG = 0;
export const WEIGHT_MAX_KG = 1000;
/** Notes, in code points. */
export const NOTES_MAX = 255;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Height in centimetres: above 0 and below this. */
export const HEIGHT_MAX_CM = 300;
/** An error lists at most this many details; the rest are counted in detailsOmitted. */
export const MAX_ERROR_DETAILS = 20;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** What the server decodes (the first frame of an animation); SVG never. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff'] as const;
export const AVATAR_TYPES_TEXT = 'Use a JPEG, PNG, WebP, GIF, AVIF or TIFF image';

export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_TOO_LARGE = 'The file is larger than 5 MiB';
/** Archives (.zip, an .xlsx workbook too) and Apple Health's export.xml may be this large; other files IMPORT_FILE_MAX_BYTES. */
export const IMPORT_ARCHIVE_MAX_BYTES = 500 * 1024 * 1024;
export const IMPORT_ARCHIVE_TOO_LARGE = 'The archive is larger than 500 MiB';
/**
 * Whether a chosen file is an archive, a spreadsheet, a database (Health Connect's) or an XML export (by its name or
 * type), which may be up to 500 MiB.
 */
export function isImportArchive(name: string, type = ''): boolean {
  return /\.(zip|xml|xlsx|ods|db)$/i.test(name) || /(zip|xml|sqlite|opendocument)/i.test(type);
}
/**
 * Days one import may bring: more than lie between 1900-01-01 and now, so any account's own export (an entry a day at
 * most) comes back whole. Readings in a file are bounded apart (several a day are allowed).
 */
export const IMPORT_MAX_ROWS = 50_000;
