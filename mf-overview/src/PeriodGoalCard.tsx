import { formatOneDecimal, formatWeightWithUnit, type OverviewSummary, type UnitSystem } from '@app/kit';
import { DiffIndicator } from './DiffIndicator';
import { CardMessage, SummaryCard } from './SummaryCard';

// A goal whose target date has gone by has no per-period target: the card says so in its own words.
export const TARGET_DATE_PASSED = 'Target date passed';
export const TARGET_DATE_TODAY = 'Target date is today';

interface Props {
  card: OverviewSummary['periodGoal'];
  unit: UnitSystem;
}

/** Change in the period versus the period's share of the goal, as a percentage 'of your goal'. */
export function PeriodGoalCard({ card, unit }: Props) {
  if (card.state !== 'data') {
    return (
      <SummaryCard title="This Period Goal">
        <CardMessage>{card.message}</CardMessage>
      </SummaryCard>
    );
  }
  return (
    <SummaryCard title="This Period Goal">
      {card.percent === undefined ? (
        <p className="ov-card-value ov-card-value--small">{card.targetDateToday ? TARGET_DATE_TODAY : TARGET_DATE_PASSED}</p>
      ) : (
        <>
          <p className={`ov-card-value ov-tone--${card.tone}`}>{formatOneDecimal(card.percent)}%</p>
          <p className="ov-card-subtitle">of your goal</p>
        </>
      )}
      <DiffIndicator differenceKg={card.changeKg} unit={unit} tone={card.tone} />
      {card.targetChangeKg !== undefined && (
        <p className="ov-card-detail muted">
          {formatWeightWithUnit(card.achievedKg, unit)} of {formatWeightWithUnit(card.targetChangeKg, unit)} this period
        </p>
      )}
    </SummaryCard>
  );
}
