// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { escapeDismissPlugin } from './plugins/escapeDismiss';

describe('escape dismisses the tooltip', () => {
  function hovered() {
    let active = [{ datasetIndex: 0, index: 3 }];
    let tip = [{ datasetIndex: 0, index: 3 }];
    return {
      getActiveElements: () => active,
      setActiveElements: vi.fn((next: typeof active) => (active = next)),
      tooltip: { getActiveElements: () => tip, setActiveElements: vi.fn((next: typeof tip) => (tip = next)) },
      update: vi.fn(),
    };
  }
  const press = (key: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key }));

  it('hides the hovered point and its tooltip on Escape, until the chart is gone', () => {
    const chart = hovered();
    (escapeDismissPlugin.afterInit as any)(chart, {}, {});
    press('Enter');
    expect(chart.update).not.toHaveBeenCalled();
    press('Escape');
    expect(chart.getActiveElements()).toEqual([]);
    expect(chart.tooltip.getActiveElements()).toEqual([]);
    expect(chart.update).toHaveBeenCalledWith('none');
    // nothing shown: nothing to redraw
    press('Escape');
    expect(chart.update).toHaveBeenCalledOnce();
    const again = hovered();
    (escapeDismissPlugin.afterInit as any)(again, {}, {});
    (escapeDismissPlugin.afterDestroy as any)(again, {}, {});
    press('Escape');
    expect(again.update).not.toHaveBeenCalled();
  });
});
