import { selectThemeColor, useAppSelector, type LoginScreenProps } from '@app/kit';

/** Placeholder until this screen's issue lands; it proves the remote reads the shell's store. */
export default function Login(_props: LoginScreenProps) {
  const themeColor = useAppSelector(selectThemeColor);
  return (
    <section className="screen" data-remote="mf_auth">
      <h1>Sign In</h1>
      <p className="muted">
        Theme colour from the shared store: <output data-testid="store-theme-color">{themeColor}</output>
      </p>
    </section>
  );
}
