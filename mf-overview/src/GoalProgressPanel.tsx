import { formatOneDecimal, formatWeightWithUnit, Link, type OverviewSummary, type UnitSystem } from '@app/kit';

// The Goals tab of Settings; the query is a hint for the settings screen, harmless if it ignores it.
export const SET_GOAL_HREF = '/dashboard/settings?tab=goals';

interface Props {
  progress: OverviewSummary['goalProgress'];
  /** The goal's target, shown even before the first entry. */
  targetKg: number | undefined;
  unit: UnitSystem;
}

/** Current and target weight, the percentage of the way from start to target, and a clamped bar. */
export function GoalProgressPanel({ progress, targetKg, unit }: Props) {
  return (
    <section className="panel ov-panel" aria-labelledby="ov-goal-title">
      <h2 id="ov-goal-title">Goal Progress</h2>
      {progress.state === 'no-goal' ? (
        <div className="ov-goal-empty">
          <p className="muted">{progress.message}</p>
          <Link to={SET_GOAL_HREF}>Set a goal in Settings</Link>
        </div>
      ) : progress.state === 'empty' ? (
        <>
          <dl className="ov-goal-facts">
            <div>
              <dt>Target</dt>
              <dd>{targetKg === undefined ? '' : formatWeightWithUnit(targetKg, unit)}</dd>
            </div>
          </dl>
          <p className="muted">{progress.message}</p>
        </>
      ) : (
        <>
          <dl className="ov-goal-facts">
            <div>
              <dt>Current</dt>
              <dd>{formatWeightWithUnit(progress.currentKg, unit)}</dd>
            </div>
            <div>
              <dt>Target</dt>
              <dd>{formatWeightWithUnit(progress.targetKg, unit)}</dd>
            </div>
            <div>
              <dt>Progress</dt>
              <dd className="ov-goal-percent">{formatOneDecimal(progress.percent)}%</dd>
            </div>
          </dl>
          <div
            className="ov-bar"
            role="progressbar"
            aria-label="Goal progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.barPercent}
            aria-valuetext={`${formatOneDecimal(progress.percent)}%`}
          >
            <div className="ov-bar-fill" style={{ width: `${progress.barPercent}%` }} />
          </div>
          <div className="ov-bar-labels">
            <span>
              Start <strong>{formatWeightWithUnit(progress.startKg, unit)}</strong>
            </span>
            <span>
              Target <strong>{formatWeightWithUnit(progress.targetKg, unit)}</strong>
            </span>
          </div>
        </>
      )}
    </section>
  );
}
