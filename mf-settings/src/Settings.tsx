import { selectThemeColor, useAppSelector, type SettingsScreenProps } from '@app/kit';

/** Placeholder until this screen's issue lands; it proves the remote reads the shell's store. */
export default function Settings(_props: SettingsScreenProps) {
  const themeColor = useAppSelector(selectThemeColor);
  return (
    <section className="screen" data-remote="mf_settings">
      <h1>Settings</h1>
      <p className="muted">
        Theme colour from the shared store: <output data-testid="store-theme-color">{themeColor}</output>
      </p>
    </section>
  );
}
