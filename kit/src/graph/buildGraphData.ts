import type { ChartDataset } from 'chart.js';
import { endOfMonth, endOfYear } from 'date-fns';
import { buildChartPoints, isAveragedData, type AveragingMode, type ChartPoint, type WeightEntry } from '../domain/averages';
import { averageLineLabel, isSingleAverageLine } from '../domain/chartLabels';
import { FILL_OPACITY, NO_DATA_MESSAGE, POINT_RADIUS } from '../domain/constants';
import { addDaysToDate, maxDate, minDate, parseDate, toDateString, type DateString } from '../domain/dates';
import type { DateRange } from '../domain/periods';
import { darken, DEFAULT_THEME_COLOR, hexToRgba, validateHexColor } from '../domain/theme';
import { computeTrend } from '../domain/trend';
import { toDisplayWeight, type UnitSystem } from '../domain/units';
import type { GraphInput, GraphModel, GraphPoint, XBounds } from './types';

type LineDataset = ChartDataset<'line', GraphPoint[]>;

/** Label of the trend dataset. */
export const TREND_LABEL = 'Trend';
/** The trend line: thin, and the theme colour this much darker (mixed toward black). */
export const TREND_LINE_WIDTH = 1.5;
export const TREND_DARKEN = 0.35;
/** Fill of a hollow marker (a reading below its trend). */
export const HOLLOW_MARKER_FILL = '#ffffff';

/** A usable '#rrggbb' for the chart: an invalid theme colour falls back to the default instead of throwing. */
export function graphColor(themeColor: string): string {
  const result = validateHexColor(themeColor);
  return result.ok ? result.hex : DEFAULT_THEME_COLOR;
}

/** Local midnight of a calendar date, in ms: never `new Date('yyyy-MM-dd')`, which is UTC midnight. */
export function dateToX(date: DateString): number {
  return parseDate(date).getTime();
}

function toGraphPoint(point: ChartPoint, unit: UnitSystem, averaged: boolean): GraphPoint {
  const graphPoint: GraphPoint = {
    x: dateToX(point.date),
    y: toDisplayWeight(point.value, unit),
    valueKg: point.value,
    date: point.date,
    label: point.label,
    notes: point.notes,
    averaged,
  };
  if (point.count !== undefined) graphPoint.count = point.count;
  return graphPoint;
}

/** The trend line's colour: the theme colour, darker. */
export function trendColor(themeColor: string): string {
  return darken(graphColor(themeColor), TREND_DARKEN);
}

/**
 * Raw points with the trend of their day attached (`trendKg`); duplicate dates share their day's trend
 * (see computeTrend). The points must be raw entries.
 */
export function withTrend(points: readonly GraphPoint[], history: readonly WeightEntry[] = []): GraphPoint[] {
  const first = points[0]?.date;
  const earlier = first ? history.filter((h) => h.date < first).map((h) => ({ date: h.date, weightKg: h.weightKg })) : [];
  const series = [...earlier, ...points.map((p) => ({ date: p.date, weightKg: p.valueKg }))];
  const trendByDate = new Map(computeTrend(series).map((t) => [t.date, t.trendKg]));
  return points.map((p) => {
    const trendKg = trendByDate.get(p.date);
    return trendKg === undefined ? { ...p } : { ...p, trendKg };
  });
}

/**
 * Marker fill per point: a reading above its trend (or on it) is a filled dot in the line colour, one below
 * is hollow (white inside, the line colour as its ring), so the line keeps the theme colour as its identity.
 */
export function trendMarkerFills(points: readonly GraphPoint[], color: string): string[] {
  return points.map((p) => (p.trendKg !== undefined && p.valueKg < p.trendKg ? HOLLOW_MARKER_FILL : color));
}

/** Last day of the bucket an averaged point stands for (its date is the bucket's first day). */
function bucketEnd(start: DateString, mode: AveragingMode): DateString {
  if (mode === 'weekly') return addDaysToDate(start, 6);
  if (mode === 'monthly') return toDateString(endOfMonth(parseDate(start)));
  if (mode === 'yearly') return toDateString(endOfYear(parseDate(start)));
  return start;
}

/** The x span: the range, widened to points outside it (a bucket that starts before the range). */
function spanOf(points: readonly GraphPoint[], range: DateRange | null): { start: DateString; end: DateString } | null {
  if (points.length === 0) return range;
  const first = points[0].date;
  const last = points[points.length - 1].date;
  return range ? { start: minDate(range.start, first), end: maxDate(range.end, last) } : { start: first, end: last };
}

