import type { ChartData, ChartOptions } from 'chart.js';

/**
 * Stand-in for react-chartjs-2's Line (jsdom has no canvas): shows how many points were handed to
 * chart.js and lets a test "click" the first or last point through the real options.onClick.
 */
export function LineMock({ data, options }: { data: ChartData<'line'>; options: ChartOptions<'line'> }) {
  const points = data.datasets[0]?.data.length ?? 0;
  const click = (index: number) => (options.onClick as unknown as (event: unknown, elements: { index: number }[]) => void)({}, [{ index }]);
  return (
    <div data-testid="line-chart" data-points={points} data-lines={data.datasets.map((d) => d.label).join(',')}>
      <button type="button" onClick={() => click(0)}>
        first point
      </button>
      <button type="button" onClick={() => click(points - 1)}>
        last point
      </button>
    </div>
  );
}
