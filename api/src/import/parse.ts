import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { IMPORT_FILE_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TOO_LARGE, type DateFormat, type ImportUnit } from '@app/contract';
import { readAppleHealth } from './apple.js';
import { decodeText, parseCsv, sniffDelimiter, type CsvRecord } from './csv.js';
import { ISO_ONLY, type DateDetection } from './dates.js';
import { ImportFormatError, NOT_RECOGNISED } from './errors.js';
import { detectCsv, formatInfo, unrecognised, WORKOUT_LOG, type FormatId } from './formats.js';
import { HEALTH_CONNECT_DB, isSqlite, readHealthConnect } from './healthConnect.js';
import { detectJson } from './json.js';
import { CONTENT_PART, odsSheets } from './ods.js';
import { Collector, type ParsedImport } from './readings.js';
import { WORKBOOK_PART, workbookSheets } from './xlsx.js';
import type { PartReader } from './xmlPart.js';
import { Zone } from './zone.js';

export { ImportFormatError } from './errors.js';
export type { ImportRow, ParsedImport, Rejected } from './readings.js';

export const MAX_IMPORT_ROWS = IMPORT_MAX_ROWS;

export type ParseOptions = {
  /** The day/month order the person chose for slashed dates. */
  dateFormat?: DateFormat;
  /** The unit of weights the file does not state (the person's choice, else their preference); kg if absent. */
  unit?: ImportUnit;
  /** IANA zone that turns timestamps with a zone (or epoch times) into dates; UTC if absent. */
  timeZone?: string;
  /** The latest date an entry may have. */
  tomorrow: string;
};

type Read = { format: FormatId; dateFormat: DateDetection };

const newCollector = (opts: ParseOptions) =>
  new Collector({ unit: opts.unit ?? 'kg', tomorrow: opts.tomorrow, zone: new Zone(opts.timeZone ?? 'UTC') });

/** Reads one text file (CSV or JSON) into the collector. `label` names the file in rejections when there are several. */
function readText(text: string, collector: Collector, opts: ParseOptions, label?: string): Read {
  collector.source = label;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      throw new ImportFormatError('The file looks like JSON but is not valid JSON');
    }
    const plan = detectJson(doc);
    if (!plan) throw new ImportFormatError(NOT_RECOGNISED);
    return { format: plan.format, dateFormat: plan.read(collector, collector.opts.zone) };
  }
  const delimiter = sniffDelimiter(text);
  const records = parseCsv(text, delimiter);
  const found = detectCsv(records);
  if (!found) throw new ImportFormatError(unrecognised(records));
  const dateFormat = found.plan.read({
    records,
    headerAt: found.headerAt,
    collector,
    zone: collector.opts.zone,
    dateFormat: opts.dateFormat,
    delimiter,
  });
  return { format: found.plan.format, dateFormat };
}

/**
 * Reads an export of another tracker (or ours) given as text. Cells are only ever read as numbers, dates and text:
 * a formula such as `=1+1` is "not a number". Several readings of one day: the earliest is kept (see Collector).
 */
export function parseImport(text: string, opts: ParseOptions): ParsedImport {
  const collector = newCollector(opts);
  const { format, dateFormat } = readText(text, collector, opts);
  return collector.finish(formatInfo(format), dateFormat);
}

// ---- files as uploaded: a text file, Apple Health's export.xml, or a zip archive -----------------------------

/** Uncompressed text read from an archive at most (Fitbit writes a file per month). */
const MAX_ARCHIVE_TEXT_BYTES = 64 * 1024 * 1024;
const MAX_ARCHIVE_TEXT_FILES = 2000;
/** export.xml of an archive is read up to this many bytes uncompressed (a zip bomb stops here). */
export const MAX_XML_BYTES = 16 * 1024 * 1024 * 1024;
/**
 * How much larger than its packed size a big export.xml may unpack to. Real exports pack about 20 to 1 (their records
 * differ in dates and values); a file of one record repeated packs hundreds to 1 and would hold the import thread,
 * which every user's imports share, for minutes from an upload of a few megabytes.
 */
export const MAX_XML_RATIO = 100;
const RATIO_CHECKED_ABOVE = 64 * 1024 * 1024;

export type ProgressFn = (bytesRead: number) => void;

async function head(path: string, n: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** XML after an optional byte-order mark and white space. */
export function isXml(b: Uint8Array): boolean {
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (i < b.length && (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d)) i++;
  return b[i] === 0x3c; // '<'
}

/** Counts a stream's bytes on their way through, stopping it past `max`. */
async function* counted(stream: Readable, max: number, tooLarge: string, onBytes: (n: number) => void): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > max) {
      stream.destroy();
      throw new ImportFormatError(tooLarge);
    }
    onBytes(chunk.length);
    yield chunk;
  }
}

