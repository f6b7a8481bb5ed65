import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('domain barrel', () => {
  it('re-exports every module', () => {
    const names = [
      'LB_PER_KG',
      'formatWeight',
      'parseDate',
      'getPeriodRange',
      'averagesToChartPoints',
      'periodGoalCard',
      'validateHexColor',
      'mergePreferences',
      'xAxisUnit',
      'weightTooltipLabel',
      'toFieldErrorMap',
    ];
    for (const name of names) expect(domain).toHaveProperty(name);
  });

  it("exposes the product's messages and small tables", () => {
    expect(domain.NO_DATA_MESSAGE).toBe('No data available');
    expect(domain.NO_GOAL_MESSAGE).toBe('No goal set');
    expect(domain.INVALID_PERIOD_ERROR).toBe('Invalid period');
    expect(domain.HEX_COLOR_ERROR).toBe('Invalid hex color format');
    expect(domain.isoWeekErrorMessage(2025, 53)).toBe('2025 has no ISO week 53');
    expect(domain.UNIT_SYSTEMS).toEqual(['METRIC', 'IMPERIAL']);
    expect(domain.DATE_FORMAT).toBe('yyyy-MM-dd');
    expect(domain.AVERAGING_MODES).toEqual(['none', 'weekly', 'monthly', 'yearly']);
    expect(domain.AVERAGE_PERIOD_FIELD).toEqual({ weekly: 'week', monthly: 'month', yearly: 'year' });
  });
});
