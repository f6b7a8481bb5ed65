/**
 * The XML parts of an office document (an .xlsx or .ods spreadsheet), read as they stream through a SAX parser: no
 * entity is ever expanded, and a part is never held whole.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ImportFormatError } from './errors.js';
import { MAX_READINGS } from './readings.js';

/** A sheet may hold no more rows than a file may hold readings: a sheet of repeated rows is not spelt out further. */
export const TOO_MANY_ROWS = `The spreadsheet has more than ${MAX_READINGS.toLocaleString('en-GB')} rows; split it into smaller files`;

/** Opens a part of the archive as its bytes in chunks (the caller bounds how many it reads), or null when absent. */
export type PartReader = (path: string) => Promise<AsyncIterable<Uint8Array> | null>;

/** Reads one XML part through the handlers as it streams; a part that is not well-formed is the workbook's damage. */
export async function readXml(
  part: AsyncIterable<Uint8Array>,
  handlers: { open?: (tag: SaxesTagPlain) => void; close?: (name: string) => void; text?: (text: string) => void },
): Promise<void> {
  const parser = new SaxesParser();
  let error: Error | null = null;
  parser.on('error', (e) => (error ??= e));
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(tag.name));
  if (handlers.text) parser.on('text', handlers.text);
  const utf8 = new TextDecoder('utf-8');
  for await (const chunk of part) {
    parser.write(utf8.decode(chunk, { stream: true }));
    if (error) break;
  }
  if (!error) parser.write(utf8.decode()).close();
  if (error) throw new ImportFormatError(`The spreadsheet is damaged (${(error as Error).message.split('\n')[0]}); it could not be read`);
}

/** An element's or attribute's name without its namespace prefix (`x:row` → `row`, `office:value` → `value`). */
export const local = (name: string) => name.slice(name.indexOf(':') + 1);
