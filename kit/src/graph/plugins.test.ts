import { describe, expect, it, vi } from 'vitest';
import { averageLineLabelPlugin } from './plugins/averageLineLabel';
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
