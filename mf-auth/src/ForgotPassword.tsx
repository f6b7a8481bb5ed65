import { selectThemeColor, useAppSelector, type ForgotPasswordScreenProps } from '@app/kit';

/** Placeholder until this screen's issue lands; it proves the remote reads the shell's store. */
export default function ForgotPassword(_props: ForgotPasswordScreenProps) {
  const themeColor = useAppSelector(selectThemeColor);
  return (
    <section className="screen" data-remote="mf_auth">
      <h1>Forgot password</h1>
      <p className="muted">
        Theme colour from the shared store: <output data-testid="store-theme-color">{themeColor}</output>
      </p>
    </section>
  );
}
