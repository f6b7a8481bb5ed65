import type { ChartDataset } from 'chart.js';
import {
  averageLineLabel,
  BASE_COLORS,
  buildChartPoints,
  type ChartPoint,
  computeTrend,
  crossesYear,
  type DateRange,
  type DateString,
  DEFAULT_THEME_COLOR,
  FILL_OPACITY,
  forecastGoal,
  hexToRgba,
  isAveragedData,
  isSingleAverageLine,
  maxDate,
  MIN_Y_SPAN,
  minDate,
  NO_DATA_MESSAGE,
  parseDate,
  POINT_RADIUS,
  rawPointLabel,
  type Scheme,
  themeColors,
  toDisplayWeight,
  TREND_SEED_READINGS,
  type UnitSystem,
  validateHexColor,
  WAITING_TO_BE_SENT,
  type WeightEntry,
  weightUnitLabel,
  yAxisBounds,
} from '@app/kit';
import { lttbIndices, type XY } from '../domain/decimate';
import { clipSegmentToX } from './clipToX';
import type { DatasetRole, ForecastBand, GraphInput, GraphModel, GraphPoint, XBounds } from './types';

type LineDataset = ChartDataset<'line', GraphPoint[]>;

/** Dataset labels, as the legend shows them. */
export const LEGEND = Object.freeze({
  weight: 'Weight',
  average: 'Weight (avg)',
  trend: 'Trend',
  target: 'Target',
  plan: 'Plan',
  forecast: 'Likely date',
  pending: WAITING_TO_BE_SENT,
});
/** The trend line: thicker than the weights, in a readable shade of the theme colour (themeColors' trendLine). */
export const TREND_LINE_WIDTH = 3;
/** The trend drawn as a dot when it has one day only: smaller than a weight's marker, so the two stay apart. */
export const TREND_DOT_RADIUS = 3;
/** The goal's lines: the page's neutral goal ink (light #5f6b7a), dashed for the target, dotted for the plan. */
export const GOAL_COLOR = BASE_COLORS.light.goal!;
/** Every entry keeps its marker up to this many points (about a month of daily logging)... */
export const MARKER_MAX_POINTS = 45;
/** ...beyond, a shape-keeping selection is drawn, one point for about this many pixels of width, with small markers. */
export const PIXELS_PER_POINT = 6;
export const THINNED_MARKER_RADIUS = 2;
/** Width assumed until the chart is measured. */
export const DEFAULT_GRAPH_WIDTH = 600;

/** A usable '#rrggbb' for the chart: an invalid theme colour falls back to the default instead of throwing. */
export function graphColor(themeColor: string): string {
  const result = validateHexColor(themeColor);
  return result.ok ? result.hex : DEFAULT_THEME_COLOR;
}

/** Local midnight of a calendar date, in ms: never `new Date('yyyy-MM-dd')`, which is UTC midnight. */
export function dateToX(date: DateString): number {
  return parseDate(date).getTime();
}

/** The trend line's colour: a shade of the theme colour told apart from the weights and 3:1 on the surface. */
export function trendColor(themeColor: string, scheme: Scheme = 'light'): string {
  return themeColors(graphColor(themeColor), scheme).trendLine;
}

/** How many raw points are worth drawing across `width` pixels. */
export function drawablePoints(width: number | undefined): number {
  return Math.max(40, Math.round((width ?? DEFAULT_GRAPH_WIDTH) / PIXELS_PER_POINT));
}

/**
 * The raw points a chart draws: all of them, markers and all, while there are at most MARKER_MAX_POINTS; a
 * Largest-Triangle-Three-Buckets selection of `maxPoints` of a longer series (peaks and dips kept), with smaller
 * markers. The trend is computed over every point either way.
 */
export function thinPoints(points: readonly GraphPoint[], maxPoints: number): { drawn: GraphPoint[]; markerRadius: number } {
  if (points.length <= MARKER_MAX_POINTS) return { drawn: [...points], markerRadius: POINT_RADIUS };
  if (points.length <= maxPoints) return { drawn: [...points], markerRadius: THINNED_MARKER_RADIUS };
  return { drawn: lttbIndices(points, maxPoints).map((i) => points[i]!), markerRadius: THINNED_MARKER_RADIUS };
}

