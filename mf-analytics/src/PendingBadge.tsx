import { formatWeightWithUnit, NOT_SAVED, WAITING_TO_BE_SENT, type PendingMark, type UnitSystem } from '@app/kit';

/**
 * What a history row logged offline is: 'Waiting to be sent', or 'Not saved' with the weight the server refused and
 * its reason. Words, not only a colour, so a screen reader reads them with the row.
 */
export function PendingBadge({ mark, unit }: { mark: PendingMark; unit: UnitSystem }) {
  if (mark.kind === 'waiting') return <span className="an-badge an-badge--waiting">{WAITING_TO_BE_SENT}</span>;
  return (
    <span className="an-refused">
      <span className="an-badge an-badge--refused">{NOT_SAVED}</span> {formatWeightWithUnit(mark.weightKg, unit)} logged offline:{' '}
      {mark.reason}
    </span>
  );
}
