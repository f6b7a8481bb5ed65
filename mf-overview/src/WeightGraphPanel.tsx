import { formatDateEnGb, formatWeight, weightUnitLabel, type DateRange, type PeriodKey, type Preferences, type WeightEntry } from '@app/kit';
import { WeightGraph } from '@app/kit/graph';

interface Props {
  heading: string;
  period: PeriodKey;
  range: DateRange | null;
  entries: readonly WeightEntry[];
  /** Latest weight overall, or null before the first entry. */
  currentKg: number | null;
  preferences: Preferences;
  onPointClick: (date: string) => void;
}

/** '{period} Weight Graph': current weight, unit and date range above the weight line chart. */
export function WeightGraphPanel({ heading, period, range, entries, currentKg, preferences, onPointClick }: Props) {
  const { unit, weekStartsOn, themeColor } = preferences;
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
      {currentKg !== null && (
        <p className="ov-graph-current">
          <span className="ov-graph-current-label muted">Current weight</span>{' '}
          <strong className="ov-graph-current-value">{formatWeight(currentKg, unit)}</strong>{' '}
          <span className="ov-graph-unit">{weightUnitLabel(unit)}</span>
        </p>
      )}
      <WeightGraph
        entries={entries}
        averaging="none"
        period={period}
        range={range}
        unit={unit}
        weekStartsOn={weekStartsOn}
        themeColor={themeColor}
        onPointClick={onPointClick}
      />
    </section>
  );
}
