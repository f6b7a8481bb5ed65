/**
 * Apple Health (Health → your picture → Export All Health Data): export.zip holding apple_health_export/export.xml,
 * `<HealthData>` with one `<Record>` per sample. Weights are `<Record type="HKQuantityTypeIdentifierBodyMass"
 * unit="kg" startDate="2024-01-31 07:12:00 +0100" value="80.5" .../>` (unit lb, st or g in other locales). The file
 * is read as it streams, through a SAX parser: it is often gigabytes, nearly all of it other kinds of samples, and
 * never held in memory. The DOCTYPE's internal subset is skipped; no entity is ever expanded.
 */
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { parseStamp } from './dates.js';
import { unitOf } from './formats.js';
import type { Collector } from './readings.js';
import type { Zone } from './zone.js';
import { ImportFormatError } from './errors.js';

const BODY_MASS = 'HKQuantityTypeIdentifierBodyMass';
/**
 * Control characters XML does not allow. Exports from iOS 16 carry U+000B in some samples' source names; dropped before
 * parsing, they cost nothing, where counted as errors they made whole exports unreadable.
 */
// eslint-disable-next-line no-control-regex -- matching them is the point
const DISALLOWED_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
/** A damaged file stops being read after this many XML errors. */
const MAX_XML_ERRORS = 100;

export const NOT_APPLE = 'This XML file is not an Apple Health export (export.xml)';

/** Reads the readings of an Apple Health export.xml stream into the collector; `onBytes` hears every chunk's size. */
export async function readAppleHealth(stream: Readable, collector: Collector, zone: Zone, onBytes: (n: number) => void): Promise<void> {
  const parser = new SaxesParser({ position: true });
  let root: string | null = null;
  let errors = 0;
  let firstError: string | null = null;

  parser.on('error', (e) => {
    errors++;
    firstError ??= e.message;
  });
  parser.on('opentag', (tag) => {
    if (root === null) {
      root = tag.name;
      return;
    }
    if (tag.name !== 'Record') return;
    const a = tag.attributes as Record<string, string>;
    if (a.type !== BODY_MASS) return;
    const line = parser.line;
    const start = a.startDate ?? a.endDate ?? '';
    const stamp = parseStamp(start, { order: 'yyyy-MM-dd', zone });
    if (!stamp.ok) return collector.reject(line, stamp.reason);
    let value = a.value ?? '';
    let unit = unitOf(a.unit ?? '');
    if ((a.unit ?? '').trim() === 'g' && /^\d+(\.\d+)?$/.test(value.trim())) [value, unit] = [String(Number(value) / 1000), 'kg'];
    if (!unit) return collector.reject(line, `Unit "${a.unit ?? ''}" is not a unit of weight`);
    collector.add(line, stamp.stamp, start.trim(), value, unit, null);
  });

  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      onBytes(Buffer.byteLength(chunk));
      parser.write(chunk.replace(DISALLOWED_CONTROLS, ''));
      if (root !== null && root !== 'HealthData') throw new ImportFormatError(NOT_APPLE);
      if (errors > 0 && root === null) throw new ImportFormatError(NOT_APPLE);
      if (errors > MAX_XML_ERRORS) throw new ImportFormatError(`The XML file is damaged (${firstError}); it could not be read`);
    }
    parser.close();
  } finally {
    stream.destroy();
  }
  if (root !== 'HealthData') throw new ImportFormatError(NOT_APPLE);
}
