// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { BasicPlatform, Chart, LinearScale, LineController, LineElement, PointElement, type ChartConfiguration } from 'chart.js';
import { shareAnimationsPerUpdate } from './sharedAnimations';

Chart.register(LineController, LineElement, PointElement, LinearScale);

/** A canvas that draws nothing: chart.js lays out, resolves and animates as in a page. */
function fakeCanvas() {
  const ctx: Record<string | symbol, unknown> = new Proxy(
    {},
    {
      get: (target: Record<string | symbol, unknown>, prop) =>
        prop in target ? target[prop] : prop === 'measureText' ? () => ({ width: 10 }) : prop === 'canvas' ? canvas : () => undefined,
      set: (target, prop, value) => ((target[prop] = value), true),
    },
  );
  const canvas = { width: 600, height: 300, style: {}, getContext: () => ctx };
  return canvas;
}

/** chart.js's platform for canvases outside a page, with the page's animations (its own turns them off). */
class AnimatedPlatform extends BasicPlatform {
  override updateConfig() {}
}

const points = (n: number, shift = 0) => Array.from({ length: n }, (_, i) => ({ x: i, y: 70 + Math.sin(i / 5) + shift }));

function lineChart(options: ChartConfiguration<'line'>['options'] = {}) {
  return new Chart(fakeCanvas() as never, {
    type: 'line',
    // the canvas draws nothing; the page's own platform would look for a real one
    platform: AnimatedPlatform,
    data: {
      datasets: [
        { data: points(200), parsing: false },
        { data: points(200, 1), parsing: false },
      ],
    },
    options: {
      responsive: false,
      animation: { duration: 500 },
      animations: { colors: false },
      scales: { x: { type: 'linear' } },
      ...options,
    },
  });
}

/** The resolved animation of property `prop` of every point of dataset 0 once `update` has run. */
function pointAnimations(chart: Chart<'line'>, prop: 'x' | 'y') {
  return chart
    .getDatasetMeta(0)
    .data.map((el) => (el as unknown as { $animations?: Record<string, { _duration: number }> }).$animations?.[prop]?._duration);
}

describe('animation settings shared per update', () => {
  it('leaves chart.js as it is found when its internals are not there', () => {
    expect(shareAnimationsPerUpdate(class {})).toBe(false);
  });

  it('resolves each line once per update instead of once per point, and every point still moves over 500 ms', () => {
    // chart.js's own resolution, counted
    const internals = LineController.prototype as unknown as { _resolveAnimations: (...args: unknown[]) => unknown };
    const original = internals._resolveAnimations;
    const resolved = vi.fn(function (this: unknown, ...args: unknown[]) {
      return original.apply(this, args);
    });
    internals._resolveAnimations = resolved;
    expect(shareAnimationsPerUpdate(LineController)).toBe(true);
    // patching twice wraps once
    expect(shareAnimationsPerUpdate(LineController)).toBe(true);
    const chart = lineChart();
    chart.stop();
    for (const d of chart.data.datasets) d.data = points(200, 2);
    resolved.mockClear();
    chart.update();
    // two lines of 200 points: once per line and transition, where it was once per point
    expect(resolved.mock.calls.length).toBeGreaterThan(0);
    expect(resolved.mock.calls.length).toBeLessThanOrEqual(4);
    const durations = pointAnimations(chart, 'y');
    expect(durations).toHaveLength(200);
    expect(new Set(durations)).toEqual(new Set([500]));
    chart.destroy();
  });

  it('reads new settings on the next update', () => {
    shareAnimationsPerUpdate(LineController);
    const chart = lineChart();
    chart.stop();
    chart.options.animation = { duration: 200 };
    for (const d of chart.data.datasets) d.data = points(200, 3);
    chart.update();
    expect(new Set(pointAnimations(chart, 'y'))).toEqual(new Set([200]));
    chart.destroy();
  });

  it('still resolves per point a delay given as a function of the point', () => {
    shareAnimationsPerUpdate(LineController);
    const chart = lineChart({
      animation: { duration: 100 },
      animations: { colors: false, y: { duration: (ctx: { dataIndex?: number }) => 100 + (ctx.dataIndex ?? 0) } },
    });
    chart.stop();
    for (const d of chart.data.datasets) d.data = points(200, 4);
    chart.update();
    const durations = pointAnimations(chart, 'y');
    expect(durations[0]).toBe(100);
    expect(durations[150]).toBe(250);
    chart.destroy();
  });
});
