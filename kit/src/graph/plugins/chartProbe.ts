import type { Chart, Plugin } from 'chart.js';

/**
 * Mirrors what the chart shows into data attributes of its canvas: how many weights are drawn and with what
 * marker, the x-axis labels, the legend, and the tooltip's title while one is open. Everything a canvas hides from
 * the page becomes readable — by browser tests, and by anyone inspecting the page.
 */
export const chartProbePlugin: Plugin<'line'> = {
  id: 'chartProbe',
  afterDraw(chart: Chart<'line'>) {
    const canvas = chart.canvas as HTMLCanvasElement | undefined;
    if (!canvas?.dataset) return;
    const weights = chart.getDatasetMeta(0);
    canvas.dataset.pointsDrawn = String(weights?.data.length ?? 0);
    const radius = chart.data.datasets[0]?.pointRadius;
    canvas.dataset.markerRadius = String(typeof radius === 'number' ? radius : 0);
    canvas.dataset.xLabels = (chart.scales.x?.ticks ?? [])
      .map((t) => String(t.label ?? ''))
      .filter(Boolean)
      .join('|');
    canvas.dataset.legend = chart.data.datasets
      .map((d, i) =>
        d.label && chart.options.plugins?.legend?.display !== false ? `${d.label}${chart.isDatasetVisible(i) ? '' : ' (hidden)'}` : '',
      )
      .filter(Boolean)
      .join('|');
    const tooltip = chart.tooltip;
    canvas.dataset.tooltip =
      tooltip && tooltip.opacity > 0 ? [...(tooltip.title ?? []), ...(tooltip.body ?? []).flatMap((b) => b.lines)].join('|') : '';
  },
};
