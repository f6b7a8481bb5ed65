import { weightUnitLabel, type ShownEntry, type UnitSystem } from '@app/kit';
import { HistoryRow } from './HistoryRow';

interface HistoryTableProps {
  rows: readonly ShownEntry[];
  unit: UnitSystem;
}

/** The table of one page of entries; it scrolls sideways inside its panel on narrow screens. */
export function HistoryTable({ rows, unit }: HistoryTableProps) {
  return (
    <div className="an-table-wrap" role="region" aria-label="Weight history" tabIndex={0}>
      <table className="an-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Weight ({weightUnitLabel(unit)})</th>
            <th scope="col">Notes</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => (
            <HistoryRow key={entry.date} entry={entry} unit={unit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
