// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ChartData, ChartOptions, Plugin } from 'chart.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraphPoint, WeightGraphProps } from './types';
import { avgOf } from '../test/averages';

// jsdom has no canvas: the chart is replaced by a probe that records what it was given.
const lineProps = vi.hoisted(() => ({
  calls: [] as Array<{ data: ChartData<'line', GraphPoint[]>; options: ChartOptions<'line'>; plugins: Plugin<'line'>[] }>,
}));
vi.mock('react-chartjs-2', () => ({
  Line: (props: (typeof lineProps.calls)[number] & Record<string, unknown>) => {
    lineProps.calls.push(props);
    return <canvas data-testid="line-chart" role={props.role as string} aria-label={props['aria-label'] as string} />;
  },
}));

const { WeightGraph } = await import('./WeightGraph');

const props: WeightGraphProps = {
  entries: [
    { id: 1, date: '2025-01-06', weightKg: 80, notes: null },
    { id: 2, date: '2025-01-08', weightKg: 79.5, notes: 'after holidays' },
  ],
  averaging: 'none',
  period: 'week',
  range: { start: '2025-01-05', end: '2025-01-11' },
  unit: 'METRIC',
  weekStartsOn: 0,
  themeColor: '#3ab0b9',
};

/** A reading before the week: with the week's two, the three the trend needs. */
const EARLIER = [{ date: '2025-01-02', weightKg: 80 }];

const lastCall = () => lineProps.calls[lineProps.calls.length - 1];

beforeEach(() => {
  lineProps.calls.length = 0;
});

