// Runs the real chart.js layout (no canvas: a recording 2D context) to check the tick rules end to end.
import { Chart, type ChartConfiguration } from 'chart.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { WeightEntry } from '../domain/averages';
import { addDaysToDate } from '../domain/dates';
import { buildGraphData, dateToX } from './buildGraphData';
import { buildGraphOptions } from './buildGraphOptions';
import { GRAPH_PLUGINS } from './registerChart';
import type { GraphInput, GraphPoint } from './types';
import { avgOf } from '../test/averages';

/** Enough of CanvasRenderingContext2D for chart.js to lay out a chart: every method is a no-op. */
function fakeContext(width = 320, height = 240) {
  const canvas = { width, height, style: {} as Record<string, string>, getContext: () => ctx };
  const target: Record<string | symbol, unknown> = {
    canvas,
    measureText: (text: string) => ({ width: String(text).length * 6, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 }),
    getLineDash: () => [],
    createLinearGradient: () => ({ addColorStop() {} }),
  };
  const ctx: unknown = new Proxy(target, {
    // Unknown keys are drawing methods; `length` must stay undefined or chart.js takes the context for a list.
    get: (t, key) => (key in t ? t[key] : key === 'length' || typeof key === 'symbol' ? undefined : () => undefined),
    set: (t, key, value) => ((t[key] = value), true),
  });
  return ctx as CanvasRenderingContext2D;
}

const charts: Chart[] = [];
afterEach(() => charts.splice(0).forEach((c) => c.destroy()));

function render(input: GraphInput) {
  const model = buildGraphData(input);
  const options = buildGraphOptions(model, { period: input.period, unit: input.unit, themeColor: input.themeColor });
  const config: ChartConfiguration<'line', GraphPoint[]> = {
    type: 'line',
    data: model.data,
    options: { ...options, responsive: false, animation: false },
    plugins: GRAPH_PLUGINS,
  };
  const chart = new Chart(fakeContext(), config);
  charts.push(chart);
  const x = chart.scales.x;
  const labels = x.ticks.map((t) => ({ value: t.value, label: String(t.label ?? '') }));
  return { chart, x: labels, y: chart.scales.y.ticks };
}

function daily(start: string, count: number, from = 80): WeightEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    date: addDaysToDate(start, i),
    weightKg: from - i * 0.137 + (i % 3) * 0.41,
    notes: null,
  }));
}

const base = { averaging: 'none', unit: 'METRIC', weekStartsOn: 1, themeColor: '#3ab0b9' } as const;

describe('chart.js ticks', () => {
  it('week: 7 day ticks labelled by short weekday; at most 4 y ticks', () => {
    const { x, y } = render({
      ...base,
      period: 'week',
      range: { start: '2025-01-06', end: '2025-01-12' },
      entries: daily('2025-01-06', 7),
    });
    expect(x.map((t) => t.label)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(y.length).toBeLessThanOrEqual(4);
  });

  it.each([
    ['2025-01-01', '2025-01-31'],
    ['2025-02-01', '2025-02-28'],
    ['2025-03-01', '2025-03-31'], // a DST change in Europe and the US
    ['2025-04-01', '2025-04-30'], // Auckland leaves DST
    ['2025-10-07', '2025-11-05'], // rolling 30 days
  ])('month %s..%s: exactly 4 labels at start, 1/3, 2/3 and end (within 12 h)', (start, end) => {
    const { x, y } = render({ ...base, period: 'month', range: { start, end }, entries: daily(start, 20) });
    const labelled = x.filter((t) => t.label !== '');
    expect(labelled).toHaveLength(4);
    const min = dateToX(start);
    const max = dateToX(end);
    labelled.forEach((t, k) => expect(Math.abs(t.value - (min + ((max - min) * k) / 3))).toBeLessThan(12 * 3_600_000));
    expect(labelled[0].value).toBe(min);
    expect(labelled[3].value).toBe(max);
    expect(y.length).toBeLessThanOrEqual(4);
  });

  it('year: the short month on the 1st of each month', () => {
    const { x, y } = render({
      ...base,
      period: 'year',
      range: { start: '2025-01-01', end: '2025-12-31' },
      entries: daily('2025-01-01', 300),
    });
    expect(x.filter((t) => t.label !== '').map((t) => t.label)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    x.filter((t) => t.label !== '').forEach((t) => expect(new Date(t.value).getDate()).toBe(1));
    expect(y.length).toBeLessThanOrEqual(4);
  });

  it('imperial values over a wide range still get at most 4 y ticks', () => {
    const entries = [
      { date: '2025-01-01', weightKg: 50, notes: null },
      { date: '2025-06-01', weightKg: 140, notes: null },
      { date: '2025-09-01', weightKg: 93.3, notes: null },
    ];
    const { y } = render({ ...base, unit: 'IMPERIAL', period: 'year', range: { start: '2025-01-01', end: '2025-12-31' }, entries });
    expect(y.length).toBeLessThanOrEqual(4);
    expect(y.length).toBeGreaterThanOrEqual(2);
  });

  it('the single-average line is flat across the period', () => {
    const { chart } = render({
      ...base,
      period: 'month',
      averaging: 'monthly',
      range: { start: '2025-01-01', end: '2025-01-31' },
      averages: [avgOf({ month: '2025-01', average: 80 })],
    });
    const [a, b] = chart.getDatasetMeta(0).data;
    expect(a.y).toBe(b.y);
    expect(a.x).toBeCloseTo(chart.chartArea.left, 0);
    expect(b.x).toBeCloseTo(chart.chartArea.right, 0);
  });
});
