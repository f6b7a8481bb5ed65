import { useMemo } from 'react';
import { Field } from '@app/kit';

/** Every zone the browser knows (falls back to the current one alone where the list is not offered). */
function knownZones(current: string): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set([...supported, 'UTC', current])].sort((a, b) => a.localeCompare(b));
}

interface TimeZoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  error?: string;
}

/** The account's time zone: imported timestamps become days in it. */
export function TimeZoneSelect({ value, onChange, error }: TimeZoneSelectProps) {
  const zones = useMemo(() => knownZones(value), [value]);
  return (
    <Field label="Time zone" error={error} hint="Readings imported with a time of day go on the day they were taken in this zone.">
      {(id, describedBy) => (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
