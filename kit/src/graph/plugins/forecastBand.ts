import type { ChartType, Plugin } from 'chart.js';
import { clipPolygonToX } from '../clipToX';

export interface ForecastBandOptions {
  /** Corners in data units (x: timestamp, y: display weight): the last trend point, then the target at the
   * earliest and at the latest likely day. */
  from?: { x: number; y: number } | null;
  earliest?: { x: number; y: number } | null;
  latest?: { x: number; y: number } | null;
  /** Index of the legend-only dataset that switches the band on and off. */
  datasetIndex?: number;
  color?: string;
}

declare module 'chart.js' {
  // the merged declaration must repeat chart.js's type parameter, used or not
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    forecastBand?: ForecastBandOptions;
  }
}

/**
 * The goal forecast as a shaded wedge: from where the trend is now to the target weight, reached anywhere between
 * the earliest and the latest likely day. Drawn under the lines, clipped to the plot.
 */
export const forecastBandPlugin: Plugin<'line', ForecastBandOptions> = {
  id: 'forecastBand',
  defaults: { from: null, earliest: null, latest: null, color: 'rgba(58, 176, 185, 0.2)' },
  beforeDatasetsDraw(chart, _args, options) {
    const { from, earliest, latest } = options;
    if (!from || !earliest || !latest) return;
    if (options.datasetIndex !== undefined && !chart.isDatasetVisible(options.datasetIndex)) return;
    const { ctx, chartArea, scales } = chart;
    // cut to the axis first: a likely day months past a short axis would otherwise be clamped to chart.js's pixel limit
    const corners = clipPolygonToX([from, earliest, latest], scales.x!.min, scales.x!.max);
    if (corners.length < 3) return;
    ctx.save();
    ctx.beginPath();
    ctx.rect(chartArea.left, chartArea.top, chartArea.right - chartArea.left, chartArea.bottom - chartArea.top);
    ctx.clip();
    ctx.beginPath();
    const [first, ...rest] = corners.map((p) => [scales.x!.getPixelForValue(p.x), scales.y!.getPixelForValue(p.y)] as const);
    ctx.moveTo(...first!);
    for (const p of rest) ctx.lineTo(...p);
    ctx.closePath();
    ctx.fillStyle = options.color ?? 'rgba(58, 176, 185, 0.2)';
    ctx.fill();
    ctx.restore();
  },
};
