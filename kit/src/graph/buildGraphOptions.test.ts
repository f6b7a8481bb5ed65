import type { ActiveElement, ChartEvent, TooltipItem } from 'chart.js';
import { describe, expect, it, vi } from 'vitest';
import { buildGraphData, dateToX } from './buildGraphData';
import { buildGraphOptions, keepLabelledTicks, pointAtElements } from './buildGraphOptions';
import { xTickCallback } from './xTicks';
import type { GraphInput, GraphPoint } from './types';
import { avgOf } from '../test/averages';

const input: GraphInput = {
  entries: [
    { id: 1, date: '2025-01-06', weightKg: 80, notes: null },
    { id: 2, date: '2025-01-08', weightKg: 79.5, notes: 'after holidays' },
  ],
  averaging: 'none',
  period: 'week',
  range: { start: '2025-01-05', end: '2025-01-11' },
  unit: 'METRIC',
  weekStartsOn: 0,
  themeColor: '#3ab0b9',
};

/** A reading before the week: with the week's two, the three the trend needs. */
const EARLIER = [{ date: '2025-01-02', weightKg: 80 }];

function optionsFor(patch: Partial<GraphInput> = {}, onPointClick = vi.fn()) {
  const graph = { ...input, ...patch };
  const model = buildGraphData(graph);
  const options = buildGraphOptions(model, { period: graph.period, unit: graph.unit, themeColor: graph.themeColor, onPointClick });
  return { model, options, onPointClick };
}

type Scales = { x: Record<string, any>; y: Record<string, any> };
const scalesOf = (o: ReturnType<typeof optionsFor>['options']) => o.scales as unknown as Scales;

describe('look and feel', () => {
  it('animates for 500 ms, fills the container, hovers the weight nearest on x', () => {
    const { options } = optionsFor();
    expect(options.animation).toEqual({ duration: 500 });
    expect(options.maintainAspectRatio).toBe(false);
    expect(options.interaction).toEqual({ mode: 'weights', intersect: false });
  });

  it('at most 4 y-axis ticks', () => {
    for (const period of ['week', 'month', 'quarter', 'halfyear', 'year', 'all'] as const) {
      expect(scalesOf(optionsFor({ period }).options).y.ticks.maxTicksLimit).toBe(4);
    }
  });

  it('the guide line follows the theme colour; no label without an average line', () => {
    const { options } = optionsFor({ themeColor: '#ef4444' });
    expect(options.plugins?.guideLine).toEqual({ enabled: true, color: 'rgba(239, 68, 68, 0.5)' });
    // the average label is text: red darkened to 4.5:1 on white
    expect(options.plugins?.averageLineLabel).toEqual({ text: null, color: '#d1222b' });
  });

  it('axis labels and grid follow the appearance; the legend is drawn by the page, not on the canvas', () => {
    const model = buildGraphData({ ...input, showTrend: true });
    const dark = buildGraphOptions(model, { period: 'week', unit: 'METRIC', themeColor: '#3ab0b9', scheme: 'dark' });
    const light = buildGraphOptions(model, { period: 'week', unit: 'METRIC', themeColor: '#3ab0b9' });
    expect(scalesOf(dark).y.grid.color).toBe('#26303b');
    expect(scalesOf(light).y.grid.color).toBe('#e8ecf0');
    expect(scalesOf(dark).x.ticks.color).toBe('#a3afbc');
    expect(dark.plugins?.legend).toEqual({ display: false });
  });

  it('animates changes over 500 ms, or draws them at once when the device asks for less motion', () => {
    const model = buildGraphData(input);
    expect(buildGraphOptions(model, { period: 'week', unit: 'METRIC', themeColor: '#3ab0b9' }).animation).toEqual({ duration: 500 });
    expect(buildGraphOptions(model, { period: 'week', unit: 'METRIC', themeColor: '#3ab0b9', reducedMotion: true }).animation).toBe(false);
  });
});