/** Streams Apple Health's export.xml; progress is scaled to the upload's bytes (an archive's are compressed). */
async function readXml(stream: Readable, collector: Collector, total: number, maxBytes: number, onProgress: ProgressFn, scale = 1) {
  let read = 0;
  await readAppleHealth(stream, collector, collector.opts.zone, (n) => {
    read += n;
    if (read > maxBytes) throw new ImportFormatError('The export is too large to read');
    onProgress(Math.min(total, Math.floor(read * scale)));
  });
}

type Entry = yauzl.Entry;
const isDir = (e: Entry) => e.fileName.endsWith('/');
const isJunk = (e: Entry) => /(^|\/)__MACOSX\//.test(e.fileName) || /(^|\/)\._/.test(e.fileName);

/** Garmin Connect's account export: its weigh-ins, among files of every other kind (activities, sleep, uploads). */
const GARMIN_BIOMETRICS = /(^|\/)[^/]*_userbiometrics\.json$/i;

/** What an archive is looked through for, in this order: the first kind found is read (all its files). */
const ARCHIVE_TEXT: { test: RegExp; all: boolean }[] = [
  { test: GARMIN_BIOMETRICS, all: true },
  // Fitbit through Google Takeout (Google Health): weight.csv, or a file a month (weight_2024-05-01.csv), in grams;
  // it holds every reading, where the legacy weight-*.json beside it holds only Fitbit's own
  { test: /(^|\/)physical activity_googledata\/(?:[^/]+\/)*weight(?:_\d{4}-\d{2}-\d{2})?\.csv$/i, all: true },
  { test: /(^|\/)weight-\d{4}-\d{2}-\d{2}\.json$/i, all: true }, // Fitbit
  // Google Fit: each reading as recorded, before the day's average (the earliest of a day is the one kept)
  { test: /(^|\/)raw_com\.google\.weight[^/]*\.json$/i, all: true }, // Google Fit, data points
  { test: /(^|\/)(daily activity metrics|daily summaries)\.csv$/i, all: false }, // Google Fit, daily
  { test: /(^|\/)com\.samsung\.health\.weight\.[^/]*\.csv$/i, all: true }, // Samsung Health
  { test: /(^|\/)weights\.csv$/i, all: false }, // Lose It!
  { test: /(^|\/)weight\.csv$/i, all: false }, // Withings, and Fitbit's Google Takeout (Google Health)
  { test: /(^|\/)measurement-summary[^/]*\.csv$/i, all: true }, // MyFitnessPal
];

const DAMAGED = 'The archive could not be read: it is damaged or not a zip file';

/** An entry the reader can open: not encrypted, compressed the usual way (deflate or stored). */
function checkEntry(e: Entry): void {
  if (e.isEncrypted()) throw new ImportFormatError(`${basename(e.fileName)} in the archive is encrypted`);
  if (!e.canDecodeFileData())
    throw new ImportFormatError(`${basename(e.fileName)} in the archive is compressed in a way that cannot be read: zip it again`);
}

/** A failure while reading an archive's data is the archive's fault (a truncated download, a damaged file). */
async function archiveRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    throw e instanceof ImportFormatError ? e : new ImportFormatError(DAMAGED);
  }
}

