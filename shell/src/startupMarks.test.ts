import { afterEach, describe, expect, it } from 'vitest';
import { markStartup, STARTUP_MARKS } from './startupMarks';

afterEach(() => performance.clearMarks());

describe('markStartup', () => {
  it('marks each milestone once, at the first time the page reaches it', async () => {
    markStartup('start');
    const first = performance.getEntriesByName(STARTUP_MARKS.start, 'mark')[0]!.startTime;
    await new Promise((r) => setTimeout(r, 5));
    markStartup('start');
    const marks = performance.getEntriesByName(STARTUP_MARKS.start, 'mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.startTime).toBe(first);
  });

  it('names every milestone apart, so each keeps its own time', () => {
    for (const m of ['start', 'modules', 'render', 'screen'] as const) markStartup(m);
    expect(performance.getEntriesByType('mark').map((m) => m.name)).toEqual([
      'weightwise:start',
      'weightwise:modules',
      'weightwise:render',
      'weightwise:screen',
    ]);
  });

  it('does nothing, and does not throw, where the timeline is missing or refuses', () => {
    expect(() => markStartup('render', undefined)).not.toThrow();
    const refusing = {
      getEntriesByName: () => [],
      mark: () => {
        throw new Error('not allowed');
      },
    } as unknown as Performance;
    expect(() => markStartup('render', refusing)).not.toThrow();
  });
});
