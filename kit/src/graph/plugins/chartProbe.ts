import type { Chart, Plugin } from 'chart.js';

/** Writes an attribute only when it changes: the probe runs on every animation frame. */
function mirror(canvas: HTMLCanvasElement, key: string, value: string) {
  if (canvas.dataset[key] !== value) canvas.dataset[key] = value;
}

/**
 * Mirrors what the chart shows into data attributes of its canvas: how many weights are drawn and with what
 * marker, the x-axis labels, the y axis' span, the legend, and the tooltip's title while one is open. Everything
 * a canvas hides from the page becomes readable — by browser tests, and by anyone inspecting the page.
 */
export const chartProbePlugin: Plugin<'line'> = {
  id: 'chartProbe',
  afterDraw(chart: Chart<'line'>) {
    const canvas = chart.canvas as HTMLCanvasElement | undefined;
    if (!canvas?.dataset) return;
    const weights = chart.getDatasetMeta(0);
    mirror(canvas, 'pointsDrawn', String(weights?.data.length ?? 0));
    const radius = chart.data.datasets[0]?.pointRadius;
    mirror(canvas, 'markerRadius', String(typeof radius === 'number' ? radius : 0));
    mirror(
      canvas,
      'xLabels',
      (chart.scales.x?.ticks ?? [])
        .map((t) => String(t.label ?? ''))
        .filter(Boolean)
        .join('|'),
    );
    mirror(
      canvas,
      'legend',
      chart.data.datasets
        .map((d, i) =>
          d.label && chart.options.plugins?.legend?.display !== false ? `${d.label}${chart.isDatasetVisible(i) ? '' : ' (hidden)'}` : '',
        )
        .filter(Boolean)
        .join('|'),
    );
    const y = chart.scales.y;
    mirror(canvas, 'yRange', y ? `${y.min}|${y.max}` : '');
    const tooltip = chart.tooltip;
    mirror(
      canvas,
      'tooltip',
      tooltip && tooltip.opacity > 0 ? [...(tooltip.title ?? []), ...(tooltip.body ?? []).flatMap((b) => b.lines)].join('|') : '',
    );
  },
};
