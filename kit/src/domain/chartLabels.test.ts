import { describe, expect, it } from 'vitest';
import { averageLineLabel, isSingleAverageLine, weightTooltipLabel } from './chartLabels';

describe('isSingleAverageLine', () => {
  it('draws the line for one averaged item in the matching period', () => {
    expect(isSingleAverageLine(1, 'week', 'weekly')).toBe(true);
    expect(isSingleAverageLine(1, 'month', 'monthly')).toBe(true);
    expect(isSingleAverageLine(1, 'year', 'yearly')).toBe(true);
  });

  it('draws points otherwise', () => {
    expect(isSingleAverageLine(2, 'month', 'monthly')).toBe(false);
    expect(isSingleAverageLine(0, 'month', 'monthly')).toBe(false);
    expect(isSingleAverageLine(1, 'month', 'weekly')).toBe(false);
    expect(isSingleAverageLine(1, 'quarter', 'monthly')).toBe(false);
    expect(isSingleAverageLine(1, 'halfyear', 'yearly')).toBe(false);
    expect(isSingleAverageLine(1, 'all', 'yearly')).toBe(false);
    expect(isSingleAverageLine(1, 'week', 'none')).toBe(false);
  });
});

describe('tooltip and line labels', () => {
  it('shows the weight in the display unit with 1 decimal', () => {
    expect(weightTooltipLabel(80, 'METRIC', false)).toBe('Weight: 80.0 kg');
    expect(weightTooltipLabel(80, 'IMPERIAL', true)).toBe('Weight: 176.4 lb (avg)');
    expect(averageLineLabel(72.46, 'METRIC')).toBe('Weight: 72.5 kg (avg)');
    expect(averageLineLabel(72.46, 'IMPERIAL')).toBe('Weight: 159.7 lb (avg)');
  });
});
