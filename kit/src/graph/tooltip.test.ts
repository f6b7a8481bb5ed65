import { describe, expect, it } from 'vitest';
import { tooltipLabel, tooltipTitle, trendTooltipLabel } from './tooltip';

describe('tooltipLabel', () => {
  it.each([
    [{ valueKg: 72.46, notes: '', averaged: false }, 'METRIC', 'Weight: 72.5 kg'],
    [{ valueKg: 72.46, notes: '', averaged: false }, 'IMPERIAL', 'Weight: 159.7 lb'],
    [{ valueKg: 80, notes: '', averaged: true }, 'METRIC', 'Weight: 80.0 kg (avg)'],
    [{ valueKg: 80, notes: '', averaged: true }, 'IMPERIAL', 'Weight: 176.4 lb (avg)'],
    [{ valueKg: 1.15, notes: '   ', averaged: false }, 'METRIC', 'Weight: 1.2 kg'],
  ] as const)('%j in %s → %s', (point, unit, expected) => {
    expect(tooltipLabel(point, unit)).toBe(expected);
  });

  it.each([
    ['METRIC', 'Weight: 72.5 kg'],
    ['IMPERIAL', 'Weight: 159.8 lb'],
  ] as const)('adds the notes as a second line (%s)', (unit, first) => {
    expect(tooltipLabel({ valueKg: 72.48, notes: 'after run', averaged: false }, unit)).toEqual([first, 'after run']);
  });
});

describe('tooltipTitle', () => {
  it('is the point label', () => {
    expect(tooltipTitle({ label: 'Mon 6 Jan' })).toBe('Mon 6 Jan');
    expect(tooltipTitle(undefined)).toBe('');
  });
});

describe('tooltipLabel with the trend shown', () => {
  it("adds 'Trend: {value} {unit}' after the weight and before the notes", () => {
    expect(tooltipLabel({ valueKg: 79, notes: '', averaged: false, trendKg: 79.405 }, 'METRIC')).toEqual([
      'Weight: 79.0 kg',
      'Trend: 79.4 kg',
    ]);
    // 79.405 × 2.20462 = 175.058
    expect(tooltipLabel({ valueKg: 79, notes: 'late', averaged: false, trendKg: 79.405 }, 'IMPERIAL')).toEqual([
      'Weight: 174.2 lb',
      'Trend: 175.1 lb',
      'late',
    ]);
    expect(tooltipLabel({ valueKg: 79, notes: '', averaged: false, trendKg: undefined }, 'METRIC')).toBe('Weight: 79.0 kg');
  });

  it('trendTooltipLabel', () => {
    expect(trendTooltipLabel(80.04, 'METRIC')).toBe('Trend: 80.0 kg');
    expect(trendTooltipLabel(80, 'IMPERIAL')).toBe('Trend: 176.4 lb');
  });
});