describe('WeightGraph', () => {
  it('passes the points, options and plugins to the line chart', () => {
    render(<WeightGraph {...props} unit="IMPERIAL" height={240} />);
    expect(screen.getByRole('img', { name: 'Weight graph' })).toBeInTheDocument();
    const { data, options, plugins } = lastCall();
    const points = data.datasets[0].data;
    expect(points.map((p) => p.date)).toEqual(['2025-01-06', '2025-01-08']);
    expect(points[0].y).toBeCloseTo(176.3696, 4);
    expect(data.datasets[0]).toMatchObject({
      pointRadius: 4,
      tension: 0,
      borderColor: '#1a9ba4', // the default teal at 3:1 on the surface
      backgroundColor: 'rgba(26, 155, 164, 0.1)',
    });
    expect(options.animation).toEqual({ duration: 500 });
    expect((options.scales?.x as { time: { unit: string } }).time.unit).toBe('day');
    expect((options.scales?.y as { ticks: { maxTicksLimit: number } }).ticks.maxTicksLimit).toBe(4);
    expect(plugins.map((p) => p.id)).toEqual(['guideLine', 'averageLineLabel', 'forecastBand', 'chartProbe', 'escapeDismiss']);
    expect(screen.getByTestId('line-chart').parentElement).toHaveStyle({ height: '240px' });
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
  });

  it.each([
    ['no entries', { entries: [] }],
    ['entries not loaded', { entries: undefined }],
  ])("shows 'No data available' as text with %s", (_name, patch) => {
    render(<WeightGraph {...props} {...patch} />);
    expect(screen.getByText('No data available')).toBeVisible();
    expect(screen.queryByTestId('line-chart')).not.toBeInTheDocument();
  });

  it('shows an averages parsing error as text instead of crashing', () => {
    render(<WeightGraph {...props} period="year" averaging="weekly" averages={[avgOf({ week: '2025-53', average: 80 })]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('2025 has no ISO week 53');
    expect(screen.queryByTestId('line-chart')).not.toBeInTheDocument();
  });

  it('draws the single-average line with its label', () => {
    render(<WeightGraph {...props} averaging="weekly" averages={[avgOf({ week: '2025-02', average: 80 })]} />);
    const { data, options } = lastCall();
    expect(data.datasets[0].label).toBe('Weight: 80.0 kg (avg)');
    expect(data.datasets[0].pointRadius).toBe(0);
    expect(options.plugins?.averageLineLabel?.text).toBe('Weight: 80.0 kg (avg)');
  });

  it('a click on a point calls onPointClick with its date, using the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<WeightGraph {...props} onPointClick={first} />);
    const optionsBefore = lastCall().options;
    rerender(<WeightGraph {...props} onPointClick={second} />);
    // A new callback alone does not rebuild the chart options.
    expect(lastCall().options).toBe(optionsBefore);
    act(() => (lastCall().options.onClick as (e: unknown, el: Array<{ index: number }>, c: unknown) => void)({}, [{ index: 1 }], {}));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('2025-01-08', { averaged: false });
  });

  it('keeps the same data and options across renders with equal props', () => {
    const { rerender } = render(<WeightGraph {...props} />);
    const before = lastCall();
    rerender(<WeightGraph {...props} range={{ ...props.range! }} />);
    expect(lastCall().data).toBe(before.data);
    expect(lastCall().options).toBe(before.options);
  });

  it('follows a theme change', () => {
    const { rerender } = render(<WeightGraph {...props} />);
    rerender(<WeightGraph {...props} themeColor="#ef4444" />);
    expect(lastCall().data.datasets[0].borderColor).toBe('#ef4444');
  });

  it('draws the trend line only when showTrend is set, and follows the toggle', () => {
    const { rerender } = render(<WeightGraph {...props} />);
    expect(lastCall().data.datasets.map((d) => d.label)).toEqual(['Weight']);
    // two readings are too few for a trend (its seed is the median of three), as the Trend card says
    rerender(<WeightGraph {...props} showTrend />);
    expect(lastCall().data.datasets.map((d) => d.label)).toEqual(['Weight']);
    rerender(<WeightGraph {...props} showTrend trendHistory={EARLIER} />);
    const { data } = lastCall();
    expect(data.datasets.map((d) => d.label)).toEqual(['Weight', 'Trend']);
    // seed median(80, 80, 79.5) = 80, entering the week at 80; 80 + 0.19 × (79.5 − 80) = 79.905
    expect(data.datasets[1].data.map((p) => Math.round(p.y * 1e6) / 1e6)).toEqual([80, 80, 79.905]);
    rerender(<WeightGraph {...props} showTrend={false} trendHistory={EARLIER} />);
    expect(lastCall().data.datasets).toHaveLength(1);
  });

  it('says, under the graph, what a trend that is asked for still needs', () => {
    const { rerender } = render(<WeightGraph {...props} showTrend />);
    const description = () => document.querySelector('.weight-graph-description')!.textContent;
    expect(description()).toMatch(/\. Log at least 3 weights to see your trend\.$/);
    rerender(<WeightGraph {...props} />);
    expect(description()).not.toContain('Log at least');
    rerender(<WeightGraph {...props} showTrend trendHistory={EARLIER} />);
    expect(description()).not.toContain('Log at least');
  });

  it('names a weight waiting to be sent in its description and its table', () => {
    const entries = [...props.entries!, { date: '2025-01-09', weightKg: 79.2, notes: '', pending: { kind: 'waiting' as const } }];
    render(<WeightGraph {...props} entries={entries} />);
    expect(screen.getByText(/Waiting to be sent, logged offline: 79\.2 kg \(09\/01\/2025\)\./)).toHaveClass('weight-graph-description');
    fireEvent.click(screen.getByRole('button', { name: 'View as table' }));
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '09/01/202579.2Waiting to be sent',
      '08/01/202579.5Savedafter holidays',
      '06/01/202580.0Saved',
    ]);
  });

  it('gives the table the notes the tooltips show and an Edit per day that does what a click on its point does', () => {
    const onPointClick = vi.fn();
    render(<WeightGraph {...props} onPointClick={onPointClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'View as table' }));
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Notes' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /08\/01\/2025/ })).toHaveTextContent('after holidays');
    fireEvent.click(within(table).getByRole('button', { name: 'Edit 06/01/2025' }));
    expect(onPointClick).toHaveBeenCalledWith('2025-01-06', { averaged: false });
  });

  it('has no Edit in the table of a graph nobody can edit from', () => {
    render(<WeightGraph {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'View as table' }));
    expect(within(screen.getByRole('table')).queryByRole('button')).toBeNull();
  });

  it('has a legend of buttons once it draws more than one line: each hides and shows its line, from the keyboard too', () => {
    const goal = { startWeightKg: 82, targetWeightKg: 75, startDate: '2024-11-01', targetDate: '2025-06-01' };
    render(<WeightGraph {...props} showTrend trendHistory={EARLIER} goal={goal} />);
    const legend = screen.getByRole('list', { name: 'Lines shown on the graph' });
    const buttons = within(legend).getAllByRole('button');
    // the three readings head down toward the target: the likely date's band is named too
    expect(buttons.map((b) => b.textContent)).toEqual(['Weight', 'Trend', 'Target', 'Plan', 'Likely date']);
    expect(buttons.every((b) => b.getAttribute('aria-pressed') === 'true')).toBe(true);
    // the two goal lines share a colour: their keys differ by their dashes
    const dashes = ['Target', 'Plan'].map((name) =>
      within(legend).getByRole('button', { name }).querySelector('line')?.getAttribute('stroke-dasharray'),
    );
    expect(dashes).toEqual(['6 4', '2 3']);
    const target = within(legend).getByRole('button', { name: 'Target' });
    target.focus();
    fireEvent.click(target);
    expect(target).toHaveAttribute('aria-pressed', 'false');
    expect(lastCall().data.datasets.map((d) => d.hidden ?? false)).toEqual([false, false, true, false, false]);
    fireEvent.click(target);
    expect(target).toHaveAttribute('aria-pressed', 'true');
    expect(lastCall().data.datasets.map((d) => d.hidden ?? false)).toEqual([false, false, false, false, false]);
  });

  it('has no legend while it draws the weights alone', () => {
    render(<WeightGraph {...props} />);
    expect(screen.queryByRole('list', { name: 'Lines shown on the graph' })).not.toBeInTheDocument();
  });

  it('draws changes at once when the device asks for less motion', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      render(<WeightGraph {...props} />);
      expect(lastCall().options.animation).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
