import { useState, type FormEvent } from 'react';
import { Field, Link, type LoginScreenProps, Navigate, useLocation, useLoginMutation } from '@app/kit';
import { AuthCard, GeneralError } from './AuthCard';
import { nonEmpty } from './forms';
import { AFTER_SIGN_IN, carriedState } from './navigation';
import { ProviderButtons } from './ProviderButtons';
import { FinishExternalSignIn, PendingExternalSignIn, useExternalError } from './ExternalSignIn';
import { readExternalReturn } from './externalReturn';
import { useArrivedSignedIn, useAuthForm } from './useAuthForm';
import { useCompleteSignIn } from './useCompleteSignIn';

type LoginField = 'email' | 'password';
const LABELS: Record<LoginField, string> = { email: 'Email', password: 'Password' };

/** Sign In: email, password, Remember me; "Continue with …" each configured provider, and the way back from one. */
export default function Login(_props: LoginScreenProps) {
  const alreadySignedIn = useArrivedSignedIn();
  const location = useLocation();
  const external = readExternalReturn(location.search);
  const carried = carriedState(location.state);
  const [providerError, setProviderError] = useState<string>();
  const returnedError = useExternalError(
    external.kind === 'error' ? external.error : undefined,
    external.kind === 'error' ? external.provider : '',
  );
  const { values, errors, general, change, submit: send, formRef } = useAuthForm(LABELS);
  const [remember, setRemember] = useState(false);
  const [login, { isLoading }] = useLoginMutation();
  const completeSignIn = useCompleteSignIn();

  if (alreadySignedIn) return <Navigate to={AFTER_SIGN_IN} replace />;
  if (external.kind === 'signed-in')
    return <FinishExternalSignIn provider={external.provider} next={external.next} remember={external.remember} />;
  if (external.kind === 'pending') return <PendingExternalSignIn />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return send(async (filled) => {
      const body = { ...nonEmpty(filled), ...(remember && { remember: true }) } as { email: string; password: string; remember?: boolean };
      completeSignIn(await login(body).unwrap(), remember);
    });
  };

  return (
    <AuthCard
      title="Sign In"
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/register" state={carried}>
            Register
          </Link>
        </>
      }
    >
      <GeneralError message={general ?? providerError ?? returnedError} />
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-label="Sign In">
        <Field label="Email" error={errors.email}>
          {(id, describedBy) => (
            <input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              value={values.email}
              onChange={(e) => change('email', e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password}>
          {(id, describedBy) => (
            <input
              id={id}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy}
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
            />
          )}
        </Field>
        <div className="auth-row">
          <label className="auth-check">
            <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            Remember me
          </label>
          <Link to="/forgot-password">Forgot password</Link>
        </div>
        <button type="submit" className="button button-primary auth-submit" disabled={isLoading}>
          {isLoading ? 'Signing in...' : 'Log In'}
        </button>
      </form>
      <ProviderButtons remember={remember} onError={setProviderError} />
    </AuthCard>
  );
}
