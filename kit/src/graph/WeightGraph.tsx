import { startTransition, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Line } from 'react-chartjs-2';
import { TREND_LOW_DATA_MESSAGE, useReducedMotion } from '@app/kit';
import { GRAPH_PLUGINS } from './registerChart';
import { buildGraphData, DEFAULT_GRAPH_WIDTH } from './buildGraphData';
import { buildGraphOptions } from './buildGraphOptions';
import { describeGraph } from './describeGraph';
import { GraphLegend } from './GraphLegend';
import { GraphTable } from './GraphTable';
import { legendItems } from './legend';
import type { DatasetRole, PointClickHandler, WeightGraphProps } from './types';

const DEFAULT_HEIGHT = 300;

/** The width of an element, followed as it changes (the graph thins its points and labels to fit). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_GRAPH_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => el.clientWidth > 0 && setWidth(Math.round(el.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * False for the first frame, then true: chart.js builds its canvas in a task of its own, after the screen around it
 * has been drawn, instead of lengthening the one that draws the screen (a phone stays responsive meanwhile).
 */
function useAfterFirstFrame(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready;
}

/**
 * The weight line chart of the overview and analytics screens. Shows 'No data available' (or an averages parsing
 * error) as text when there is nothing to draw. With `showTrend` the trend is drawn over the raw weights; with a
 * `goal`, its target, its plan and the forecast band. The chart is described in words for screen readers and can
 * be read as a table.
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
  goal,
  today,
  scheme = 'light',
  onPointClick,
  height = DEFAULT_HEIGHT,
}: WeightGraphProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef);
  const drawn = useAfterFirstFrame();
  const descriptionId = useId();
  const [asTable, setAsTable] = useState(false);
  const reducedMotion = useReducedMotion();
  // lines the user has hidden through the legend, by what they are: kept as the period or the data change
  const [hidden, setHidden] = useState<ReadonlySet<DatasetRole>>(() => new Set());
  const toggleLine = (role: DatasetRole) =>
    setHidden((was) => {
      const next = new Set(was);
      if (!next.delete(role)) next.add(role);
      return next;
    });
  // hosts build the range object anew on every render: the model follows its dates, not its identity
  const rangeStart = range?.start;
  const rangeEnd = range?.end;
  const model = useMemo(() => {
    const stableRange = rangeStart !== undefined && rangeEnd !== undefined ? { start: rangeStart, end: rangeEnd } : null;
    return buildGraphData({
      entries,
      averages,
      averaging,
      period,
      range: stableRange,
      unit,
      weekStartsOn,
      themeColor,
      showTrend,
      trendHistory,
      goal,
      today,
      scheme,
      width,
    });
  }, [
    entries,
    averages,
    averaging,
    period,
    rangeStart,
    rangeEnd,
    unit,
    weekStartsOn,
    themeColor,
    showTrend,
    trendHistory,
    goal,
    today,
    scheme,
    width,
  ]);

  // Hosts often pass a new callback each render; reading it through a ref keeps the options (and the chart) stable.
  const clickRef = useRef<PointClickHandler | undefined>(onPointClick);
  useEffect(() => {
    clickRef.current = onPointClick;
  }, [onPointClick]);
  const clickable = onPointClick !== undefined;

  const options = useMemo(
    () =>
      buildGraphOptions(model, {
        period,
        unit,
        themeColor,
        width,
        scheme,
        reducedMotion,
        onPointClick: clickable ? (date, info) => clickRef.current?.(date, info) : undefined,
      }),
    [model, period, unit, themeColor, clickable, width, scheme, reducedMotion],
  );
  const legend = useMemo(() => legendItems(model), [model]);
  const data = useMemo(
    () =>
      hidden.size === 0 || model.status !== 'ok'
        ? model.data
        : { ...model.data, datasets: model.data.datasets.map((d, i) => ({ ...d, hidden: hidden.has(model.roles[i]!) })) },
    [model, hidden],
  );
  // a trend asked for over raw weights but not drawn: too few readings to seed it, and the text says so
  const trendWaits = showTrend && model.status === 'ok' && !model.averaged && !model.roles.includes('trend');
  const description = useMemo(() => {
    const text = describeGraph(model, unit, averaging, trendHistory, today);
    return trendWaits ? `${text} ${TREND_LOW_DATA_MESSAGE}` : text;
  }, [model, unit, averaging, trendHistory, trendWaits, today]);

  if (model.status !== 'ok') {
    return (
      <div
        ref={boxRef}
        className={`weight-graph weight-graph--${model.status}`}
        role={model.status === 'error' ? 'alert' : 'status'}
        style={{ minHeight: height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        {model.message}
      </div>
    );
  }

  return (
    <div className="weight-graph-box">
      <GraphLegend items={legend} hidden={hidden} onToggle={toggleLine} />
      <div ref={boxRef} className="weight-graph" style={{ position: 'relative', height }}>
        {drawn && (
          <Line
            data={data}
            options={options}
            plugins={GRAPH_PLUGINS}
            role="img"
            aria-label="Weight graph"
            aria-describedby={descriptionId}
          />
        )}
      </div>
      <p id={descriptionId} className="weight-graph-description">
        {description}
      </p>
      <button
        type="button"
        className="button button-small weight-graph-table-toggle"
        aria-expanded={asTable}
        onClick={() => setAsTable((v) => !v)}
      >
        {asTable ? 'Hide the table' : 'View as table'}
      </button>
      {asTable && (
        <GraphTable
          model={model}
          unit={unit}
          caption={description.split(':')[0] ?? 'Weight'}
          onEdit={clickable ? (date) => clickRef.current?.(date, { averaged: false }) : undefined}
        />
      )}
    </div>
  );
}
