import { formatDateEnGb, formatWeight, type UnitSystem, weightUnitLabel } from '@app/kit';
import type { GraphModel } from './types';

/** The chart's points as a table, newest first: the same data for people who prefer to read it. */
export function GraphTable({ model, unit, caption }: { model: GraphModel; unit: UnitSystem; caption: string }) {
  const label = weightUnitLabel(unit);
  const withTrend = model.points.some((p) => p.trendKg !== undefined);
  const rows = [...model.points].reverse();
  return (
    <div className="weight-graph-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{model.averaged ? 'Period' : 'Date'}</th>
            <th scope="col">Weight ({label})</th>
            {withTrend && <th scope="col">Trend ({label})</th>}
            {model.averaged && <th scope="col">Days</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={`${p.date}-${p.x}`}>
              <th scope="row">{p.averaged ? p.label : formatDateEnGb(p.date)}</th>
              <td>{formatWeight(p.valueKg, unit)}</td>
              {withTrend && <td>{p.trendKg === undefined ? '' : formatWeight(p.trendKg, unit)}</td>}
              {model.averaged && <td>{p.count ?? ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
