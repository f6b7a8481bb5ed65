// @app/kit/graph: the weight graph. A separate entry so that chart.js loads only where a graph is shown.
// Its files take kit's domain logic from '@app/kit', not by relative path: a remote that brings the graph then uses
// the page's one kit instead of downloading its own copy of that logic (and of date-fns and culori).
export { WeightGraph } from './WeightGraph';
export {
  buildGraphData,
  dateToX,
  drawablePoints,
  graphColor,
  thinPoints,
  trendColor,
  withTrend,
  GOAL_COLOR,
  LEGEND,
  MARKER_MAX_POINTS,
  TREND_LINE_WIDTH,
} from './buildGraphData';
export { describeGraph } from './describeGraph';
export { buildGraphOptions, pointAtElements, type GraphOptionsInput } from './buildGraphOptions';
export { tooltipLabel, tooltipTitle, trendTooltipLabel } from './tooltip';
export { longAxisTicks, xTickCallback, type XTickCallback } from './xTicks';
export { guideLinePlugin, hoveredPoint, type GuideLineOptions } from './plugins/guideLine';
export { averageLineLabelPlugin, type AverageLineLabelOptions } from './plugins/averageLineLabel';
export { forecastBandPlugin, type ForecastBandOptions } from './plugins/forecastBand';
export { chartProbePlugin } from './plugins/chartProbe';
export type * from './types';
