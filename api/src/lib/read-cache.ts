/**
 * Answers of the user's weight reads, by their ETag (user, data version, path and query): the version is read with
 * the session on every request, so a cached answer is served only while nothing it was built from has changed,
 * in this process or any other. Bounded by size, least recently used first out. On the embedded database, where
 * every query runs on the event loop, this is what lets a chart's reads keep pace.
 */
export interface CachedRead {
  body: string;
  /** Compressed forms, made on first demand. */
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

export class ReadCache {
  private readonly entries = new Map<string, CachedRead>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedRead | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, body: string): CachedRead {
    const size = body.length * 2;
    if (size > this.maxBytes / 4) return { body }; // too big to be worth holding
    this.delete(key);
    const entry: CachedRead = { body };
    this.entries.set(key, entry);
    this.bytes += size;
    this.evict();
    return entry;
  }

  /** Keeps a compressed form with its answer (if the answer is still held), counted in the size. */
  attach(key: string, encoding: 'br' | 'gzip', packed: Uint8Array<ArrayBuffer>): void {
    const entry = this.entries.get(key);
    if (!entry || entry[encoding]) return;
    entry[encoding] = packed;
    this.bytes += packed.byteLength;
    this.evict();
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.body.length * 2 + (old.br?.byteLength ?? 0) + (old.gzip?.byteLength ?? 0);
  }

  private evict(): void {
    while (this.bytes > this.maxBytes && this.entries.size > 0) this.delete(this.entries.keys().next().value!);
  }
}
