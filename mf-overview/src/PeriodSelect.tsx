import { Field, PERIOD_KEYS, isPeriodKey, periodLabel, type PeriodKey } from '@app/kit';

interface Props {
  value: PeriodKey;
  alignToCalendar: boolean;
  onChange: (period: PeriodKey) => void;
}

/** The time-period dropdown with the six periods' long labels ('This Week' or 'Last 7 Days'). */
export function PeriodSelect({ value, alignToCalendar, onChange }: Props) {
  return (
    <Field label="Time period" className="ov-period">
      {(id, describedBy) => (
        <select
          id={id}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => {
            if (isPeriodKey(event.target.value)) onChange(event.target.value);
          }}
        >
          {PERIOD_KEYS.map((key) => (
            <option key={key} value={key}>
              {periodLabel(key, alignToCalendar, 'long')}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
