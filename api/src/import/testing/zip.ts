// A small streaming zip writer for tests and the import benchmark: deflated entries with data descriptors, so an
// entry of any size is written as it is produced (never held whole). No zip64: archives stay under 4 GiB.
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';

export type ZipSource = { name: string; data: string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array> };

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
// 2024-01-01 00:00 in MS-DOS format
const DOS_TIME = 0;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;

/** Writes the entries, deflated, to a new zip file at `path`; resolves with its size in bytes. */
export async function writeZip(path: string, entries: ZipSource[], level = 6): Promise<number> {
  const fh = await open(path, 'w');
  let offset = 0;
  const write = async (buf: Buffer) => {
    await fh.write(buf);
    offset += buf.length;
  };
  const central: Buffer[] = [];
  try {
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const start = offset;
      const flags = 0x0808; // sizes in a data descriptor; UTF-8 name
      await write(
        Buffer.concat([
          u32(0x04034b50),
          u16(20),
          u16(flags),
          u16(8),
          u16(DOS_TIME),
          u16(DOS_DATE),
          u32(0),
          u32(0),
          u32(0),
          u16(name.length),
          u16(0),
          name,
        ]),
      );
      let crc = 0;
      let size = 0;
      let compressed = 0;
      const source = typeof entry.data === 'string' || entry.data instanceof Uint8Array ? [entry.data] : entry.data;
      const counted = Readable.from(
        (async function* () {
          for await (const part of source as AsyncIterable<string | Uint8Array>) {
            const buf = typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
            crc = crc32(buf, crc);
            size += buf.length;
            yield buf;
          }
        })(),
      );
      for await (const out of counted.pipe(createDeflateRaw({ level })) as AsyncIterable<Buffer>) {
        compressed += out.length;
        await write(out);
      }
      await write(Buffer.concat([u32(0x08074b50), u32(crc), u32(compressed), u32(size)]));
      central.push(
        Buffer.concat([
          u32(0x02014b50),
          u16(20),
          u16(20),
          u16(flags),
          u16(8),
          u16(DOS_TIME),
          u16(DOS_DATE),
          u32(crc),
          u32(compressed),
          u32(size),
          u16(name.length),
          u16(0),
          u16(0),
          u16(0),
          u16(0),
          u32(0),
          u32(start),
          name,
        ]),
      );
    }
    const cdStart = offset;
    for (const c of central) await write(c);
    const cdSize = offset - cdStart;
    await write(
      Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(cdSize), u32(cdStart), u16(0)]),
    );
  } finally {
    await fh.close();
  }
  return offset;
}
