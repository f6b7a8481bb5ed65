import { describe, expect, it, vi } from 'vitest';
import { averageLineLabelPlugin } from './plugins/averageLineLabel';
import { chartProbePlugin } from './plugins/chartProbe';
import { forecastBandPlugin } from './plugins/forecastBand';
import { guideLinePlugin, hoveredPoint } from './plugins/guideLine';

function fakeCtx() {
  return {
    save: vi.fn(),
    restore: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    setLineDash: vi.fn(),
    fillText: vi.fn(),
  } as Record<string, any>;
}

const chartArea = { top: 10, bottom: 200, left: 40, right: 400 };

describe('guide line', () => {
  const chart = (active: Array<{ x: number; y: number }>) => ({
    ctx: fakeCtx(),
    chartArea,
    getActiveElements: () => active.map((element, index) => ({ datasetIndex: 0, index, element })),
  });
  const draw = (c: ReturnType<typeof chart>, options: Record<string, unknown>) =>
    (guideLinePlugin.beforeDatasetsDraw as any)(c, {}, options);

  it('draws a vertical line from the hovered point down to the x-axis, in the given colour', () => {
    const c = chart([{ x: 120, y: 80 }]);
    draw(c, { enabled: true, color: 'red', width: 1 });
    expect(c.ctx.moveTo).toHaveBeenCalledWith(120, 80);
    expect(c.ctx.lineTo).toHaveBeenCalledWith(120, 200);
    expect(c.ctx.strokeStyle).toBe('red');
    expect(c.ctx.stroke).toHaveBeenCalledOnce();
  });

  it('draws nothing without a hovered point or when disabled', () => {
    const idle = chart([]);
    draw(idle, { enabled: true });
    expect(idle.ctx.stroke).not.toHaveBeenCalled();
    const off = chart([{ x: 1, y: 2 }]);
    draw(off, { enabled: false });
    expect(off.ctx.stroke).not.toHaveBeenCalled();
  });

  it('hoveredPoint', () => {
    expect(hoveredPoint(chart([{ x: 3, y: 4 }]) as any)).toEqual({ x: 3, y: 4 });
    expect(hoveredPoint(chart([]) as any)).toBeNull();
    expect(hoveredPoint(chart([{ x: NaN, y: 4 }]) as any)).toBeNull();
  });

  it('is drawn under the datasets', () => {
    expect(guideLinePlugin.id).toBe('guideLine');
    expect(guideLinePlugin.beforeDatasetsDraw).toBeTypeOf('function');
    expect(guideLinePlugin.afterDatasetsDraw).toBeUndefined();
  });
});

describe('average line label', () => {
  const chart = (y: number) => ({
    ctx: fakeCtx(),
    chartArea,
    getDatasetMeta: () => ({
      data: [
        { x: 40, y },
        { x: 400, y },
      ],
    }),
  });
  const draw = (c: ReturnType<typeof chart>, options: Record<string, unknown>) =>
    (averageLineLabelPlugin.afterDatasetsDraw as any)(c, {}, options);

  it('writes the label just above the line at its left end', () => {
    const c = chart(100);
    draw(c, { text: 'Weight: 80.0 kg (avg)', color: '#3ab0b9' });
    expect(c.ctx.fillText).toHaveBeenCalledWith('Weight: 80.0 kg (avg)', 46, 94);
    expect(c.ctx.fillStyle).toBe('#3ab0b9');
  });

  it('goes below the line when it runs along the top', () => {
    const c = chart(12);
    draw(c, { text: 'Weight: 80.0 kg (avg)' });
    expect(c.ctx.fillText).toHaveBeenCalledWith('Weight: 80.0 kg (avg)', 46, 30);
  });

  it('draws nothing without text', () => {
    const c = chart(100);
    draw(c, { text: null });
    expect(c.ctx.fillText).not.toHaveBeenCalled();
  });
});

