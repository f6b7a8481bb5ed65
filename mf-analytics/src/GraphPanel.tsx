import {
  formatDateEnGb,
  openEntryDialog,
  ShowTrendToggle,
  showToast,
  useAppDispatch,
  useColorScheme,
  useRetryFocus,
  type ApiAveragedItem,
  type ApiWeightEntry,
  type ShownEntry,
  type AveragingMode,
  type DateRange,
  type Goal,
  type PeriodKey,
  type UnitSystem,
  type WeekStartsOn,
} from '@app/kit';
import { WeightGraph, type PointClickHandler } from '@app/kit/graph';
import { AveragingSelect } from './AveragingSelect';
import { AveragesSummary } from './AveragesSummary';
import { AVERAGE_DETAILS_MESSAGE, LOAD_FAILED_MESSAGE } from './messages';

interface GraphPanelProps {
  /** The period's saved weights with those waiting to be sent. */
  entries: readonly ShownEntry[];
  averages: readonly ApiAveragedItem[] | undefined;
  averaging: AveragingMode;
  onAveragingChange: (mode: AveragingMode) => void;
  period: PeriodKey;
  range: DateRange | null;
  unit: UnitSystem;
  weekStartsOn: WeekStartsOn;
  themeColor: string;
  /** The showTrend preference: the trend line over raw data. */
  showTrend: boolean;
  /** Readings before the period that carry the trend line in. */
  trendHistory: readonly ApiWeightEntry[];
  today: string;
  goal: Goal | null;
  loading: boolean;
  /** The period's entries could not be read: say so, with Retry, rather than draw an empty graph. */
  failed?: boolean;
  onRetry?: () => void;
}

/** The weight graph with its averaging dropdown and, for averages, a readable list of them. */
export function GraphPanel(props: GraphPanelProps) {
  const { entries, averages, averaging, period, range, unit, weekStartsOn, themeColor, showTrend, trendHistory, today, goal, loading } =
    props;
  const { failed = false, onRetry } = props;
  const dispatch = useAppDispatch();
  const scheme = useColorScheme();
  // the order the panel shows them in: a failure with Retry comes before "Loading..."
  const retryFocus = useRetryFocus(failed ? 'failed' : loading ? 'loading' : 'ready');

  const onPointClick: PointClickHandler = (date, { averaged }) => {
    if (averaged) dispatch(showToast(AVERAGE_DETAILS_MESSAGE, 'info'));
    else dispatch(openEntryDialog({ editDate: date }));
  };

  return (
    <section className="panel an-graph" aria-labelledby="an-graph-title">
      <div className="an-panel-head">
        <div>
          <h2 id="an-graph-title" ref={retryFocus.landing}>
            Weight Graph
          </h2>
          {range && (
            <p className="muted an-range">
              {formatDateEnGb(range.start)} – {formatDateEnGb(range.end)}
            </p>
          )}
        </div>
        <div className="an-graph-controls">
          <AveragingSelect value={averaging} onChange={props.onAveragingChange} />
          {/* The trend is drawn over raw readings only, so averages have nothing to toggle. */}
          {averaging === 'none' && <ShowTrendToggle />}
        </div>
      </div>
      {failed ? (
        <div className="an-load-failed">
          <p>{LOAD_FAILED_MESSAGE}</p>
          <button ref={retryFocus.button} type="button" className="button" onClick={onRetry && retryFocus.retry(onRetry)}>
            Retry
          </button>
        </div>
      ) : loading ? (
        <p className="screen-loading an-graph-loading" role="status">
          Loading...
        </p>
      ) : (
        <>
          <WeightGraph
            entries={entries}
            averages={averages}
            averaging={averaging}
            period={period}
            range={range}
            unit={unit}
            weekStartsOn={weekStartsOn}
            themeColor={themeColor}
            showTrend={showTrend}
            trendHistory={trendHistory}
            today={today}
            goal={goal}
            scheme={scheme}
            onPointClick={onPointClick}
          />
          {averaging !== 'none' && averages && (
            <AveragesSummary key={`${period}-${averaging}`} averages={averages} mode={averaging} unit={unit} weekStartsOn={weekStartsOn} />
          )}
        </>
      )}
    </section>
  );
}
