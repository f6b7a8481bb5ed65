import type { Chart, ChartType, Plugin } from 'chart.js';

export interface GuideLineOptions {
  enabled?: boolean;
  color?: string;
  width?: number;
}

declare module 'chart.js' {
  // the merged declaration must repeat chart.js's type parameter, used or not
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    guideLine?: GuideLineOptions;
  }
}

/** x and y of the hovered point, or null when nothing is hovered. */
export function hoveredPoint(chart: Pick<Chart, 'getActiveElements'>): { x: number; y: number } | null {
  const active = chart.getActiveElements();
  if (active.length === 0) return null;
  const { x, y } = active[0].element;
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/**
 * A vertical guide line from the hovered point down to the x-axis. Drawn before the datasets,
 * so it sits under the point and the line.
 */
export const guideLinePlugin: Plugin<'line', GuideLineOptions> = {
  id: 'guideLine',
  defaults: { enabled: true, color: 'rgba(0, 0, 0, 0.25)', width: 1 },
  beforeDatasetsDraw(chart, _args, options) {
    if (options.enabled === false) return;
    const point = hoveredPoint(chart);
    if (!point) return;
    const { ctx, chartArea } = chart;
    ctx.save();
    ctx.beginPath();
    ctx.setLineDash([4, 4]);
    ctx.moveTo(point.x, point.y);
    ctx.lineTo(point.x, chartArea.bottom);
    ctx.lineWidth = options.width ?? 1;
    ctx.strokeStyle = options.color ?? 'rgba(0, 0, 0, 0.25)';
    ctx.stroke();
    ctx.restore();
  },
};
