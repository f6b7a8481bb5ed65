import { formatDateEnGb, formatWeight, type UnitSystem, WAITING_TO_BE_SENT, weightUnitLabel } from '@app/kit';
import type { GraphModel } from './types';

/** The chart's points as a table, newest first: the same data for people who prefer to read it, with which are not sent yet. */
export function GraphTable({ model, unit, caption }: { model: GraphModel; unit: UnitSystem; caption: string }) {
  const label = weightUnitLabel(unit);
  const withTrend = model.points.some((p) => p.trendKg !== undefined);
  const withPending = model.points.some((p) => p.pending);
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
