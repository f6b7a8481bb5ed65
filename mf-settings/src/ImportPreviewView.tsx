import { formatDateEnGb, formatWeight, selectUnit, useAppSelector, weightUnitLabel } from '@app/kit';
import type { DateFormat, ImportPreview, ImportUnit } from './dataApi';
import { entries, ignoredText, unitsText, type ConflictChoice } from './importPlan';
import { RadioGroup } from './RadioGroup';

const CONFLICT_OPTIONS: ReadonlyArray<{ value: ConflictChoice; label: string }> = [
  { value: 'keep', label: 'Keep mine' },
  { value: 'replace', label: 'Replace with imported' },
];

interface Props {
  preview: ImportPreview;
  choice: ConflictChoice;
  onChoice: (choice: ConflictChoice) => void;
  onDateFormat: (format: DateFormat) => void;
  onUnit: (unit: ImportUnit) => void;
}

/**
 * The server's reading of the file: format, recognised rows, rows left out, rejected lines and days that already
 * have an entry; a warning when the weights look like the other unit.
 */
export function ImportPreviewView({ preview, choice, onChoice, onDateFormat, onUnit }: Props) {
  const unit = useAppSelector(selectUnit);
  const label = weightUnitLabel(unit);
  const { rows, rejected, conflicts, counts } = preview;
  const left = ignoredText(preview.ignored);
  return (
    <div className="st-data-preview">
      <p>
        Detected format: <strong>{preview.format.label}</strong>
        {preview.unitStated && preview.fileUnits.length > 0 && ` (weights in ${unitsText(preview.fileUnits)})`}
      </p>
      {preview.warnings.map((w) => (
        <p key={w.code} role="alert" className="st-import-warning">
          {w.message}
        </p>
      ))}
      {!preview.unitStated && (
        // The file does not say: a wrong guess here would import every weight wrongly.
        <RadioGroup<ImportUnit>
          legend="Weights in this file are in"
          name="st-import-unit"
          value={preview.unit}
          options={[
            { value: 'kg', label: 'Kilograms (kg)' },
            { value: 'lb', label: 'Pounds (lb)' },
            { value: 'st', label: 'Stones (st)' },
          ]}
          onChange={onUnit}
        />
      )}
      {preview.dateFormat.ambiguous && (
        <RadioGroup<DateFormat | ''>
          legend="Dates in this file could be day-first or month-first: which is it?"
          name="st-date-format"
          value={preview.dateFormat.value ?? ''}
          options={preview.dateFormat.candidates.map((c) => ({
            value: c,
            label: c === 'dd/MM/yyyy' ? 'Day first (dd/MM/yyyy)' : 'Month first (MM/dd/yyyy)',
          }))}
          onChange={(value) => value && onDateFormat(value)}
        />
      )}
      {preview.timeZone && (
        <p className="muted">Times in the file were turned into dates in your time zone, {preview.timeZone} (set in Preferences).</p>
      )}
      <p role="status">
        {entries(counts.rows)} recognised, {counts.rejected.toLocaleString('en-GB')} rejected
        {counts.duplicatesInFile > 0 &&
          `, ${counts.duplicatesInFile.toLocaleString('en-GB')} more readings of a day already in the file (the earliest one is kept)`}
        .
      </p>
      {left && <p className="muted">{left}</p>}
      {rows.length > 0 && (
        // the tables scroll on their own: focusable, so the keyboard can scroll them too
        <div className="st-data-scroll" tabIndex={0} role="region" aria-label="Entries to import">
          <table className="st-data-table">
            <caption>{counts.rows > rows.length ? `The first ${rows.length} of ${entries(counts.rows)}` : 'Entries to import'}</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Date</th>
                <th scope="col">Weight ({label})</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{formatDateEnGb(r.date)}</td>
                  <td>{formatWeight(r.weightKg, unit)}</td>
                  <td>{r.notes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rejected.length > 0 && (
        <div className="st-data-scroll" tabIndex={0} role="region" aria-label="Rejected rows">
          <table className="st-data-table st-data-rejected">
            <caption>
              {counts.rejected > rejected.length
                ? `Rejected rows (not imported): the first ${rejected.length} of ${counts.rejected.toLocaleString('en-GB')}`
                : 'Rejected rows (not imported)'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {rejected.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {conflicts.length > 0 && (
        <div>
          <p>
            {counts.conflicts === 1
              ? '1 day already has an entry'
              : `${counts.conflicts.toLocaleString('en-GB')} days already have an entry`}
            :{' '}
            {conflicts
              .slice(0, 5)
              .map(
                (c) =>
                  `${formatDateEnGb(c.date)} (${formatWeight(c.existing.weightKg, unit)} → ${formatWeight(c.incoming.weightKg, unit)} ${label})`,
              )
              .join(', ')}
            {counts.conflicts > 5 && ', ...'}
          </p>
          <RadioGroup legend="For these days" name="st-conflicts" value={choice} options={CONFLICT_OPTIONS} onChange={onChoice} />
        </div>
      )}
    </div>
  );
}
