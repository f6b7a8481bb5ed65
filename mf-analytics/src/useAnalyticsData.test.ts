import { describe, expect, it } from 'vitest';
import { TREND_HISTORY_DAYS, trendHistoryRange } from './useAnalyticsData';

describe('trendHistoryRange', () => {
  it('is the 120 days before the period', () => {
    expect(TREND_HISTORY_DAYS).toBe(120);
    expect(trendHistoryRange('2026-11-01')).toEqual({ startDate: '2026-07-04', endDate: '2026-10-31' });
  });

  it('never asks for a day before the first an entry may have', () => {
    // an "All" period of someone whose first entry is early in 1900
    expect(trendHistoryRange('1900-03-01')).toEqual({ startDate: '1900-01-01', endDate: '1900-02-28' });
    expect(trendHistoryRange('1900-01-02')).toEqual({ startDate: '1900-01-01', endDate: '1900-01-01' });
    expect(trendHistoryRange('1900-01-01')).toBeNull();
  });
});
