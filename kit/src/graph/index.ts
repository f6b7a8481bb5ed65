// @app/kit/graph: the weight graph. A separate entry so that chart.js loads only where a graph is shown.
export { WeightGraph } from './WeightGraph';
export {
  buildGraphData,
  dateToX,
  graphColor,
  trendColor,
  trendMarkerFills,
  withTrend,
  HOLLOW_MARKER_FILL,
  TREND_DARKEN,
  TREND_LABEL,
  TREND_LINE_WIDTH,
} from './buildGraphData';
export { buildGraphOptions, pointAtElements, type GraphOptionsInput } from './buildGraphOptions';
export { tooltipLabel, tooltipTitle, trendTooltipLabel } from './tooltip';
export { xTickCallback, type XTickCallback } from './xTicks';
export { guideLinePlugin, hoveredPoint, type GuideLineOptions } from './plugins/guideLine';
export { averageLineLabelPlugin, type AverageLineLabelOptions } from './plugins/averageLineLabel';
export type * from './types';
