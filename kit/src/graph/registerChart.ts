// The only place chart.js is set up, so pages without a graph never load it.
import {
  _adapters,
  Chart,
  Filler,
  Interaction,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  TimeScale,
  Tooltip,
  type Plugin,
} from 'chart.js';
import { chartTime } from '@app/kit';
import { nearestWeight } from './interaction';
import { averageLineLabelPlugin } from './plugins/averageLineLabel';
import { chartProbePlugin } from './plugins/chartProbe';
import { escapeDismissPlugin } from './plugins/escapeDismiss';
import { forecastBandPlugin } from './plugins/forecastBand';
import { guideLinePlugin } from './plugins/guideLine';
import { shareAnimationsPerUpdate } from './sharedAnimations';

// chart.js's time scale does its calendar maths with kit's date functions (the page has them already).
_adapters._date.override(chartTime);
// Only the pieces a line over time needs: tree-shaking drops the rest of chart.js.
Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Filler, Tooltip, Legend);
shareAnimationsPerUpdate(LineController);
Interaction.modes.weights = nearestWeight;

/** Our plugins are passed per chart (not registered globally) so they never touch other charts on the page. */
export const GRAPH_PLUGINS: Plugin<'line'>[] = [
  guideLinePlugin,
  averageLineLabelPlugin,
  forecastBandPlugin,
  chartProbePlugin,
  escapeDismissPlugin,
];
