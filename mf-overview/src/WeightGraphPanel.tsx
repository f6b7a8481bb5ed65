import {
  formatDateEnGb,
  formatWeight,
  ShowTrendToggle,
  useColorScheme,
  weightUnitLabel,
  type DateRange,
  type Goal,
  type PeriodKey,
  type Preferences,
  type ShownEntry,
  type WeightEntry,
} from '@app/kit';
import { WeightGraph } from '@app/kit/graph';

interface Props {
  heading: string;
  period: PeriodKey;
  range: DateRange | null;
  /** The period's saved weights with those waiting to be sent. */
  entries: readonly ShownEntry[];
  /** Earlier readings that seed the trend line (the Trend card's 90 days). */
  trendHistory: readonly WeightEntry[];
  /** Latest weight overall, or null before the first entry. */
  currentKg: number | null;
  preferences: Preferences;
  /** The goal, drawn as its target line, its plan and the forecast band. */
  goal: Goal | null;
  today: string;
  onPointClick: (date: string) => void;
}

/** '{period} Weight Graph': current weight, unit and date range above the weight line chart. */
export function WeightGraphPanel({
  heading,
  period,
  range,
  entries,
  trendHistory,
  currentKg,
  preferences,
  goal,
  today,
  onPointClick,
}: Props) {
  const { unit, weekStartsOn, themeColor, showTrend } = preferences;
  const scheme = useColorScheme();
  return (
    <section className="panel ov-panel" aria-labelledby="ov-graph-title">
      <div className="ov-graph-head">
        <h2 id="ov-graph-title">{heading} Weight Graph</h2>
        {range && (
          <p className="ov-graph-range muted" data-testid="ov-graph-range">
            {formatDateEnGb(range.start)} – {formatDateEnGb(range.end)}
          </p>
        )}
      </div>
      <div className="ov-graph-bar">
        {currentKg !== null && (
          <p className="ov-graph-current">
            <span className="ov-graph-current-label muted">Current weight</span>{' '}
            <strong className="ov-graph-current-value">{formatWeight(currentKg, unit)}</strong>{' '}
            <span className="ov-graph-unit">{weightUnitLabel(unit)}</span>
          </p>
        )}
        <ShowTrendToggle />
      </div>
      <WeightGraph
        entries={entries}
        averaging="none"
        period={period}
        range={range}
        unit={unit}
        weekStartsOn={weekStartsOn}
        themeColor={themeColor}
        showTrend={showTrend}
        trendHistory={trendHistory}
        goal={goal}
        today={today}
        scheme={scheme}
        onPointClick={onPointClick}
      />
    </section>
  );
}