/** The marker of a weight waiting to be sent: larger than a saved one's, so the diamond reads at a glance. */
export const PENDING_MARKER_RADIUS = 6;

/** A thinned series still draws every weight waiting to be sent: the person just logged it and looks for it. */
function keepPending(
  points: readonly GraphPoint[],
  thinned: { drawn: GraphPoint[]; markerRadius: number },
): { drawn: GraphPoint[]; markerRadius: number } {
  const missing = points.filter((p) => p.pending && !thinned.drawn.includes(p));
  if (missing.length === 0) return thinned;
  return { drawn: [...thinned.drawn, ...missing].sort((a, b) => a.x - b.x), markerRadius: thinned.markerRadius };
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

/**
 * Raw points with the trend of their day attached (`trendKg`); readings before them seed it. Also answers the
 * trend as it stood before the first point (the last earlier reading's), or undefined without earlier readings.
 */
export function withTrend(
  points: readonly GraphPoint[],
  history: readonly WeightEntry[] = [],
): { points: GraphPoint[]; carriedKg?: number } {
  const { byDate, carried } = trendByDate(points, history);
  return {
    points: points.map((p) => {
      const trendKg = byDate.get(p.date);
      return trendKg === undefined ? { ...p } : { ...p, trendKg };
    }),
    carriedKg: carried?.trendKg,
  };
}

/**
 * The readings the drawn trend is computed from: the earlier ones that seed it, then the plotted points. The line,
 * the forecast and the graph's description all read this one series, so they tell the same story.
 */
export function trendSeries(points: readonly GraphPoint[], history: readonly WeightEntry[] = []): WeightEntry[] {
  const first = points[0]?.date;
  const series: WeightEntry[] = [];
  if (first) for (const h of history) if (h.date < first) series.push({ date: h.date, weightKg: h.weightKg });
  for (const p of points) series.push({ date: p.date, weightKg: p.valueKg });
  return series;
}

/** The trend of each plotted day, seeded by earlier readings, and the trend as it stood before the first point. */
function trendByDate(
  points: readonly GraphPoint[],
  history: readonly WeightEntry[],
): { byDate: Map<DateString, number>; carried?: { date: DateString; trendKg: number } } {
  const series = trendSeries(points, history);
  const first = points[0]?.date;
  let lastEarlier: DateString | undefined;
  for (const h of series) if (first && h.date < first && (lastEarlier === undefined || h.date > lastEarlier)) lastEarlier = h.date;
  const byDate = new Map<DateString, number>();
  for (const t of computeTrend(series)) byDate.set(t.date, t.trendKg);
  const carriedKg = lastEarlier === undefined ? undefined : byDate.get(lastEarlier);
  return { byDate, carried: lastEarlier === undefined || carriedKg === undefined ? undefined : { date: lastEarlier, trendKg: carriedKg } };
}

/** An averaged point sits in the middle of its bucket, or of the part of it inside the range. */
function midBucket(point: ChartPoint, range: DateRange | null): number {
  const end = point.end ?? point.date;
  const start = range ? maxDate(point.date, range.start) : point.date;
  const last = range ? minDate(end, range.end) : end;
  return last < start ? dateToX(start) : (dateToX(start) + dateToX(last)) / 2;
}

/** The weights and their trend in the display unit: what the y axis must show. */
function plottedValues(points: readonly GraphPoint[], unit: UnitSystem): number[] {
  const values: number[] = [];
  for (const p of points) {
    values.push(p.y);
    if (p.trendKg !== undefined) values.push(toDisplayWeight(p.trendKg, unit));
  }
  return values;
}

function emptyModel(status: 'empty' | 'error', message: string, averaged: boolean): GraphModel {
  return {
    status,
    message,
    points: [],
    drawn: [],
    markerRadius: POINT_RADIUS,
    averaged,
    averageLine: null,
    bounds: null,
    yBounds: null,
    crossesYear: false,
    forecast: null,
    roles: [],
    data: { datasets: [] },
  };
}

/** A straight line through its ends (none: nothing drawn, the legend entry kept), with no markers or interaction. */
function flatLine(label: string, ends: readonly XY[], style: Partial<LineDataset>): LineDataset {
  const point = (p: XY): GraphPoint => ({ ...p, valueKg: 0, date: '', label, notes: '', averaged: false });
  return {
    label,
    data: ends.map(point),
    fill: false,
    tension: 0,
    pointRadius: 0,
    pointHoverRadius: 0,
    pointHitRadius: 0,
    ...style,
  };
}

/**
 * Everything the graph draws, decided from plain data:
 * - averaged items are used when a mode is chosen and they carry that mode's fields, else the raw entries; an
 *   average sits mid-bucket, clipped to the range;
 * - exactly one averaged item with a matching period (week/weekly, month/monthly, year/yearly) becomes a flat
 *   line across the range, labelled 'Weight: {value} {unit} (avg)', with no points;
 * - weights and averages keep a marker each while few, and are thinned (shape kept) over long ranges; the trend,
 *   carried in from readings before the period, is drawn over the weights; the goal adds its target, its plan and the
 *   forecast band;
 * - values are plotted in the display unit, with a y span of at least 2 kg / 4 lb; x values are local-midnight
 *   timestamps of calendar dates; titles carry the year when the span crosses one;
 * - no points → status 'empty' ('No data available'); unparsable averages → status 'error' with the message.
 */
export function buildGraphData(input: GraphInput): GraphModel {
  const { averaging, period, range, unit } = input;
  const useAverages = averaging !== 'none' && isAveragedData(input.averages, averaging);
  const source = useAverages ? input.averages : input.entries;
  const { points: chartPoints, averaged, error } = buildChartPoints(source, averaging);
  if (error) return emptyModel('error', error, averaged);
  if (chartPoints.length === 0) return emptyModel('empty', NO_DATA_MESSAGE, averaged);

  const scheme = input.scheme ?? 'light';
  const color = themeColors(graphColor(input.themeColor), scheme).chartLine;
  const goalColor = BASE_COLORS[scheme].goal!;
  const minSpan = MIN_Y_SPAN[weightUnitLabel(unit)];
  const style = {
    borderColor: color,
    backgroundColor: hexToRgba(color, FILL_OPACITY),
    pointBackgroundColor: color,
    pointBorderColor: color,
    pointHoverBackgroundColor: color,
    pointHoverBorderColor: color,
    borderWidth: 2,
    fill: 'start' as const,
    tension: 0,
    // a marker on the edge of the plot is drawn whole, not cut in half
    clip: 8,
  };

  if (averaged && isSingleAverageLine(chartPoints.length, period, averaging)) {
    const only = toGraphPoint(chartPoints[0]!, unit, true);
    const span = range ?? { start: only.date, end: chartPoints[0]!.end ?? only.date };
    const label = averageLineLabel(only.valueKg, unit);
    // Two invisible ends make a flat line across the whole period; the label plugin names it.
    const ends = [span.start, span.end].map((date) => ({ ...only, x: dateToX(date), date }));
    const bounds = { min: dateToX(span.start), max: dateToX(span.end) };
    return {
      status: 'ok',
      message: null,
      points: [],
      drawn: [],
      markerRadius: 0,
      averaged,
      averageLine: { label, valueKg: only.valueKg },
      bounds,
      yBounds: yAxisBounds([only.y], minSpan),
      crossesYear: crossesYear(bounds.min, bounds.max),
      forecast: null,
      roles: ['average-line'],
      data: { datasets: [{ ...style, label, data: ends, pointRadius: 0, pointHoverRadius: 0, pointHitRadius: 0 }] },
    };
  }

  // the points are this call's own fresh objects: they are completed in place (years of entries, no copies)
  const points = chartPoints.map((p) => {
    const point = toGraphPoint(p, unit, averaged);
    if (averaged) point.x = midBucket(p, range);
    return point;
  });
  // weights logged offline are the person's too (the trend and forecast count them), drawn apart until sent
  if (!averaged) {
    const waitingDates = new Set(input.entries?.filter((e) => e.pending?.kind === 'waiting').map((e) => e.date));
    if (waitingDates.size) for (const p of points) if (waitingDates.has(p.date)) p.pending = true;
  }
  const trend = input.showTrend === true && !averaged ? trendByDate(points, input.trendHistory ?? []) : undefined;
  // the trend says nothing until its seed (the median of three readings) is whole, as the Trend card says; byDate
  // holds one trend per day with a reading
  const trendShown = trend !== undefined && trend.byDate.size >= TREND_SEED_READINGS;
  let carried: { date: DateString; trendKg: number } | undefined;
  if (trendShown) {
    carried = trend.carried;
    for (const p of points) {
      const trendKg = trend.byDate.get(p.date);
      if (trendKg !== undefined) p.trendKg = trendKg;
    }
  }

  // points ascend by date, and so does x (an average sits mid-bucket)
  let bounds: XBounds = range
    ? { min: dateToX(range.start), max: dateToX(range.end) }
    : { min: points[0]!.x, max: points[points.length - 1]!.x };
  const multiYear = crossesYear(bounds.min, bounds.max);
  if (multiYear && !averaged) for (const p of points) p.label = rawPointLabel(p.date, true);

  // averages are thinned as readings are: ten years of weeks on a phone would be a band of markers, not a line
  // (the averages' list and the table still give every one)
  const thinnedPoints = thinPoints(points, drawablePoints(input.width));
  const { drawn, markerRadius } = averaged ? thinnedPoints : keepPending(points, thinnedPoints);
  const thinned = drawn.length < points.length || markerRadius < POINT_RADIUS;
  const weights: LineDataset = {
    ...style,
    label: averaged ? LEGEND.average : LEGEND.weight,
    data: drawn,
    pointRadius: markerRadius,
    pointHoverRadius: markerRadius + 2,
    pointHitRadius: 6,
    // once thinned, the raw line steps back and lets the trend tell the story
    ...(thinned && trendShown ? { borderColor: hexToRgba(color, 0.55), borderWidth: 1 } : {}),
  };
  const datasets: LineDataset[] = [weights];
  const roles: DatasetRole[] = ['weight'];

  if (trendShown) {
    const line = trendColor(input.themeColor, scheme);
    const trendPoints: GraphPoint[] = [];
    for (const p of points)
      if (p.trendKg !== undefined)
        trendPoints.push({
          x: p.x,
          y: toDisplayWeight(p.trendKg, unit),
          valueKg: p.valueKg,
          date: p.date,
          label: p.label,
          notes: p.notes,
          averaged: false,
          trendKg: p.trendKg,
        });
    // the trend enters from its last reading before the period (cut at the axis): a one-point week still has a line
    if (carried && trendPoints.length) {
      const first = trendPoints[0]!;
      const y = toDisplayWeight(carried.trendKg, unit);
      // after a long gap that reading is far off the axis: it enters at the axis's edge, at the weight the line has there
      const enters = clipSegmentToX({ x: dateToX(carried.date), y }, first, bounds.min, bounds.max)?.[0] ?? first;
      trendPoints.unshift({ ...first, x: enters.x, y: enters.y, date: carried.date, trendKg: carried.trendKg });
    }
    // ...and holds from the last reading until today (or the end of the range, if that comes first)
    const last = trendPoints[trendPoints.length - 1];
    const until = input.today && range ? minDate(input.today, range.end) : input.today;
    if (last && until && until > last.date) trendPoints.push({ ...last, x: dateToX(until), date: until });
    const trendDrawn =
      trendPoints.length > drawablePoints(input.width)
        ? lttbIndices(trendPoints, drawablePoints(input.width)).map((i) => trendPoints[i]!)
        : trendPoints;
    // a trend on one day only (today is the range's first day, the readings before it off the axis) has no length to
    // draw: it shows as a dot of its own, kept whole on the axis's edge, or the legend would name a line not on the graph
    const oneDay = trendDrawn.every((p) => p.x === trendDrawn[0]!.x);
    datasets.push({
      ...style,
      label: LEGEND.trend,
      data: trendDrawn,
      borderColor: line,
      backgroundColor: line,
      pointBackgroundColor: line,
      pointBorderColor: line,
      borderWidth: TREND_LINE_WIDTH,
      fill: false,
      pointRadius: oneDay ? TREND_DOT_RADIUS : 0,
      pointHoverRadius: oneDay ? TREND_DOT_RADIUS : 0,
      pointHitRadius: 0,
      // the line stops at the plot's edge, where the carried-in part enters; a lone dot is kept whole
      clip: oneDay ? 8 : 0,
    });
    roles.push('trend');
  }

  let forecast: ForecastBand | null = null;
  const goal = input.goal;
  if (goal && !averaged) {
    if (trendShown) {
      const f = forecastGoal(trendSeries(points, input.trendHistory), goal, { today: input.today, unit });
      if (f.kind === 'on-track') {
        const last = points[points.length - 1]!;
        const target = toDisplayWeight(goal.targetWeightKg, unit);
        const earliestX = dateToX(f.earliest);
        // without a slow end within two years the band opens as far past the likely date as the fast end is before it
        const latestX = f.latest ? dateToX(f.latest) : 2 * dateToX(f.date) - earliestX;
        forecast = {
          from: { x: last.x, y: toDisplayWeight(f.trendKg, unit) },
          earliest: { x: earliestX, y: target },
          latest: { x: latestX, y: target },
          forecast: f,
        };
        // an all-time axis reaches forward to the likely date (at most half its span again), the others keep their range
        if (period === 'all')
          bounds = { min: bounds.min, max: Math.max(bounds.max, Math.min(latestX, bounds.max + (bounds.max - bounds.min) / 2)) };
      }
    }
    const target = toDisplayWeight(goal.targetWeightKg, unit);
    datasets.push(
      flatLine(
        LEGEND.target,
        [
          { x: bounds.min, y: target },
          { x: bounds.max, y: target },
        ],
        { borderColor: goalColor, backgroundColor: goalColor, borderWidth: 1.5, borderDash: [6, 4] },
      ),
    );
    roles.push('target');
    // the plan from the goal's start to its target date, as much of it as the axis shows (none: nothing drawn)
    const plan = clipSegmentToX(
      { x: dateToX(goal.startDate), y: toDisplayWeight(goal.startWeightKg, unit) },
      { x: dateToX(goal.targetDate), y: target },
      bounds.min,
      bounds.max,
    );
    datasets.push(
      flatLine(LEGEND.plan, plan ?? [], { borderColor: goalColor, backgroundColor: goalColor, borderWidth: 1, borderDash: [2, 3] }),
    );
    roles.push('plan');
    if (forecast) {
      // drawn by the forecast-band plugin; this empty dataset gives it a legend entry that can hide it
      datasets.push({
        label: LEGEND.forecast,
        data: [],
        backgroundColor: hexToRgba(color, 0.2),
        borderColor: hexToRgba(color, 0.5),
        pointRadius: 0,
      });
      roles.push('forecast');
    }
  }

  const waiting = drawn.filter((p) => p.pending);
  if (waiting.length) {
    // hollow diamonds over the weights' own markers, with a legend entry that names them
    const surface = BASE_COLORS[scheme].surface!;
    datasets.push({
      label: LEGEND.pending,
      data: waiting,
      showLine: false,
      fill: false,
      borderColor: color,
      backgroundColor: surface,
      pointStyle: 'rectRot',
      pointBackgroundColor: surface,
      pointBorderColor: color,
      pointBorderWidth: 2,
      pointRadius: PENDING_MARKER_RADIUS,
      pointHoverRadius: PENDING_MARKER_RADIUS,
      pointHitRadius: 0,
      clip: 8,
      // on top of the weights' own markers (chart.js draws lower orders last)
      order: -1,
    });
    roles.push('pending');
  }

  return {
    status: 'ok',
    message: null,
    points,
    drawn,
    markerRadius,
    averaged,
    averageLine: null,
    bounds,
    yBounds: yAxisBounds(plottedValues(points, unit), minSpan),
    crossesYear: multiYear,
    forecast,
    roles,
    data: { datasets },
  };
}