/** An entry's bytes, whole, refused with `tooLarge` past `max` (as it says, or as it turns out); `onBytes` hears each chunk. */
async function readEntryBytes(zip: yauzl.ZipFile, e: Entry, max: number, tooLarge: string, onBytes: (n: number) => void = () => {}) {
  checkEntry(e);
  if (e.uncompressedSize > max) throw new ImportFormatError(tooLarge);
  const chunks: Buffer[] = [];
  for await (const chunk of counted(await zip.openReadStreamPromise(e), max, tooLarge, onBytes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function readEntryText(zip: yauzl.ZipFile, e: Entry): Promise<string> {
  const tooLarge = `${basename(e.fileName)} in the archive is larger than 5 MiB`;
  return decodeText(await readEntryBytes(zip, e, IMPORT_FILE_MAX_BYTES, tooLarge));
}

async function parseZip(path: string, size: number, opts: ParseOptions, onProgress: ProgressFn): Promise<ParsedImport> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw new ImportFormatError(DAMAGED);
  }
  try {
    const entries: Entry[] = [];
    await archiveRead(async () => {
      for await (const e of zip.eachEntry()) if (!isDir(e) && !isJunk(e)) entries.push(e);
    });
    const collector = newCollector(opts);
    if (entries.some((e) => e.fileName === WORKBOOK_PART))
      return await readSpreadsheet(zip, entries, workbookSheets, collector, opts, size, onProgress);
    // OpenDocument: its content part beside the mimetype every OpenDocument file starts with
    if (entries.some((e) => e.fileName === 'mimetype') && entries.some((e) => e.fileName === CONTENT_PART))
      return await readSpreadsheet(zip, entries, odsSheets, collector, opts, size, onProgress);

    const database = entries.find((e) => HEALTH_CONNECT_DB.test(e.fileName));
    if (database) {
      await readHealthConnect(await readDatabaseEntry(zip, database, size, onProgress), collector, collector.opts.zone);
      return collector.finish(formatInfo('health-connect'), ISO_ONLY);
    }

    // Apple Health: the largest XML file that is not the clinical-document one (export_cda.xml); not in Garmin's
    // account export, whose weigh-ins are JSON beside files of every other kind
    const garmin = entries.some((e) => GARMIN_BIOMETRICS.test(e.fileName));
    const xml = garmin
      ? undefined
      : entries
          .filter((e) => /\.xml$/i.test(e.fileName) && !/cda[^/]*\.xml$/i.test(e.fileName))
          .sort((a, b) => b.uncompressedSize - a.uncompressedSize)[0];
    if (xml) {
      checkEntry(xml);
      if (xml.uncompressedSize > MAX_XML_BYTES) throw new ImportFormatError('The export is too large to read');
      if (xml.uncompressedSize > RATIO_CHECKED_ABOVE && xml.uncompressedSize > MAX_XML_RATIO * xml.compressedSize)
        throw new ImportFormatError(
          `${basename(xml.fileName)} in the archive unpacks to over ${MAX_XML_RATIO} times its packed size, which no real export does: it was not read`,
        );
      await archiveRead(async () => {
        const stream = await zip.openReadStreamPromise(xml);
        await readXml(stream, collector, size, MAX_XML_BYTES, onProgress, size / Math.max(1, xml.uncompressedSize));
      });
      return collector.finish(formatInfo('apple-health'), ISO_ONLY);
    }

    let files: Entry[] = [];
    for (const kind of ARCHIVE_TEXT) {
      const found = entries.filter((e) => kind.test.test(e.fileName)).sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
      if (found.length) {
        files = kind.all ? found : found.slice(0, 1);
        break;
      }
    }
    if (!files.length) {
      const texts = entries.filter((e) => /\.(csv|tsv|json|txt)$/i.test(e.fileName));
      if (texts.length === 1) files = texts;
    }
    if (!files.length && entries.some((e) => e.isEncrypted()))
      throw new ImportFormatError(
        'The archive is protected by a password: open it with the password the app sent you, then upload the export file inside',
      );
    if (!files.length)
      throw new ImportFormatError(
        'The archive holds no export this importer knows (Apple Health export.xml, Fitbit weight-*.json or weight.csv, Garmin Connect, Google Fit, Health Connect, Samsung Health, Lose It!, Withings or MyFitnessPal files)',
      );
    if (files.length > MAX_ARCHIVE_TEXT_FILES) throw new ImportFormatError('The archive holds too many files to read');
    if (files.reduce((s, e) => s + e.uncompressedSize, 0) > MAX_ARCHIVE_TEXT_BYTES)
      throw new ImportFormatError('The archive holds too much to read');

    const compressed = files.reduce((s, e) => s + e.compressedSize, 0) || 1;
    let done = 0;
    let first: Read | null = null;
    for (const e of files) {
      const text = await archiveRead(() => readEntryText(zip, e));
      const read = readText(text, collector, opts, files.length > 1 ? basename(e.fileName) : undefined);
      first ??= read;
      done += e.compressedSize;
      onProgress(Math.floor((done / compressed) * size));
    }
    return collector.finish(formatInfo(first!.format), first!.dateFormat);
  } finally {
    zip.close();
  }
}

/**
 * A Health Connect database is read whole into memory, so it may be this large at most: years of a phone's records,
 * weights among steps and heart rates; a watch's years of heart rate at every few seconds may be larger.
 */
export const MAX_DATABASE_BYTES = 256 * 1024 * 1024;
const DATABASE_TOO_LARGE = 'The Health Connect export is larger than 256 MiB unpacked, more than can be read here';

/** Android's Health Connect database from its archive, whole (SQLite opens it in memory). */
function readDatabaseEntry(zip: yauzl.ZipFile, database: Entry, size: number, onProgress: ProgressFn): Promise<Buffer> {
  let read = 0;
  return archiveRead(() =>
    readEntryBytes(zip, database, MAX_DATABASE_BYTES, DATABASE_TOO_LARGE, (n) => {
      read += n;
      onProgress(Math.min(size, Math.floor((read / Math.max(1, database.uncompressedSize)) * size)));
    }),
  );
}

const SPREADSHEET_TOO_LARGE = 'The spreadsheet is too large to read';

/**
 * A spreadsheet (.xlsx or .ods): its first sheet with a table the CSV formats recognise, read as that format reads a
 * file. Its parts are read up to MAX_ARCHIVE_TEXT_BYTES unpacked in all, so a zip bomb stops there.
 */
async function readSpreadsheet(
  zip: yauzl.ZipFile,
  entries: Entry[],
  sheetsOf: (open: PartReader) => AsyncGenerator<{ name: string; records: CsvRecord[] }>,
  collector: Collector,
  opts: ParseOptions,
  size: number,
  onProgress: ProgressFn,
): Promise<ParsedImport> {
  const parts = new Map(entries.map((e) => [e.fileName, e]));
  const unpacked = entries.reduce((sum, e) => sum + e.uncompressedSize, 0) || 1;
  // every part read counts against one budget, and towards the progress the person sees
  let read = 0;
  const open: PartReader = async (name) => {
    const e = parts.get(name);
    if (!e) return null;
    checkEntry(e);
    if (read + e.uncompressedSize > MAX_ARCHIVE_TEXT_BYTES) throw new ImportFormatError(SPREADSHEET_TOO_LARGE);
    return counted(await zip.openReadStreamPromise(e), MAX_ARCHIVE_TEXT_BYTES - read, SPREADSHEET_TOO_LARGE, (n) => {
      read += n;
      onProgress(Math.min(size, Math.floor((read / unpacked) * size)));
    });
  };
  return archiveRead(async () => {
    let workout = false;
    for await (const sheet of sheetsOf(open)) {
      const found = detectCsv(sheet.records);
      workout ||= !found && unrecognised(sheet.records) === WORKOUT_LOG;
      if (!found) continue;
      const dateFormat = found.plan.read({
        records: sheet.records,
        headerAt: found.headerAt,
        collector,
        zone: collector.opts.zone,
        dateFormat: opts.dateFormat,
      });
      onProgress(size);
      const info = formatInfo(found.plan.format);
      return collector.finish({ ...info, label: `${info.label}, from the sheet "${sheet.name}"` }, dateFormat);
    }
    if (workout) throw new ImportFormatError(WORKOUT_LOG);
    throw new ImportFormatError('No sheet of the spreadsheet has a column of dates and a column of weights under a header row');
  });
}

/**
 * Reads an uploaded file from disk: a zip archive (Apple Health, Fitbit, Garmin Connect, Google Fit, Health Connect,
 * Samsung Health, Lose It!, Withings or MyFitnessPal as downloaded; an .xlsx or .ods spreadsheet), Health Connect's
 * database, Apple Health's export.xml, or a text export (CSV, JSON) of at most 5 MiB. Archives and XML are read as
 * they stream; `onProgress` hears how many bytes of the upload are read.
 */
export async function parseFile(path: string, opts: ParseOptions, onProgress: ProgressFn = () => {}): Promise<ParsedImport> {
  const { size } = await stat(path);
  const start = await head(path, 64);
  if (isZip(start)) return parseZip(path, size, opts, onProgress);
  if (isSqlite(start)) {
    if (size > MAX_DATABASE_BYTES) throw new ImportFormatError(DATABASE_TOO_LARGE);
    const collector = newCollector(opts);
    const bytes = await readFile(path);
    onProgress(bytes.length);
    await readHealthConnect(bytes, collector, collector.opts.zone);
    return collector.finish(formatInfo('health-connect'), ISO_ONLY);
  }
  if (isXml(start)) {
    const collector = newCollector(opts);
    await readXml(createReadStream(path, { highWaterMark: 256 * 1024 }), collector, size, Number.MAX_SAFE_INTEGER, onProgress);
    return collector.finish(formatInfo('apple-health'), ISO_ONLY);
  }
  if (size > IMPORT_FILE_MAX_BYTES) throw new ImportFormatError(IMPORT_TOO_LARGE);
  const bytes = await readFile(path);
  onProgress(bytes.length);
  return parseImport(decodeText(bytes), opts);
}
