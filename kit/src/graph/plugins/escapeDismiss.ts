import type { Chart, Plugin } from 'chart.js';

const listeners = new WeakMap<Chart, (event: KeyboardEvent) => void>();

/** Hides the hovered point's tooltip and guide line, if any; true when there was one to hide. */
export function dismissHover(chart: Pick<Chart, 'getActiveElements' | 'setActiveElements' | 'tooltip' | 'update'>): boolean {
  if (chart.getActiveElements().length === 0 && (chart.tooltip?.getActiveElements().length ?? 0) === 0) return false;
  chart.setActiveElements([]);
  chart.tooltip?.setActiveElements([], { x: 0, y: 0 });
  chart.update('none');
  return true;
}

/**
 * Escape hides the tooltip a pointer left over the graph: it covers the line and the points after it, and whoever
 * reads past it must be able to put it away without moving the pointer. The next movement shows it again.
 */
export const escapeDismissPlugin: Plugin<'line'> = {
  id: 'escapeDismiss',
  afterInit(chart) {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) dismissHover(chart);
    };
    // charts drawn outside a page (tests, a server) have no document to listen to
    const doc = chart.canvas?.ownerDocument ?? globalThis.document;
    if (!doc) return;
    listeners.set(chart, onKey);
    doc.addEventListener('keydown', onKey);
  },
  afterDestroy(chart) {
    const onKey = listeners.get(chart);
    if (onKey) (chart.canvas?.ownerDocument ?? globalThis.document)?.removeEventListener('keydown', onKey);
    listeners.delete(chart);
  },
};
