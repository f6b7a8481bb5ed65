import type { Chart, Plugin } from 'chart.js';

/**
 * What each canvas's attributes say now, kept beside it: the tooltip is mirrored on every animation frame, and reading
 * an attribute back to compare is a DOM call each time.
 */
const mirrored = new WeakMap<HTMLCanvasElement, Map<string, string>>();

/** Writes an attribute only when it changes. */
function mirror(canvas: HTMLCanvasElement, key: string, value: string) {
  let shown = mirrored.get(canvas);
  if (!shown) mirrored.set(canvas, (shown = new Map()));
  if (shown.get(key) === value) return;
  shown.set(key, value);
  canvas.dataset[key] = value;
}

function canvasOf(chart: Chart<'line'>): HTMLCanvasElement | undefined {
  const canvas = chart.canvas as HTMLCanvasElement | undefined;
  return canvas?.dataset ? canvas : undefined;
}

/**
 * Mirrors what the chart shows into data attributes of its canvas: how many weights are drawn and with what
 * marker, the x-axis labels, the y axis' span, the legend, and the tooltip's title while one is open. Everything
 * a canvas hides from the page becomes readable — by browser tests, and by anyone inspecting the page. The chart's
 * content only changes with an update (new data, a resize, a legend click); the frames of its animation redraw the
 * same content, so only the tooltip, which opens and fades without an update, is read as each frame is drawn.
 */
export const chartProbePlugin: Plugin<'line'> = {
  id: 'chartProbe',
  afterUpdate(chart: Chart<'line'>) {
    const canvas = canvasOf(chart);
    if (!canvas) return;
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
    // the lines the page's legend names (one line alone has none)
    const labelled = chart.data.datasets.length > 1;
    mirror(
      canvas,
      'legend',
      chart.data.datasets
        .map((d, i) => (d.label && labelled ? `${d.label}${chart.isDatasetVisible(i) ? '' : ' (hidden)'}` : ''))
        .filter(Boolean)
        .join('|'),
    );
    const y = chart.scales.y;
    mirror(canvas, 'yRange', y ? `${y.min}|${y.max}` : '');
  },
  afterDraw(chart: Chart<'line'>) {
    const canvas = canvasOf(chart);
    if (!canvas) return;
    const tooltip = chart.tooltip;
    mirror(
      canvas,
      'tooltip',
      tooltip && tooltip.opacity > 0 ? [...(tooltip.title ?? []), ...(tooltip.body ?? []).flatMap((b) => b.lines)].join('|') : '',
    );
  },
};
