import { describe, expect, it } from 'vitest';
import { freshestLatest } from './latestEntry';

const e = (date: string, weightKg: number) => ({ id: date, date, weightKg, notes: null });

describe('freshestLatest', () => {
  it('takes the latest date across sources', () => {
    expect(
      freshestLatest([
        { entries: [e('2025-03-10', 80)], at: 5 },
        { entries: [e('2025-03-09', 81), e('2025-03-12', 79)], at: 1 },
      ]),
    ).toEqual(e('2025-03-12', 79));
  });

  it('on the same date trusts the source delivered last (an edit seen by one query before another)', () => {
    const stale = { entries: [e('2025-03-12', 79.6)], at: 100 };
    const fresh = { entries: [e('2025-03-11', 79.4), e('2025-03-12', 79.2)], at: 200 };
    expect(freshestLatest([stale, fresh])).toEqual(e('2025-03-12', 79.2));
    expect(freshestLatest([fresh, stale])).toEqual(e('2025-03-12', 79.2));
  });

  it('is null without entries', () => {
    expect(
      freshestLatest([
        { entries: [], at: 1 },
        { entries: [], at: undefined },
      ]),
    ).toBeNull();
  });
});
