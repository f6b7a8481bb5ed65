import type { ActiveElement, ChartOptions, Tick, TooltipItem } from 'chart.js';
import { ANIMATION_MS, MAX_Y_TICKS } from '../domain/constants';
import { hexToRgba } from '../domain/theme';
import type { UnitSystem } from '../domain/units';
import type { PeriodKey } from '../domain/periods';
import { graphColor } from './buildGraphData';
import { tooltipLabel, tooltipTitle } from './tooltip';
import { xAxisUnit, xTickCallback, type XTickCallback } from './xTicks';
import type { GraphModel, GraphPoint, PointClickHandler } from './types';

export interface GraphOptionsInput {
  period: PeriodKey;
  unit: UnitSystem;
  themeColor: string;
  onPointClick?: PointClickHandler;
}

/** The point under a click (the first active element), or null: the graph reports its calendar date. */
export function pointAtElements(points: readonly GraphPoint[], elements: readonly Pick<ActiveElement, 'index'>[]): GraphPoint | null {
  const index = elements[0]?.index;
  return index === undefined ? null : (points[index] ?? null);
}

/** The ticks the label rule names; the others would only be blank slots for chart.js to skip among. */
export function keepLabelledTicks<T extends Pick<Tick, 'value'>>(ticks: readonly T[], label: XTickCallback): T[] {
  return ticks.filter((tick) => label(tick.value) !== '');
}

/**
 * chart.js options for a model from buildGraphData (spec §2): time x-axis (day unit for week and month, else
 * month) spanning the period with the period's label rule; at most 4 y ticks; 500 ms animation; tooltip
 * 'Weight: …' with notes; the hover guide line; the average-line label; clicks report the point's date.
 */
export function buildGraphOptions(model: GraphModel, input: GraphOptionsInput): ChartOptions<'line'> {
  const { period, unit, onPointClick } = input;
  const color = graphColor(input.themeColor);
  const flatLine = model.averageLine !== null;
  const unitOfX = xAxisUnit(period);
  const labelled = period === 'week' || period === 'month' || period === 'year';
  const tickLabel = xTickCallback(period, model.bounds);

  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: ANIMATION_MS },
    interaction: { mode: 'nearest', axis: 'x', intersect: false },
    scales: {
      x: {
        type: 'time',
        ...(model.bounds && { min: model.bounds.min, max: model.bounds.max }),
        time: { unit: unitOfX },
        ticks: {
          source: 'auto',
          autoSkip: !labelled,
          ...(labelled && { stepSize: 1 }),
          maxRotation: 0,
          callback: tickLabel,
        },
        // chart.js thins 'auto' ticks to fit the width even without autoSkip, which could drop the
        // ticks the label rule chose; keeping only labelled ones leaves it nothing to thin.
        ...(labelled && {
          afterBuildTicks: (scale: { ticks: Tick[] }) => {
            scale.ticks = keepLabelledTicks(scale.ticks, tickLabel);
          },
        }),
        grid: { display: false },
      },
      y: {
        type: 'linear',
        grace: '5%',
        ticks: { maxTicksLimit: MAX_Y_TICKS },
        grid: { color: 'rgba(0, 0, 0, 0.06)' },
      },
    },
    plugins: {
      tooltip: {
        enabled: !flatLine,
        displayColors: false,
        // One body per point: the trend line's twin point (dataset 1) is told in the point's own label.
        filter: (item: TooltipItem<'line'>) => item.datasetIndex === 0,
        callbacks: {
          title: (items: TooltipItem<'line'>[]) => tooltipTitle(items[0]?.raw as GraphPoint | undefined),
          label: (item: TooltipItem<'line'>) => tooltipLabel(item.raw as GraphPoint, unit),
        },
      },
      guideLine: { enabled: !flatLine, color: hexToRgba(color, 0.5) },
      averageLineLabel: { text: model.averageLine?.label ?? null, color },
    },
    onClick: (_event, elements) => {
      const point = pointAtElements(model.points, elements);
      if (point) onPointClick?.(point.date, { averaged: point.averaged });
    },
    onHover: (event, elements) => {
      const target = event.native?.target as HTMLElement | null | undefined;
      if (target?.style) target.style.cursor = onPointClick && elements.length > 0 && !flatLine ? 'pointer' : 'default';
    },
  };
}
