import type { ChartData } from 'chart.js';
import type { AveragedItem, AveragingMode, WeightEntry } from '../domain/averages';
import type { DateString, WeekStartsOn } from '../domain/dates';
import type { DateRange, PeriodKey } from '../domain/periods';
import type { UnitSystem } from '../domain/units';

/** What the host screen learns about a clicked point besides its date. */
export interface PointClickInfo {
  /** True for an averaged bucket (no single entry to edit). */
  averaged: boolean;
}

export type PointClickHandler = (date: DateString, info: PointClickInfo) => void;

/** Everything that decides what the graph draws (the component's props minus callbacks and size). */
export interface GraphInput {
  entries?: readonly WeightEntry[] | null;
  averages?: readonly AveragedItem[] | null;
  averaging: AveragingMode;
  period: PeriodKey;
  /** The selected period's range; the x-axis spans it. Null when unknown (e.g. 'all' with no entries). */
  range: DateRange | null;
  unit: UnitSystem;
  weekStartsOn: WeekStartsOn;
  themeColor: string;
  /**
   * Draw the smoothed trend (issue 10) as a second line over raw points; ignored for averaged data.
   * Off unless asked for, so callers that predate the trend are unchanged.
   */
  showTrend?: boolean;
  /**
   * Readings before the plotted ones that seed the trend, so a short period's trend line agrees with
   * a trend computed over a longer history (the overview's Trend card). Not drawn.
   */
  trendHistory?: readonly WeightEntry[];
}

export interface WeightGraphProps extends GraphInput {
  onPointClick?: PointClickHandler;
  /** Pixel height of the plot; the width follows the container. */
  height?: number;
}

/** One plotted point: x is local midnight of `date` (ms), y the weight in the display unit. */
export interface GraphPoint {
  x: number;
  y: number;
  valueKg: number;
  date: DateString;
  label: string;
  notes: string;
  averaged: boolean;
  count?: number;
  /** The trend on this point's day, kg; only on raw points while the trend is shown. */
  trendKg?: number;
}

/** Start and end of the x-axis, local-midnight timestamps. */
export interface XBounds {
  min: number;
  max: number;
}

export type GraphStatus = 'ok' | 'empty' | 'error';

export interface GraphModel {
  status: GraphStatus;
  /** Text shown instead of the chart: 'No data available' or the parsing error. */
  message: string | null;
  /** The clickable points (empty for the single-average line). */
  points: GraphPoint[];
  averaged: boolean;
  /** The single-average case: a flat line with this label instead of points. */
  averageLine: { label: string; valueKg: number } | null;
  /** Axis span: the range (widened to any bucket starting before it) or the data's own span. */
  bounds: XBounds | null;
  data: ChartData<'line', GraphPoint[]>;
}
