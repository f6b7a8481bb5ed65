import type { ChartData } from 'chart.js';
import type { AveragedItem, AveragingMode, WeightEntry } from '../domain/averages';
import type { DateString, WeekStartsOn } from '../domain/dates';
import type { OnTrack } from '../domain/forecast';
import type { ShownEntry } from '../domain/pendingEntries';
import type { Goal } from '../domain/overview';
import type { DateRange, PeriodKey } from '../domain/periods';
import type { Scheme } from '../domain/themeColors';
import type { UnitSystem } from '../domain/units';

/** What the host screen learns about a clicked point besides its date. */
export interface PointClickInfo {
  /** True for an averaged bucket (no single entry to edit). */
  averaged: boolean;
}

export type PointClickHandler = (date: DateString, info: PointClickInfo) => void;

/** Everything that decides what the graph draws (the component's props minus callbacks and size). */
export interface GraphInput {
  /** Saved weights, and those logged offline still waiting to be sent (`pending`), drawn apart. */
  entries?: readonly ShownEntry[] | null;
  averages?: readonly AveragedItem[] | null;
  averaging: AveragingMode;
  period: PeriodKey;
  /** The selected period's range; the x-axis spans it. Null when unknown (e.g. 'all' with no entries). */
  range: DateRange | null;
  unit: UnitSystem;
  weekStartsOn: WeekStartsOn;
  themeColor: string;
  /** Draw the smoothed trend over the raw weights (ignored for averaged data). Off unless asked for. */
  showTrend?: boolean;
  /**
   * Readings before the plotted ones: they seed the trend (so a short period's trend agrees with a long one) and
   * carry it in from the start of the period. Not drawn.
   */
  trendHistory?: readonly WeightEntry[];
  /** The appearance the chart is drawn for (its neutrals and readable shades); light unless given. */
  scheme?: Scheme;
  /** Today: the trend, which only moves when a reading arrives, is drawn on to it. */
  today?: DateString;
  /** The goal: its target as a line, its start-to-target path, and (with the trend) the forecast band. */
  goal?: Goal | null;
  /** Width of the plot in CSS pixels: how many raw points are worth drawing, and how many axis labels fit. */
  width?: number;
}

export interface WeightGraphProps extends GraphInput {
  onPointClick?: PointClickHandler;
  /** Pixel height of the plot; the width follows the container. */
  height?: number;
}

/** One plotted point: x a timestamp (ms; an average sits mid-bucket), y the weight in the display unit. */
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
  /** Logged with no connection and not yet on the server. */
  pending?: boolean;
}

/** Start and end of the x-axis, local-midnight timestamps. */
export interface XBounds {
  min: number;
  max: number;
}

export type GraphStatus = 'ok' | 'empty' | 'error';

/** What each dataset of `data` is, by index. */
export type DatasetRole = 'weight' | 'average-line' | 'trend' | 'target' | 'plan' | 'forecast' | 'pending';

/** The goal band: from the last trend point to the target, reached between two dates. */
export interface ForecastBand {
  from: { x: number; y: number };
  /** Where the band meets the target: the earliest and the latest likely day (x), at the target (y). */
  earliest: { x: number; y: number };
  latest: { x: number; y: number };
  /** The forecast it was drawn from. */
  forecast: OnTrack;
}

export interface GraphModel {
  status: GraphStatus;
  /** Text shown instead of the chart: 'No data available' or the parsing error. */
  message: string | null;
  /** Every point (all raw entries, or all averages), for clicks, the text alternative and the table. */
  points: GraphPoint[];
  /** The raw points drawn: all of them while they are few, a shape-keeping selection of a long series. */
  drawn: GraphPoint[];
  /** Marker radius of the drawn weights: the product's 4 while every entry has its marker, smaller once thinned. */
  markerRadius: number;
  averaged: boolean;
  /** The single-average case: a flat line with this label instead of points. */
  averageLine: { label: string; valueKg: number } | null;
  /** Axis span: the range (the forecast may lengthen an all-time axis) or the data's own span. */
  bounds: XBounds | null;
  /** Suggested y bounds in the display unit: the weights' span, at least MIN_Y_SPAN, centred. */
  yBounds: { min: number; max: number } | null;
  /** True when the x span crosses a calendar year: labels and titles then carry the year. */
  crossesYear: boolean;
  forecast: ForecastBand | null;
  roles: DatasetRole[];
  data: ChartData<'line', GraphPoint[]>;
}
