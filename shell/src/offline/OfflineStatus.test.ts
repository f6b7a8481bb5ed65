import { describe, expect, it } from 'vitest';
import { describeLastUpdated } from './OfflineStatus';

describe('describeLastUpdated', () => {
  const now = new Date(2026, 10, 23, 21, 5);
  it('says today for a time of the same day', () => {
    expect(describeLastUpdated(new Date(2026, 10, 23, 7, 42), now)).toBe('today at 07:42');
  });
  it('names the day otherwise', () => {
    expect(describeLastUpdated(new Date(2026, 10, 21, 18, 3), now)).toBe('21 Nov 2026 at 18:03');
  });
});
