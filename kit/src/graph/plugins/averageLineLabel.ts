import type { ChartType, Plugin } from 'chart.js';

export interface AverageLineLabelOptions {
  /** The label of the single-average line; nothing is drawn without it. */
  text?: string | null;
  color?: string;
  font?: string;
}

declare module 'chart.js' {
  // the merged declaration must repeat chart.js's type parameter, used or not
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    averageLineLabel?: AverageLineLabelOptions;
  }
}

const GAP_PX = 6;

/** Writes 'Weight: {value} {unit} (avg)' just above the flat average line, at its left end. */
export const averageLineLabelPlugin: Plugin<'line', AverageLineLabelOptions> = {
  id: 'averageLineLabel',
  defaults: { text: null, color: '#333333', font: '600 12px sans-serif' },
  afterDatasetsDraw(chart, _args, options) {
    if (!options.text) return;
    const first = chart.getDatasetMeta(0)?.data?.[0];
    if (!first || !Number.isFinite(first.y)) return;
    const { ctx, chartArea } = chart;
    ctx.save();
    ctx.font = options.font ?? '600 12px sans-serif';
    ctx.fillStyle = options.color ?? '#333333';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    // Below the line when there is no room above it.
    const above = first.y - GAP_PX;
    const y = above - 12 < chartArea.top ? first.y + GAP_PX + 12 : above;
    ctx.fillText(options.text, chartArea.left + GAP_PX, y);
    ctx.restore();
  },
};
