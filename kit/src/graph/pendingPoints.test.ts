import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '../domain/dates';
import type { ShownEntry } from '../domain/pendingEntries';
import { buildGraphData, LEGEND, MARKER_MAX_POINTS, PENDING_MARKER_RADIUS } from './buildGraphData';
import { describeGraph } from './describeGraph';
import { tooltipLabel } from './tooltip';
import { avgOf } from '../test/averages';
import type { GraphInput, GraphPoint } from './types';

// Weights logged offline, waiting to be sent: drawn with the others, marked apart, named in words.
const entries: ShownEntry[] = [
  { id: 1, date: '2025-01-06', weightKg: 80, notes: null },
  { date: '2025-01-08', weightKg: 79.4, notes: '', pending: { kind: 'waiting' } },
];
const base: GraphInput = {
  entries,
  averaging: 'none',
  period: 'week',
  range: { start: '2025-01-05', end: '2025-01-11' },
  unit: 'METRIC',
  weekStartsOn: 0,
  themeColor: '#3ab0b9',
};

describe('weights waiting to be sent', () => {
  it('are points of the weight line, flagged pending', () => {
    const model = buildGraphData(base);
    const line = model.data.datasets[0]!.data as GraphPoint[];
    expect(line.map((p) => [p.date, p.pending ?? false])).toEqual([
      ['2025-01-06', false],
      ['2025-01-08', true],
    ]);
    expect(model.points.filter((p) => p.pending).map((p) => p.date)).toEqual(['2025-01-08']);
  });

  it('get a hollow diamond of their own, with a legend entry, and no clicks of their own', () => {
    const model = buildGraphData(base);
    expect(model.roles).toEqual(['weight', 'pending']);
    const pending = model.data.datasets[1]!;
    expect(pending).toMatchObject({
      label: LEGEND.pending,
      showLine: false,
      pointStyle: 'rectRot',
      pointBackgroundColor: '#ffffff',
      pointRadius: PENDING_MARKER_RADIUS,
      pointHitRadius: 0,
    });
    expect(LEGEND.pending).toBe('Waiting to be sent');
    expect((pending.data as GraphPoint[]).map((p) => p.date)).toEqual(['2025-01-08']);
    expect(buildGraphData({ ...base, scheme: 'dark' }).data.datasets[1]).toMatchObject({ pointBackgroundColor: '#18202a' });
  });

  it('add nothing when none is waiting, and a refused weight is never drawn as waiting', () => {
    expect(buildGraphData({ ...base, entries: [entries[0]!] }).roles).toEqual(['weight']);
    const refused: ShownEntry = { ...entries[0]!, pending: { kind: 'refused', reason: 'Too heavy.', weightKg: 5000 } };
    const model = buildGraphData({ ...base, entries: [refused] });
    expect(model.roles).toEqual(['weight']);
    expect(model.points[0]!.pending).toBeUndefined();
  });

  it('stay drawn when a long series is thinned', () => {
    const start = '2024-01-01';
    const many: ShownEntry[] = Array.from({ length: 400 }, (_, i) => ({ date: addDaysToDate(start, i), weightKg: 80 + (i % 7) * 0.1 }));
    const flat = addDaysToDate(start, 201);
    many[201] = { date: flat, weightKg: many[200]!.weightKg, pending: { kind: 'waiting' } };
    const model = buildGraphData({ ...base, entries: many, period: 'all', range: null, width: 300 });
    expect(model.drawn.length).toBeLessThan(many.length);
    expect(many.length).toBeGreaterThan(MARKER_MAX_POINTS);
    expect(model.drawn.some((p) => p.date === flat && p.pending)).toBe(true);
    const xs = model.drawn.map((p) => p.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('are not marked on averages, which come from the server', () => {
    const averages = [avgOf({ week: '2025-01', average: 80.2, count: 1 }, 0), avgOf({ week: '2025-02', average: 79.4, count: 1 }, 0)];
    const model = buildGraphData({ ...base, period: 'month', averaging: 'weekly', averages });
    expect(model.averaged).toBe(true);
    expect(model.roles).not.toContain('pending');
  });

  it('are named in the description and the tooltip', () => {
    const model = buildGraphData(base);
    expect(describeGraph(model, 'METRIC')).toContain('Waiting to be sent, logged offline: 79.4 kg (08/01/2025).');
    expect(describeGraph(buildGraphData({ ...base, entries: [entries[0]!] }), 'METRIC')).not.toContain('Waiting');
    const point = model.points[1]!;
    expect(tooltipLabel(point, 'METRIC')).toEqual(['Weight: 79.4 kg', 'Waiting to be sent (logged offline)']);
  });
});
