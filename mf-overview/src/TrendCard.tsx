import { formatWeightWithUnit, type UnitSystem } from '@app/kit';
import { DiffIndicator } from './DiffIndicator';
import { CardMessage, SummaryCard } from './SummaryCard';
import type { TrendCardModel } from './trendCardModel';

export const RATE_NEEDS_READINGS = 'Log at least 3 weights in 14 days to see your rate.';

interface Props {
  card: TrendCardModel;
  unit: UnitSystem;
}

/**
 * The smoothed weight, its weekly rate coloured against the goal, when the goal is likely reached, and how far the
 * trend has moved over 7, 30 and 90 days and since the first weigh-in.
 */
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
      {card.changes.some((c) => c.kg !== null) && (
        <div role="group" aria-label="Trend change">
          <dl className="ov-trend-changes">
            {card.changes.map((change) =>
              change.kg === null ? null : (
                <div key={change.label} className="ov-trend-change">
                  <dt className="muted">{change.label}</dt>
                  <dd>
                    <DiffIndicator differenceKg={change.kg} unit={unit} tone={change.tone} />
                  </dd>
                </div>
              ),
            )}
          </dl>
        </div>
      )}
    </SummaryCard>
  );
}
