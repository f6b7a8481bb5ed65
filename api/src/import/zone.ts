import { isTimeZone } from '@app/contract';

/**
 * Instants (timestamps with Z or an offset, epoch milliseconds) become calendar dates in the person's time zone,
 * through Intl.DateTimeFormat. A zone's offset only changes at transitions, so it is computed once per quarter of
 * an hour of the timeline and reused: reading 100,000 timestamps costs a few thousand formatter calls.
 */
export type LocalTime = { date: string; msOfDay: number };

const BUCKET_MS = 15 * 60 * 1000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Whether epoch milliseconds name a moment a Date can hold (±100 million days): a file's 1e20 does not. */
export const isTimeValue = (epochMs: number): boolean => Number.isFinite(epochMs) && Math.abs(epochMs) <= 8.64e15;

/** yyyy-MM-dd and the milliseconds since midnight of a UTC-based epoch (a wall clock written as if it were UTC). */
export function wallClockOf(epochMs: number): LocalTime {
  const d = new Date(epochMs);
  const y = d.getUTCFullYear();
  const date = `${y < 0 ? '-' : ''}${String(Math.abs(y)).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  const msOfDay = epochMs - Date.UTC(y, d.getUTCMonth(), d.getUTCDate());
  return { date, msOfDay };
}

export class Zone {
  readonly name: string;
  private readonly format: Intl.DateTimeFormat;
  private readonly offsets = new Map<number, number>();

  /** An unknown name (never stored: the API validates it) falls back to UTC. */
  constructor(name: string) {
    this.name = isTimeZone(name) ? name : 'UTC';
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: this.name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  }

  /** Milliseconds to add to the instant `at` to read its wall clock in this zone, asked of Intl. */
  private exactOffset(at: number): number {
    const p: Record<string, string> = {};
    for (const part of this.format.formatToParts(new Date(at))) p[part.type] = part.value;
    const year = p.era === 'BC' || p.era === 'B' ? 1 - Number(p.year) : Number(p.year);
    const wall = Date.UTC(year, Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
    return wall - Math.floor(at / 1000) * 1000;
  }

  /**
   * Milliseconds to add to an instant to read its wall clock in this zone. A quarter of an hour with the same
   * offset at both ends is cached; one holding a transition (rare, and odd historical offsets) is asked each time.
   */
  offsetAt(epochMs: number): number {
    const bucket = Math.floor(epochMs / BUCKET_MS);
    let offset = this.offsets.get(bucket);
    if (offset === undefined) {
      const start = this.exactOffset(bucket * BUCKET_MS);
      const end = this.exactOffset((bucket + 1) * BUCKET_MS - 1000);
      offset = start === end ? start : Number.NaN;
      if (this.offsets.size > 100_000) this.offsets.clear();
      this.offsets.set(bucket, offset);
    }
    return Number.isNaN(offset) ? this.exactOffset(epochMs) : offset;
  }

  /** The calendar date (and time of day) of an instant in this zone. */
  local(epochMs: number): LocalTime {
    return wallClockOf(epochMs + this.offsetAt(epochMs));
  }
}
