import { formatOneDecimal, type OverviewSummary } from '@app/kit';
import { CardMessage, SummaryCard } from './SummaryCard';

interface Props {
  card: OverviewSummary['entriesCount'];
}

/** Days with an entry versus the days in the period (a calendar month counts all its days, begun or not). */
export function EntriesCountCard({ card }: Props) {
  return (
    <SummaryCard title="Number Of Entries">
      {card.state === 'empty' ? (
        <CardMessage>{card.message}</CardMessage>
      ) : (
        <>
          <p className="ov-card-value">
            {card.count} <span className="ov-card-of">/ {card.days} days</span>
          </p>
          <p className="ov-card-subtitle">
            <span className="ov-card-percent">{formatOneDecimal(card.percent)}%</span> consistency
          </p>
        </>
      )}
    </SummaryCard>
  );
}
