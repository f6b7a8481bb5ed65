import { formatWeightWithUnit, NO_GOAL_MESSAGE, type OverviewSummary, type UnitSystem } from '@app/kit';
import { DiffIndicator } from './DiffIndicator';
import { CardMessage, SummaryCard } from './SummaryCard';

interface Props {
  card: OverviewSummary['currentWeight'];
  unit: UnitSystem;
}

/** First entry of the period, current weight and target, with the change since the first entry. */
export function CurrentWeightCard({ card, unit }: Props) {
  return (
    <SummaryCard title="Current Weight">
      {card.state === 'empty' ? (
        <CardMessage>{card.message}</CardMessage>
      ) : (
        <>
          <p className="ov-card-value">{formatWeightWithUnit(card.currentKg, unit)}</p>
          <DiffIndicator differenceKg={card.differenceKg} unit={unit} tone={card.tone} />
          <dl className="ov-card-facts">
            <div>
              <dt>First entry</dt>
              <dd>{formatWeightWithUnit(card.firstKg, unit)}</dd>
            </div>
            <div>
              <dt>Target</dt>
              <dd>{card.targetKg === undefined ? NO_GOAL_MESSAGE : formatWeightWithUnit(card.targetKg, unit)}</dd>
            </div>
          </dl>
        </>
      )}
    </SummaryCard>
  );
}