describe('chart probe', () => {
  function probed() {
    const attributes: Record<string, string> = {};
    const writes: string[] = [];
    const dataset = new Proxy(attributes, {
      set(target, key, value) {
        writes.push(String(key));
        target[String(key)] = value;
        return true;
      },
    });
    const hidden = new Set<number>();
    const chart = {
      canvas: { dataset },
      data: {
        datasets: [
          { label: 'Weight', pointRadius: 2, data: [] as unknown[] },
          { label: 'Trend', pointRadius: 0, data: [] },
        ],
      },
      getDatasetMeta: () => ({ data: new Array(98) }),
      scales: { x: { ticks: [{ label: '2025' }, { label: '' }, { label: 'Jul' }] }, y: { min: 76, max: 84 } },
      options: { plugins: { legend: { display: false } } },
      isDatasetVisible: (i: number) => !hidden.has(i),
      tooltip: { opacity: 0, title: [] as string[], body: [] as Array<{ lines: string[] }> },
    };
    const update = () => (chartProbePlugin.afterUpdate as any)(chart, {}, {});
    const draw = () => (chartProbePlugin.afterDraw as any)(chart, {}, {});
    return { chart, attributes, writes, hidden, update, draw };
  }

  it('says what the chart shows once it is updated: weights drawn, marker, x labels, legend and y span', () => {
    const p = probed();
    p.hidden.add(1);
    p.update();
    expect(p.attributes).toMatchObject({
      pointsDrawn: '98',
      markerRadius: '2',
      xLabels: '2025|Jul',
      legend: 'Weight|Trend (hidden)',
      yRange: '76|84',
    });
  });

  it('writes nothing while an animation redraws the same content', () => {
    const p = probed();
    p.update();
    p.draw();
    const written = p.writes.length;
    for (let frame = 0; frame < 30; frame++) p.draw();
    expect(p.writes).toHaveLength(written);
  });

  it('mirrors a tooltip as it opens and clears it as it fades, with no update in between', () => {
    const p = probed();
    p.update();
    p.draw();
    expect(p.attributes.tooltip).toBe('');
    Object.assign(p.chart.tooltip, { opacity: 1, title: ['Mon 3 Mar 2025'], body: [{ lines: ['Weight: 80.1 kg'] }] });
    p.draw();
    expect(p.attributes.tooltip).toBe('Mon 3 Mar 2025|Weight: 80.1 kg');
    p.chart.tooltip.opacity = 0;
    p.draw();
    expect(p.attributes.tooltip).toBe('');
  });

  it('rewrites only what an update changed', () => {
    const p = probed();
    p.update();
    p.writes.length = 0;
    p.chart.scales.y = { min: 70, max: 84 };
    p.update();
    expect(p.writes).toEqual(['yRange']);
    expect(p.attributes.yRange).toBe('70|84');
  });
});

describe('forecast band', () => {
  // an axis from x 0 to 100 over 360 px; pixels beyond ±32,768 would be clamped by chart.js
  const chart = () => {
    const ctx: Record<string, any> = { ...fakeCtx(), rect: vi.fn(), clip: vi.fn(), closePath: vi.fn(), fill: vi.fn() };
    const x = { min: 0, max: 100, getPixelForValue: (v: number) => 40 + (v / 100) * 360 };
    const y = { min: 70, max: 90, getPixelForValue: (v: number) => 200 - ((v - 70) / 20) * 190 };
    return { ctx, chartArea, scales: { x, y }, isDatasetVisible: () => true };
  };
  const draw = (c: ReturnType<typeof chart>, options: Record<string, unknown>) =>
    (forecastBandPlugin.beforeDatasetsDraw as any)(c, {}, options);

  it('cuts a wedge reaching far past the axis at its edge, where its sides are', () => {
    const c = chart();
    draw(c, { from: { x: 50, y: 82 }, earliest: { x: 50_000, y: 78 }, latest: { x: 100_000, y: 78 } });
    const corners = [...c.ctx.moveTo.mock.calls, ...c.ctx.lineTo.mock.calls] as Array<[number, number]>;
    expect(corners).toHaveLength(3);
    expect(Math.max(...corners.map(([px]) => px))).toBe(400);
    // at x 100 the sides have come down 4 × 50/49,950 and 4 × 50/99,950 kg from 82
    const atEdge = corners.filter(([px]) => px === 400).map(([, py]) => py);
    expect(Math.max(...atEdge)).toBeCloseTo(200 - ((82 - (4 * 50) / 49_950 - 70) / 20) * 190, 6);
    expect(c.ctx.fill).toHaveBeenCalledOnce();
  });

  it('draws nothing when the wedge is wholly off the axis', () => {
    const c = chart();
    draw(c, { from: { x: 150, y: 82 }, earliest: { x: 200, y: 78 }, latest: { x: 300, y: 78 } });
    expect(c.ctx.fill).not.toHaveBeenCalled();
  });
});
