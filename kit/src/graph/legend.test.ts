import { describe, expect, it } from 'vitest';
import { buildGraphData } from './buildGraphData';
import { legendItems } from './legend';
import type { GraphInput } from './types';

const base: GraphInput = {
  entries: [
    { id: 1, date: '2026-11-02', weightKg: 80, notes: null },
    { id: 2, date: '2026-11-04', weightKg: 79.6, notes: null },
    { id: 3, date: '2026-11-06', weightKg: 79.4, notes: null },
  ],
  averaging: 'none',
  period: 'week',
  range: { start: '2026-11-01', end: '2026-11-07' },
  unit: 'METRIC',
  weekStartsOn: 0,
  themeColor: '#3ab0b9',
  today: '2026-11-07',
};
const goal = { startWeightKg: 82, targetWeightKg: 75, startDate: '2026-10-01', targetDate: '2027-06-01' };

describe('legendItems', () => {
  it('is empty while the graph draws the weights alone, or nothing', () => {
    expect(legendItems(buildGraphData(base))).toEqual([]);
    expect(legendItems(buildGraphData({ ...base, entries: [] }))).toEqual([]);
  });

  it('names every line in the order drawn, each keyed as it is drawn', () => {
    const items = legendItems(buildGraphData({ ...base, showTrend: true, goal }));
    expect(items.map((i) => i.label)).toEqual(['Weight', 'Trend', 'Target', 'Plan', 'Likely date']);
    const [weight, trend, target, plan, band] = items;
    expect(weight).toMatchObject({ role: 'weight', color: '#1a9ba4', dash: [], marker: 'dot' });
    expect(trend).toMatchObject({ role: 'trend', dash: [], marker: null });
    expect(target).toMatchObject({ role: 'target', dash: [6, 4], marker: null });
    expect(plan).toMatchObject({ role: 'plan', dash: [2, 3], marker: null });
    expect(band).toMatchObject({ role: 'forecast', dash: null, marker: 'band' });
    // the same colour, told apart by the dashes
    expect(target!.color).toBe(plan!.color);
    expect(trend!.color).not.toBe(weight!.color);
  });

  it('keys a weight waiting to be sent as a hollow diamond', () => {
    const entries = [...base.entries!, { date: '2026-11-07', weightKg: 79.1, notes: '', pending: { kind: 'waiting' as const } }];
    const items = legendItems(buildGraphData({ ...base, entries }));
    expect(items.map((i) => [i.role, i.marker, i.dash])).toEqual([
      ['weight', 'dot', []],
      ['pending', 'diamond', null],
    ]);
  });
});
