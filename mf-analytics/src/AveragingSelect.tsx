import { AVERAGING_MODE_LABELS, AVERAGING_MODES, Field, isAveragingMode, type AveragingMode } from '@app/kit';

interface AveragingSelectProps {
  value: AveragingMode;
  onChange: (mode: AveragingMode) => void;
}

/** Show All Data / Weekly / Monthly / Yearly Average. */
export function AveragingSelect({ value, onChange }: AveragingSelectProps) {
  return (
    <Field label="Averaging" className="an-averaging">
      {(id, describedBy) => (
        <select
          id={id}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => {
            if (isAveragingMode(event.target.value)) onChange(event.target.value);
          }}
        >
          {AVERAGING_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {AVERAGING_MODE_LABELS[mode]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
