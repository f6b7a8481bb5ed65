// The only place chart.js is set up, so pages without a graph never load it.
import 'chartjs-adapter-date-fns';
import {
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
import { nearestWeight } from './interaction';
import { averageLineLabelPlugin } from './plugins/averageLineLabel';
import { chartProbePlugin } from './plugins/chartProbe';
import { forecastBandPlugin } from './plugins/forecastBand';
import { guideLinePlugin } from './plugins/guideLine';

// Only the pieces a line over time needs: tree-shaking drops the rest of chart.js.
Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Filler, Tooltip, Legend);
Interaction.modes.weights = nearestWeight;

/** Our plugins are passed per chart (not registered globally) so they never touch other charts on the page. */
export const GRAPH_PLUGINS: Plugin<'line'>[] = [guideLinePlugin, averageLineLabelPlugin, forecastBandPlugin, chartProbePlugin];
