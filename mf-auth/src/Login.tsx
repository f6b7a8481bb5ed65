import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import {
  clearFieldError,
  Field,
  hasFieldErrors,
  selectIsSignedIn,
  useAppSelector,
  useLoginMutation,
  type FieldErrorMap,
  type LoginScreenProps,
} from '@app/kit';
import { AuthCard, GeneralError } from './AuthCard';
import { formFailure, nonEmpty, requiredErrors } from './forms';
import { AFTER_SIGN_IN } from './navigation';
import { ProviderButton } from './ProviderButton';
import { useCompleteSignIn, useNoResponse } from './useCompleteSignIn';

type LoginField = 'email' | 'password';
const LABELS: Record<LoginField, string> = { email: 'Email', password: 'Password' };
const FIELDS = Object.keys(LABELS);

/** Sign In (spec §2, §4): email, password, Remember me. */
export default function Login(_props: LoginScreenProps) {
  const signedIn = useAppSelector(selectIsSignedIn);
  // Decided on arrival only: signing in here must not race the navigation to the from-path.
  const [alreadySignedIn] = useState(signedIn);
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', password: '' });
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [general, setGeneral] = useState<string>();
  const [login, { isLoading }] = useLoginMutation();
  const completeSignIn = useCompleteSignIn();
  const noResponse = useNoResponse();

  if (alreadySignedIn) return <Navigate to={AFTER_SIGN_IN} replace />;

  const change = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => clearFieldError(e, field));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = requiredErrors(values, LABELS);
    setErrors(missing);
    setGeneral(undefined);
    if (hasFieldErrors(missing)) return;
    try {
      const body = { ...nonEmpty(values), ...(remember && { remember: true }) } as { email: string; password: string; remember?: boolean };
      completeSignIn(await login(body).unwrap(), remember);
    } catch (error) {
      const failure = formFailure(error, FIELDS);
      if (failure.kind === 'no-response') return noResponse();
      setErrors(failure.fieldErrors);
      setGeneral(failure.general);
    }
  }

  return (
    <AuthCard
      title="Sign In"
      footer={
        <>
          Don't have an account? <Link to="/register">Register</Link>
        </>
      }
    >
      <GeneralError message={general} />
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign In">
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
      <div className="auth-divider">
        <span>or</span>
      </div>
      <ProviderButton />
    </AuthCard>
  );
}
