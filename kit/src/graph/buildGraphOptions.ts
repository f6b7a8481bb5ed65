import type { ChartOptions, Tick, TooltipItem } from 'chart.js';
import { ANIMATION_MS, BASE_COLORS, hexToRgba, MAX_Y_TICKS, type PeriodKey, type Scheme, themeColors, type UnitSystem } from '@app/kit';
import { DEFAULT_GRAPH_WIDTH, graphColor } from './buildGraphData';
import { tooltipLabel, tooltipTitle } from './tooltip';
import { longAxisTicks, xAxisUnit, xTickCallback, type XTickCallback } from './xTicks';
import type { GraphModel, GraphPoint, PointClickHandler } from './types';

export interface GraphOptionsInput {
  period: PeriodKey;
  unit: UnitSystem;
  themeColor: string;
  onPointClick?: PointClickHandler;
  /** Plot width in CSS pixels: how many month labels fit. */
  width?: number;
  /** The appearance: axis labels, grid and the average-line label follow it. Light unless given. */
  scheme?: Scheme;
  /** The device asks for less motion: changes are drawn at once instead of over ANIMATION_MS. */
  reducedMotion?: boolean;
}

/** The drawn weight under a click (the first active element of dataset 0), or null. */
export function pointAtElements(
  drawn: readonly GraphPoint[],
  elements: readonly { index: number; datasetIndex?: number }[],
): GraphPoint | null {
  const hit = elements.find((e) => (e.datasetIndex ?? 0) === 0);
  return hit === undefined ? null : (drawn[hit.index] ?? null);
}

/** The ticks the label rule names; the others would only be blank slots for chart.js to skip among. */
export function keepLabelledTicks<T extends Pick<Tick, 'value'>>(ticks: readonly T[], label: XTickCallback): T[] {
  return ticks.filter((tick) => label(tick.value) !== '');
}

/**
 * chart.js options for a model from buildGraphData: a time x-axis over the period (day ticks for week and month,
 * months for longer periods, thinned to fit and with years when the span crosses one); a y-axis of at most 4 ticks
 * that never spans less than 2 kg / 4 lb; 500 ms animation; a legend once there is more than the weights; the
 * tooltip 'Weight: …' (with the trend and the notes) and the hover guide line of the weight nearest the pointer;
 * the average-line label; the forecast band; clicks report the point's date.
 */
export function buildGraphOptions(model: GraphModel, input: GraphOptionsInput): ChartOptions<'line'> {
  const { period, unit, onPointClick } = input;
  const width = input.width ?? DEFAULT_GRAPH_WIDTH;
  const scheme = input.scheme ?? 'light';
  const theme = themeColors(graphColor(input.themeColor), scheme);
  const color = theme.chartLine;
  const ink = BASE_COLORS[scheme];
  const flatLine = model.averageLine !== null;
  const unitOfX = xAxisUnit(period);
  const tickLabel = xTickCallback(period, model.bounds, width);
  const longAxis = unitOfX === 'month' && model.bounds !== null;
  const bounds = model.bounds;
  const forecastIndex = model.roles.indexOf('forecast');

  return {
    responsive: true,
    // points arrive as {x, y} sorted by x: chart.js can skip parsing and sorting them on every update
    parsing: false,
    normalized: true,
    maintainAspectRatio: false,
    animation: input.reducedMotion ? false : { duration: ANIMATION_MS },
    // lines move, colours stay: interpolating every marker's colours on every frame would cost more than the move
    animations: { colors: false },
    interaction: { mode: 'weights', intersect: false },
    scales: {
      x: {
        type: 'time',
        ...(bounds && { min: bounds.min, max: bounds.max }),
        time: { unit: unitOfX },
        ticks: {
          source: 'auto',
          autoSkip: false,
          ...(!longAxis && { stepSize: 1 }),
          maxRotation: 0,
          color: ink.muted,
          callback: tickLabel,
        },
        // chart.js thins 'auto' ticks to fit the width, which could drop the ticks the label rule chose: the axis
        // keeps exactly the labelled ones (a long axis gets its own, aligned on January)
        afterBuildTicks: (scale: { ticks: Tick[] }) => {
          scale.ticks =
            longAxis && bounds
              ? longAxisTicks(bounds, width).map((t) => ({ value: t.value }) as Tick)
              : keepLabelledTicks(scale.ticks, tickLabel);
        },
        grid: { display: false },
      },
      y: {
        type: 'linear',
        grace: '5%',
        ...(model.yBounds && { suggestedMin: model.yBounds.min, suggestedMax: model.yBounds.max }),
        ticks: { maxTicksLimit: MAX_Y_TICKS, color: ink.muted },
        grid: { color: ink.grid },
      },
    },
    plugins: {
      // the legend is the page's own (GraphLegend): buttons that work from the keyboard, not a picture on the canvas
      legend: { display: false },
      tooltip: {
        enabled: !flatLine,
        displayColors: false,
        filter: (item: TooltipItem<'line'>) => item.datasetIndex === 0,
        callbacks: {
          title: (items: TooltipItem<'line'>[]) => tooltipTitle(items[0]?.raw as GraphPoint | undefined),
          label: (item: TooltipItem<'line'>) => tooltipLabel(item.raw as GraphPoint, unit),
        },
      },
      guideLine: { enabled: !flatLine, color: hexToRgba(color, 0.5) },
      // the label is text: the readable shade of the theme colour
      averageLineLabel: { text: model.averageLine?.label ?? null, color: theme.primaryText },
      forecastBand: model.forecast
        ? {
            from: model.forecast.from,
            earliest: model.forecast.earliest,
            latest: model.forecast.latest,
            datasetIndex: forecastIndex,
            color: hexToRgba(color, 0.18),
          }
        : { from: null, earliest: null, latest: null },
    },
    onClick: (_event, elements) => {
      const point = pointAtElements(model.drawn, elements);
      if (point) onPointClick?.(point.date, { averaged: point.averaged });
    },
    onHover: (event, elements) => {
      const target = event.native?.target as HTMLElement | null | undefined;
      if (target?.style) target.style.cursor = onPointClick && elements.length > 0 && !flatLine ? 'pointer' : 'default';
    },
  };
}
