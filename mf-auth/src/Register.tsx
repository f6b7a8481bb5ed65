import { selectThemeColor, useAppSelector, type RegisterScreenProps } from '@app/kit';

/** Placeholder until this screen's issue lands; it proves the remote reads the shell's store. */
export default function Register(_props: RegisterScreenProps) {
  const themeColor = useAppSelector(selectThemeColor);
  return (
    <section className="screen" data-remote="mf_auth">
      <h1>Sign Up</h1>
      <p className="muted">
        Theme colour from the shared store: <output data-testid="store-theme-color">{themeColor}</output>
      </p>
    </section>
  );
}