function boundsOf(span: { start: DateString; end: DateString } | null): XBounds | null {
  return span ? { min: dateToX(span.start), max: dateToX(span.end) } : null;
}

function emptyModel(status: 'empty' | 'error', message: string, averaged: boolean): GraphModel {
  return { status, message, points: [], averaged, averageLine: null, bounds: null, data: { datasets: [] } };
}

/**
 * Everything the graph draws, decided from plain data (spec §2 "Weight graph behaviour", §4 "Averaging"):
 * - averaged items are used when a mode is chosen and they carry that mode's fields, else the raw entries;
 * - exactly one averaged item with a matching period (week/weekly, month/monthly, year/yearly) becomes a flat
 *   line across the range, labelled 'Weight: {value} {unit} (avg)', with no points;
 * - values are plotted in the display unit; x values are local-midnight timestamps of calendar dates;
 * - no points → status 'empty' ('No data available'); unparsable averages → status 'error' with the message.
 */
export function buildGraphData(input: GraphInput): GraphModel {
  const { averaging, period, range, unit, weekStartsOn } = input;
  const useAverages = averaging !== 'none' && isAveragedData(input.averages, averaging);
  const source = useAverages ? input.averages : input.entries;
  const { points: chartPoints, averaged, error } = buildChartPoints(source, averaging, weekStartsOn);
  if (error) return emptyModel('error', error, averaged);
  if (chartPoints.length === 0) return emptyModel('empty', NO_DATA_MESSAGE, averaged);

  const color = graphColor(input.themeColor);
  const rawPoints = chartPoints.map((p) => toGraphPoint(p, unit, averaged));
  const trendShown = input.showTrend === true && !averaged;
  const points = trendShown ? withTrend(rawPoints, input.trendHistory) : rawPoints;
  const style = {
    label: 'Weight',
    borderColor: color,
    backgroundColor: hexToRgba(color, FILL_OPACITY),
    pointBackgroundColor: color,
    pointBorderColor: color,
    pointHoverBackgroundColor: color,
    pointHoverBorderColor: color,
    borderWidth: 2,
    fill: 'start' as const,
    tension: 0,
  };

  if (averaged && isSingleAverageLine(points.length, period, averaging)) {
    const only = points[0];
    const span = range ?? { start: only.date, end: bucketEnd(only.date, averaging) };
    const label = averageLineLabel(only.valueKg, unit);
    // Two invisible ends make a flat line across the whole period; the label plugin names it.
    const ends = [span.start, span.end].map((date) => ({ ...only, x: dateToX(date), date }));
    return {
      status: 'ok',
      message: null,
      points: [],
      averaged,
      averageLine: { label, valueKg: only.valueKg },
      bounds: boundsOf(span),
      data: {
        datasets: [{ ...style, label, data: ends, pointRadius: 0, pointHoverRadius: 0, pointHitRadius: 0 }],
      },
    };
  }

  const pointsDataset: LineDataset = { ...style, data: points, pointRadius: POINT_RADIUS, pointHoverRadius: POINT_RADIUS + 2 };
  const datasets: LineDataset[] = [pointsDataset];
  if (trendShown) {
    // Above/below the trend is told by the marker fill alone; the ring and the line keep the theme colour.
    pointsDataset.pointBackgroundColor = trendMarkerFills(points, color);
    const line = trendColor(input.themeColor);
    datasets.push({
      ...style,
      label: TREND_LABEL,
      // One trend point per raw point (same index), so a hovered or clicked index means the same entry.
      data: points.map((p) => ({ ...p, y: toDisplayWeight(p.trendKg ?? p.valueKg, unit) })),
      borderColor: line,
      backgroundColor: line,
      pointBackgroundColor: line,
      pointBorderColor: line,
      pointHoverBackgroundColor: line,
      pointHoverBorderColor: line,
      borderWidth: TREND_LINE_WIDTH,
      fill: false,
      pointRadius: 0,
      pointHoverRadius: 0,
      pointHitRadius: 0,
    });
  }

  return {
    status: 'ok',
    message: null,
    points,
    averaged,
    averageLine: null,
    bounds: boundsOf(spanOf(points, range)),
    data: { datasets },
  };
}
