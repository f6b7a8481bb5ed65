import { useCallback, useState } from 'react';
import {
  OfflineUnavailable,
  selectPreferences,
  setPreferences,
  useAppDispatch,
  useAppSelector,
  useGraphEntries,
  useHistoryEntries,
  useOnline,
  type AnalyticsScreenProps,
  type AveragingMode,
  type PeriodKey,
} from '@app/kit';
import { GraphPanel } from './GraphPanel';
import { HistoryPanel } from './HistoryPanel';
import { PeriodSelector } from './PeriodSelector';
import { useAnalyticsData } from './useAnalyticsData';
import './analytics.css';

/** Analytics: a period strip, the graph with averaging, and the paged history of entries. */
export default function Analytics(_props: AnalyticsScreenProps) {
  const { unit, weekStartsOn, themeColor, alignToCalendar, defaultSelectedPeriod, showTrend } = useAppSelector(selectPreferences);
  const dispatch = useAppDispatch();
  // The strip is the preference itself: the period chosen last, here or on the overview, is the one shown next.
  const period = defaultSelectedPeriod;
  const setPeriod = useCallback((key: PeriodKey) => dispatch(setPreferences({ defaultSelectedPeriod: key })), [dispatch]);
  const [averaging, setAveraging] = useState<AveragingMode>('none');
  const data = useAnalyticsData(period, averaging);
  // weights logged offline show with the saved ones until the server has them
  const graphEntries = useGraphEntries(data.entries, data.range);
  const historyEntries = useHistoryEntries(data.entries, data.range);
  // offline with the period never read on this device: say so, rather than load forever or show no entries
  const online = useOnline();
  const unavailable = !online && (data.loadingEntries || data.entriesFailed);
  // online and refused (the toast says so): the panels say the entries are missing, not that there are none
  const failed = online && data.entriesFailed;

  return (
    <section className="an-screen" data-remote="mf_analytics">
      <header className="an-header">
        <h1>Analytics</h1>
        <PeriodSelector value={period} alignToCalendar={alignToCalendar} onChange={setPeriod} />
      </header>
      {unavailable ? (
        <OfflineUnavailable />
      ) : (
        <>
          <GraphPanel
            entries={graphEntries}
            averages={data.averages}
            averaging={averaging}
            onAveragingChange={setAveraging}
            period={period}
            range={data.range}
            unit={unit}
            weekStartsOn={weekStartsOn}
            themeColor={themeColor}
            showTrend={showTrend}
            trendHistory={data.trendHistory}
            today={data.today}
            goal={data.goal}
            loading={data.loadingGraph}
            failed={failed}
            onRetry={data.retryEntries}
          />
          <HistoryPanel
            key={period}
            entries={historyEntries}
            unit={unit}
            averaged={averaging !== 'none'}
            loading={data.loadingEntries}
            failed={failed}
          />
        </>
      )}
    </section>
  );
}
