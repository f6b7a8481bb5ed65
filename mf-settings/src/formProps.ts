import type { FormKey, SettingsForm } from './settingsForm';

/** What every tab gets: the form, its errors (by API field name) and one setter that also clears the field's error. */
export interface TabProps {
  form: SettingsForm;
  errors: Record<string, string | undefined>;
  update: <K extends FormKey>(key: K, value: SettingsForm[K]) => void;
}