describe('x-axis', () => {
  it.each([
    ['week', 'day', 1],
    ['month', 'day', 1],
    ['quarter', 'month', undefined],
    ['halfyear', 'month', undefined],
    ['year', 'month', undefined],
    ['all', 'month', undefined],
  ] as const)('%s: time axis in %s units, never auto-skipped', (period, unit, stepSize) => {
    const x = scalesOf(optionsFor({ period }).options).x;
    expect(x.type).toBe('time');
    expect(x.time.unit).toBe(unit);
    expect(x.ticks.autoSkip).toBe(false);
    expect(x.ticks.stepSize).toBe(stepSize);
  });

  it('a month axis keeps only the ticks its rule labels (nothing left for chart.js to thin)', () => {
    const range = { start: '2025-01-01', end: '2025-01-31' };
    const x = scalesOf(optionsFor({ period: 'month', range }).options).x;
    const scale = { ticks: Array.from({ length: 31 }, (_, i) => ({ value: dateToX(`2025-01-${String(i + 1).padStart(2, '0')}`) })) };
    x.afterBuildTicks(scale);
    expect(scale.ticks.map((t) => x.ticks.callback(t.value))).toEqual(['1 Jan', '11 Jan', '21 Jan', '31 Jan']);
  });

  it('a long axis gets its own ticks: every month on a wide year, fewer on a narrow one, the year on January', () => {
    const range = { start: '2025-01-01', end: '2025-12-31' };
    const ticksAt = (width: number) => {
      const model = buildGraphData({ ...input, period: 'year', range });
      const x = scalesOf(buildGraphOptions(model, { period: 'year', unit: 'METRIC', themeColor: '#3ab0b9', width })).x;
      const scale = { ticks: [] as { value: number }[] };
      x.afterBuildTicks(scale);
      return scale.ticks.map((t) => x.ticks.callback(t.value));
    };
    expect(ticksAt(1000)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(ticksAt(300)).toEqual(['Jan', 'Mar', 'May', 'Jul', 'Sep', 'Nov']);
    expect(ticksAt(200)).toEqual(['Jan', 'Apr', 'Jul', 'Oct']);
    const twoYears = { start: '2024-01-01', end: '2025-12-31' };
    const model = buildGraphData({ ...input, period: 'all', range: twoYears });
    const x = scalesOf(buildGraphOptions(model, { period: 'all', unit: 'METRIC', themeColor: '#3ab0b9', width: 600 })).x;
    const scale = { ticks: [] as { value: number }[] };
    x.afterBuildTicks(scale);
    expect(scale.ticks.map((t) => x.ticks.callback(t.value))).toEqual([
      'Jan 2024',
      'Mar',
      'May',
      'Jul',
      'Sep',
      'Nov',
      'Jan 2025',
      'Mar',
      'May',
      'Jul',
      'Sep',
      'Nov',
    ]);
  });

  it('keepLabelledTicks', () => {
    const ticks = [{ value: dateToX('2025-03-01') }, { value: dateToX('2025-03-02') }];
    const bounds = { min: dateToX('2025-01-01'), max: dateToX('2025-12-31') };
    expect(keepLabelledTicks(ticks, xTickCallback('year', bounds))).toEqual([ticks[0]]);
  });

  it('spans the whole period range', () => {
    const x = scalesOf(optionsFor().options).x;
    expect([x.min, x.max]).toEqual([dateToX('2025-01-05'), dateToX('2025-01-11')]);
  });

  it('uses the period label rule for ticks', () => {
    const week = scalesOf(optionsFor().options).x.ticks.callback;
    expect(week(dateToX('2025-01-06'))).toBe('Mon');
    const month = scalesOf(optionsFor({ period: 'month', range: { start: '2025-01-01', end: '2025-01-31' } }).options).x.ticks.callback;
    expect(['2025-01-01', '2025-01-02', '2025-01-11', '2025-01-21', '2025-01-31'].map((d) => month(dateToX(d)))).toEqual([
      '1 Jan',
      '',
      '11 Jan',
      '21 Jan',
      '31 Jan',
    ]);
    const year = scalesOf(optionsFor({ period: 'year', range: { start: '2025-01-01', end: '2025-12-31' } }).options).x.ticks.callback;
    expect([year(dateToX('2025-05-01')), year(dateToX('2025-05-02'))]).toEqual(['May', '']);
  });
});

describe('tooltip', () => {
  const item = (raw: Partial<GraphPoint>) => ({ raw }) as unknown as TooltipItem<'line'>;

  it.each([
    ['METRIC', 'Weight: 79.5 kg'],
    ['IMPERIAL', 'Weight: 175.3 lb'],
  ] as const)('label and notes in %s', (unit, text) => {
    const { options, model } = optionsFor({ unit });
    const callbacks = options.plugins?.tooltip?.callbacks as any;
    const point = model.points[1];
    expect(callbacks.label(item(point))).toEqual([text, 'after holidays']);
    expect(callbacks.title([item(point)])).toBe('Wed 8 Jan');
  });

  it("averages say '(avg)' and carry the bucket label as title", () => {
    const { options, model } = optionsFor({
      period: 'year',
      averaging: 'monthly',
      averages: [avgOf({ month: '2025-01', average: 80 }), avgOf({ month: '2025-02', average: 79 })],
    });
    const callbacks = options.plugins?.tooltip?.callbacks as any;
    expect(callbacks.label(item(model.points[0]))).toBe('Weight: 80.0 kg (avg)');
    expect(callbacks.title([item(model.points[1])])).toBe('February 2025');
  });

  it("with the trend shown: one body per point, the trend's twin points are filtered out", () => {
    const { options, model } = optionsFor({ showTrend: true, trendHistory: EARLIER });
    const tooltip = options.plugins?.tooltip as any;
    expect(tooltip.filter({ datasetIndex: 0 })).toBe(true);
    expect(tooltip.filter({ datasetIndex: 1 })).toBe(false);
    // 80 (2 Jan), 80 (6 Jan), 79.5 (8 Jan): seed median 80; 80 + 0.19 × (79.5 − 80) = 79.905
    expect(tooltip.callbacks.label(item(model.points[1]))).toEqual(['Weight: 79.5 kg', 'Trend: 79.9 kg', 'after holidays']);
  });

  it('a click reports the weight under it, never a point of the trend line', () => {
    const onPointClick = vi.fn();
    const { options } = optionsFor({ showTrend: true, trendHistory: EARLIER }, onPointClick);
    (options.onClick as any)({}, [{ index: 1, datasetIndex: 1 }], {});
    expect(onPointClick).not.toHaveBeenCalled();
    (options.onClick as any)(
      {},
      [
        { index: 1, datasetIndex: 1 },
        { index: 1, datasetIndex: 0 },
      ],
      {},
    );
    expect(onPointClick).toHaveBeenCalledWith('2025-01-08', { averaged: false });
  });

  it('the single-average line has no tooltip and no guide line, but its label', () => {
    const { options } = optionsFor({ period: 'week', averaging: 'weekly', averages: [avgOf({ week: '2025-02', average: 80 })] });
    expect(options.plugins?.tooltip?.enabled).toBe(false);
    expect(options.plugins?.guideLine?.enabled).toBe(false);
    expect(options.plugins?.averageLineLabel?.text).toBe('Weight: 80.0 kg (avg)');
  });
});

describe('click', () => {
  const click = (options: ReturnType<typeof optionsFor>['options'], elements: Array<{ index: number }>) =>
    (options.onClick as (e: ChartEvent, el: ActiveElement[], chart: unknown) => void)({} as ChartEvent, elements as ActiveElement[], {});

  it("reports the clicked point's calendar date", () => {
    const { options, onPointClick } = optionsFor();
    click(options, [{ index: 1 }]);
    expect(onPointClick).toHaveBeenCalledWith('2025-01-08', { averaged: false });
  });

  it('reports averaged points as such', () => {
    const { options, onPointClick } = optionsFor({
      period: 'year',
      averaging: 'monthly',
      averages: [avgOf({ month: '2025-01', average: 80 }), avgOf({ month: '2025-02', average: 79 })],
    });
    click(options, [{ index: 0 }]);
    expect(onPointClick).toHaveBeenCalledWith('2025-01-01', { averaged: true });
  });

  it('a click beside every point reports nothing', () => {
    const { options, onPointClick } = optionsFor();
    click(options, []);
    expect(onPointClick).not.toHaveBeenCalled();
  });

  it('the flat average line is not clickable', () => {
    const { options, onPointClick } = optionsFor({
      period: 'week',
      averaging: 'weekly',
      averages: [avgOf({ week: '2025-02', average: 80 })],
    });
    click(options, [{ index: 0 }]);
    expect(onPointClick).not.toHaveBeenCalled();
  });

  it('pointAtElements', () => {
    const points = buildGraphData(input).points;
    expect(pointAtElements(points, [{ index: 0 }])?.date).toBe('2025-01-06');
    expect(pointAtElements(points, [{ index: 5 }])).toBeNull();
    expect(pointAtElements(points, [])).toBeNull();
  });

  it('works without a handler', () => {
    const model = buildGraphData(input);
    const options = buildGraphOptions(model, { period: 'week', unit: 'METRIC', themeColor: '#3ab0b9' });
    expect(() => (options.onClick as any)({}, [{ index: 0 }], {})).not.toThrow();
  });

  it('shows a pointer over points when clicks are handled', () => {
    const { options } = optionsFor();
    const target = { style: { cursor: '' } };
    (options.onHover as any)({ native: { target } }, [{ index: 0 }], {});
    expect(target.style.cursor).toBe('pointer');
    (options.onHover as any)({ native: { target } }, [], {});
    expect(target.style.cursor).toBe('default');
  });
});
