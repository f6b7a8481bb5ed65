import type { Chart, ChartEvent, InteractionItem, InteractionModeFunction } from 'chart.js';
import { getRelativePosition } from 'chart.js/helpers';

declare module 'chart.js' {
  interface InteractionModeMap {
    /** The drawn weight nearest on x to the pointer; the goal's and the trend's lines never answer. */
    weights: InteractionModeFunction;
  }
}

/**
 * Hover, tooltip and click all look for the weight the pointer is nearest to along x, among the weights actually
 * drawn (dataset 0). Lines without points of their own (trend, target, plan) are never picked, wherever they run.
 */
export function nearestWeight(chart: Chart, event: ChartEvent | Event, _options: unknown, useFinalPosition?: boolean): InteractionItem[] {
  const position = getRelativePosition(event as Event, chart as never);
  const { chartArea } = chart;
  // a little outside the plot still counts: the last point sits on its right edge
  if (
    position.y < chartArea.top - 8 ||
    position.y > chartArea.bottom + 8 ||
    position.x < chartArea.left - 12 ||
    position.x > chartArea.right + 12
  )
    return [];
  const meta = chart.getDatasetMeta(0);
  if (!meta || meta.hidden || !chart.isDatasetVisible(0)) return [];
  let best: InteractionItem | null = null;
  let bestDistance = Infinity;
  meta.data.forEach((element, index) => {
    const { x } = element.getProps(['x'], useFinalPosition) as { x: number };
    const distance = Math.abs(x - position.x);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = { element, datasetIndex: 0, index };
    }
  });
  return best ? [best] : [];
}
