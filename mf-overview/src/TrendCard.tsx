import { formatWeightWithUnit, type UnitSystem } from '@app/kit';
import { CardMessage, SummaryCard } from './SummaryCard';
import type { TrendCardModel } from './trendCardModel';

export const RATE_NEEDS_READINGS = 'Log at least 3 weights in 14 days to see your rate.';

interface Props {
  card: TrendCardModel;
  unit: UnitSystem;
}

/** The smoothed weight, its weekly rate coloured against the goal, and when the goal is likely reached. */
export function TrendCard({ card, unit }: Props) {
  if (card.state === 'low-data') {
    return (
      <SummaryCard title="Trend" className="ov-trend">
        <CardMessage>{card.message}</CardMessage>
      </SummaryCard>
    );
  }
  const { forecast } = card;
  return (
    <SummaryCard title="Trend" className="ov-trend">
      <p className="ov-card-value">{formatWeightWithUnit(card.trendKg, unit)}</p>
      {card.rateText ? (
        <p className={`ov-diff ov-diff--${card.tone} ov-trend-rate`} data-tone={card.tone}>
          {card.rateText}
        </p>
      ) : (
        !forecast && <p className="ov-card-detail muted">{RATE_NEEDS_READINGS}</p>
      )}
      {forecast && (
        <div className="ov-trend-forecast" data-testid="ov-trend-forecast">
          {forecast.onTrack ? (
            <>
              <p className="ov-card-detail">
                <span className="muted">Goal:</span> {forecast.range}
              </p>
              {forecast.schedule && <p className="ov-card-detail muted">{forecast.schedule}</p>}
            </>
          ) : (
            <p className="ov-card-detail muted">{forecast.message}</p>
          )}
        </div>
      )}
    </SummaryCard>
  );
}
