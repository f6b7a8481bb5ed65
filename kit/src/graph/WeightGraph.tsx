import { useLayoutEffect, useMemo, useRef } from 'react';
import { Line } from 'react-chartjs-2';
import { GRAPH_PLUGINS } from './registerChart';
import { buildGraphData } from './buildGraphData';
import { buildGraphOptions } from './buildGraphOptions';
import type { PointClickHandler, WeightGraphProps } from './types';

const DEFAULT_HEIGHT = 300;

/**
 * The weight line chart of the overview and analytics screens (spec §2 "Weight graph behaviour").
 * Shows 'No data available' (or an averages parsing error) as text when there is nothing to draw.
 * With `showTrend` (off by default) raw points get the smoothed trend as a second, thinner and darker line;
 * readings above it are filled dots, readings below it hollow ones.
 */
export function WeightGraph({
  entries,
  averages,
  averaging,
  period,
  range,
  unit,
  weekStartsOn,
  themeColor,
  showTrend = false,
  trendHistory,
  onPointClick,
  height = DEFAULT_HEIGHT,
}: WeightGraphProps) {
  const model = useMemo(
    () => buildGraphData({ entries, averages, averaging, period, range, unit, weekStartsOn, themeColor, showTrend, trendHistory }),
    [entries, averages, averaging, period, range?.start, range?.end, unit, weekStartsOn, themeColor, showTrend, trendHistory],
  );

  // Hosts often pass a new callback each render; reading it through a ref keeps the options (and the chart) stable.
  const clickRef = useRef<PointClickHandler | undefined>(onPointClick);
  useLayoutEffect(() => {
    clickRef.current = onPointClick;
  }, [onPointClick]);
  const clickable = onPointClick !== undefined;

  const options = useMemo(
    () =>
      buildGraphOptions(model, {
        period,
        unit,
        themeColor,
        onPointClick: clickable ? (date, info) => clickRef.current?.(date, info) : undefined,
      }),
    [model, period, unit, themeColor, clickable],
  );

  if (model.status !== 'ok') {
    return (
      <div
        className={`weight-graph weight-graph--${model.status}`}
        role={model.status === 'error' ? 'alert' : 'status'}
        style={{ minHeight: height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        {model.message}
      </div>
    );
  }

  return (
    <div className="weight-graph" style={{ position: 'relative', height }}>
      <Line data={model.data} options={options} plugins={GRAPH_PLUGINS} role="img" aria-label="Weight graph" />
    </div>
  );
}
