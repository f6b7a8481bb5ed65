import { formatDateEnGb, formatWeight, type DateString, type UnitSystem, WAITING_TO_BE_SENT, weightUnitLabel } from '@app/kit';
import type { GraphModel } from './types';

interface GraphTableProps {
  model: GraphModel;
  unit: UnitSystem;
  caption: string;
  /** What clicking a day's point does (edit that day): a button per day here, for those who do not point at the chart. */
  onEdit?: (date: DateString) => void;
}

/**
 * The chart's points as a table, newest first: the same data for people who prefer to read it, with which are not sent
 * yet, the notes the tooltips show, and the edit a click on a point opens.
 */
export function GraphTable({ model, unit, caption, onEdit }: GraphTableProps) {
  const label = weightUnitLabel(unit);
  const withTrend = model.points.some((p) => p.trendKg !== undefined);
  const withPending = model.points.some((p) => p.pending);
  const withNotes = !model.averaged && model.points.some((p) => p.notes);
  const editable = !model.averaged && onEdit !== undefined;
  const rows = [...model.points].reverse();
  return (
    // it scrolls on its own: focusable, so the keyboard can scroll it too
    <div className="weight-graph-table" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{model.averaged ? 'Period' : 'Date'}</th>
            <th scope="col">Weight ({label})</th>
            {withTrend && <th scope="col">Trend ({label})</th>}
            {model.averaged && <th scope="col">Days</th>}
            {withPending && <th scope="col">Status</th>}
            {withNotes && <th scope="col">Notes</th>}
            {editable && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={`${p.date}-${p.x}`}>
              <th scope="row">{p.averaged ? p.label : formatDateEnGb(p.date)}</th>
              <td>{formatWeight(p.valueKg, unit)}</td>
              {withTrend && <td>{p.trendKg === undefined ? '' : formatWeight(p.trendKg, unit)}</td>}
              {model.averaged && <td>{p.count ?? ''}</td>}
              {withPending && <td>{p.pending ? WAITING_TO_BE_SENT : 'Saved'}</td>}
              {withNotes && <td>{p.notes}</td>}
              {editable && (
                <td>
                  {!p.pending && (
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Edit ${formatDateEnGb(p.date)}`}
                      onClick={() => onEdit(p.date)}
                    >
                      Edit
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
