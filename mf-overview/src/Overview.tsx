import { useCallback } from 'react';
import {
  OfflineUnavailable,
  openEntryDialog,
  periodLabel,
  selectPreferences,
  setPreferences,
  useAppDispatch,
  useAppSelector,
  useGraphEntries,
  useOnline,
  useRetryFocus,
  type OverviewScreenProps,
  type PeriodKey,
} from '@app/kit';
import { CurrentWeightCard } from './CurrentWeightCard';
import { EntriesCountCard } from './EntriesCountCard';
import { FirstWeightPanel } from './FirstWeightPanel';
import { GoalProgressPanel } from './GoalProgressPanel';
import { PeriodGoalCard } from './PeriodGoalCard';
import { PeriodSelect } from './PeriodSelect';
import { TrendCard } from './TrendCard';
import { useOverviewData } from './useOverviewData';
import { WeightGraphPanel } from './WeightGraphPanel';
import './overview.css';

/** A failed read is not an empty period: no cards of zeros for it. */
export const LOAD_FAILED_MESSAGE = "This period's weights could not be loaded.";

/** /dashboard/overview: summary cards, the period's weight graph and goal progress. */
export default function Overview(_props: OverviewScreenProps) {
  const dispatch = useAppDispatch();
  const preferences = useAppSelector(selectPreferences);
  // The dropdown is the preference itself: the last period chosen is the one shown next time.
  const period = preferences.defaultSelectedPeriod;
  const heading = periodLabel(period, preferences.alignToCalendar, 'long');
  const data = useOverviewData(period, preferences.unit);
  // weights logged offline are drawn, marked, until the server has them
  const graphEntries = useGraphEntries(data.entries, data.range);
  // offline with the period's weights never read on this device: say so, rather than load forever or show empty
  // cards; what was read shows, whatever else is missing
  const online = useOnline();
  const unavailable = !online && (data.loading || data.entriesFailed);
  // online and refused (the toast says so): the cards would claim 0 entries for a period that has some
  const loadFailed = online && data.entriesFailed;
  const retryFocus = useRetryFocus(data.loading ? 'loading' : loadFailed ? 'failed' : 'ready');

  const choosePeriod = useCallback((key: PeriodKey) => dispatch(setPreferences({ defaultSelectedPeriod: key })), [dispatch]);
  const editDay = useCallback((date: string) => dispatch(openEntryDialog({ editDate: date })), [dispatch]);
  const logFirst = useCallback(() => dispatch(openEntryDialog()), [dispatch]);

  return (
    <section className="screen ov-screen" data-remote="mf_overview">
      <header className="ov-header">
        <h1 ref={retryFocus.landing}>Overview</h1>
        <PeriodSelect value={period} alignToCalendar={preferences.alignToCalendar} onChange={choosePeriod} />
      </header>

      {unavailable ? (
        <OfflineUnavailable />
      ) : data.loading ? (
        <div className="screen-loading" role="status">
          Loading...
        </div>
      ) : loadFailed ? (
        <div className="panel ov-load-failed">
          <p>{LOAD_FAILED_MESSAGE}</p>
          <button ref={retryFocus.button} type="button" className="button" onClick={retryFocus.retry(data.retryEntries)}>
            Retry
          </button>
        </div>
      ) : (
        <div className="ov-body" aria-busy={data.refreshing}>
          {data.isNewUser && <FirstWeightPanel onLog={logFirst} />}

          <section className="ov-summary" aria-labelledby="ov-summary-title">
            <h2 id="ov-summary-title">{heading} Summary</h2>
            <div className="ov-cards">
              <CurrentWeightCard card={data.summary.currentWeight} unit={preferences.unit} />
              <PeriodGoalCard card={data.summary.periodGoal} unit={preferences.unit} />
              <EntriesCountCard card={data.summary.entriesCount} />
            </div>
          </section>

          <div className="ov-panels">
            <WeightGraphPanel
              heading={heading}
              period={period}
              range={data.range}
              entries={graphEntries}
              trendHistory={data.recentEntries}
              currentKg={data.latest?.weightKg ?? null}
              preferences={preferences}
              goal={data.goal}
              today={data.today}
              onPointClick={editDay}
            />
            {/* the summary is the period's three cards; the trend, read from the last months whatever the period, sits
                with the goal it forecasts */}
            <div className="ov-side">
              <GoalProgressPanel progress={data.summary.goalProgress} targetKg={data.goal?.targetWeightKg} unit={preferences.unit} />
              <TrendCard card={data.trend} unit={preferences.unit} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
