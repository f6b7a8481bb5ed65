// The only place chart.js is set up, so pages without a graph never load it.
import 'chartjs-adapter-date-fns';
import { Chart, Filler, LinearScale, LineController, LineElement, PointElement, TimeScale, Tooltip } from 'chart.js';
import { averageLineLabelPlugin } from './plugins/averageLineLabel';
import { guideLinePlugin } from './plugins/guideLine';

// Only the pieces a line over time needs: tree-shaking drops the rest of chart.js.
Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Filler, Tooltip);

/** Our plugins are passed per chart (not registered globally) so they never touch other charts on the page. */
export const GRAPH_PLUGINS = [guideLinePlugin, averageLineLabelPlugin];
