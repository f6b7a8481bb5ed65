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
      {/* roles spelled out: on phones the rows are laid out as cards, which costs a table its roles in some browsers */}
      <table className="an-table" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Date
            </th>
            <th scope="col" role="columnheader">
              Weight ({weightUnitLabel(unit)})
            </th>
            <th scope="col" role="columnheader">
              Notes
            </th>
            <th scope="col" role="columnheader">
              Actions
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((entry) => (
            <HistoryRow key={entry.date} entry={entry} unit={unit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
