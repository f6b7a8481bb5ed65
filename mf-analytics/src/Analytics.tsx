import { selectThemeColor, useAppSelector, type AnalyticsScreenProps } from '@app/kit';

/** Placeholder until this screen's issue lands; it proves the remote reads the shell's store. */
export default function Analytics(_props: AnalyticsScreenProps) {
  const themeColor = useAppSelector(selectThemeColor);
  return (
    <section className="screen" data-remote="mf_analytics">
      <h1>Analytics</h1>
      <p className="muted">
        Theme colour from the shared store: <output data-testid="store-theme-color">{themeColor}</output>
      </p>
    </section>
  );
}
