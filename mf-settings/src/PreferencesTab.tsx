import type { ColorScheme, UnitSystem, WeekStartsOn } from '@app/kit';
import type { TabProps } from './formProps';
import { RadioGroup } from './RadioGroup';
import { ThemePicker } from './ThemePicker';
import { TimeZoneSelect } from './TimeZoneSelect';

const UNITS: ReadonlyArray<{ value: UnitSystem; label: string }> = [
  { value: 'METRIC', label: 'Metric (kg, cm)' },
  { value: 'IMPERIAL', label: 'Imperial (lb, ft)' },
];
const WEEK_STARTS: ReadonlyArray<{ value: WeekStartsOn; label: string }> = [
  { value: 0, label: 'Sunday' },
  { value: 1, label: 'Monday' },
];
const SCHEMES: ReadonlyArray<{ value: ColorScheme; label: string }> = [
  { value: 'LIGHT', label: 'Light' },
  { value: 'DARK', label: 'Dark' },
  { value: 'SYSTEM', label: 'System' },
];
const ALIGN: ReadonlyArray<{ value: boolean; label: string }> = [
  { value: true, label: 'True' },
  { value: false, label: 'False' },
];

interface PreferencesTabProps extends TabProps {
  themeColor: string;
  onThemeColor: (hex: string) => void;
  onHexBlur: () => void;
  onUnit: (unit: UnitSystem) => void;
}

export function PreferencesTab({ form, errors, update, themeColor, onThemeColor, onHexBlur, onUnit }: PreferencesTabProps) {
  return (
    <div className="st-sections">
      <section className="st-section" aria-labelledby="st-theme">
        <h2 id="st-theme">Theme</h2>
        <ThemePicker
          current={themeColor}
          hexInput={form.hexInput}
          error={errors.themeColor}
          onHexInput={(text) => update('hexInput', text)}
          onPick={onThemeColor}
          onHexBlur={onHexBlur}
        />
        <RadioGroup
          legend="Appearance"
          name="st-scheme"
          value={form.colorScheme}
          options={SCHEMES}
          onChange={(value) => update('colorScheme', value)}
          error={errors.colorScheme}
        />
      </section>
      <section className="st-section" aria-labelledby="st-units">
        <h2 id="st-units">Units and calendar</h2>
        <RadioGroup legend="Unit" name="st-unit" value={form.unit} options={UNITS} onChange={onUnit} error={errors.unitPreference} />
        <RadioGroup
          legend="Week starts on"
          name="st-week"
          value={form.weekStartsOn}
          options={WEEK_STARTS}
          onChange={(value) => update('weekStartsOn', value)}
          error={errors.weekStartsOn}
        />
        <RadioGroup
          legend="Align to calendar"
          name="st-align"
          value={form.alignToCalendar}
          options={ALIGN}
          onChange={(value) => update('alignToCalendar', value)}
        />
        <TimeZoneSelect value={form.timeZone} onChange={(zone) => update('timeZone', zone)} error={errors.timeZone} />
      </section>
    </div>
  );
}
