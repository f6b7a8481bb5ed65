import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  clearFieldError,
  Field,
  type FieldErrorMap,
  Link,
  type ResetPasswordScreenProps,
  useFocusError,
  useLocation,
  useNavigate,
} from '@app/kit';
import { AuthCard, GeneralError } from './AuthCard';
import { useConfirmPasswordReset } from './authApi';
import { formFailure } from './forms';
import { PASSWORD_HINT } from './Register';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';

/** The token travels in the fragment (`#token=…`), which browsers never send to a server or in a Referer. */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}

/** Reset password: the target of the mailed link; sets a new password once. */
export default function ResetPassword(_props: ResetPasswordScreenProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(location.hash));
  const [status, setStatus] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [general, setGeneral] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useFocusError(formRef);
  const [confirmReset, isLoading] = useConfirmPasswordReset();

  // Once read, the token leaves the address bar (and so the history and any later copy of the URL).
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
  }, [location, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setGeneral(undefined);
    if (password === '') {
      setErrors({ password: 'Password is required' });
      return focusError();
    }
    try {
      await confirmReset({ token, password });
      setStatus('done');
    } catch (error) {
      const failure = formFailure(error, ['password', 'token']);
      if (failure.kind === 'no-response') setGeneral('Could not reach the server. Check your connection and try again.');
      else if (failure.fieldErrors.token) return setStatus('invalid');
      else {
        setErrors(failure.fieldErrors);
        setGeneral(failure.general);
      }
      focusError();
    }
  }

  if (status === 'done') {
    return (
      <AuthCard title="Password changed" footer={<Link to="/login">Sign in with your new password</Link>}>
        <p role="status" className="auth-status">
          Your password has been changed. For your safety, every device that was signed in to your account has been signed out.
        </p>
      </AuthCard>
    );
  }

  if (status === 'invalid') {
    return (
      <AuthCard title="Reset password" footer={<Link to="/login">Back to Sign In</Link>}>
        <p role="alert" className="form-error-general auth-general">
          {RESET_LINK_INVALID}
        </p>
        <p className="muted">A reset link works once and expires 30 minutes after it was sent.</p>
        <Link to="/forgot-password" className="button button-primary auth-submit">
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" footer={<Link to="/login">Back to Sign In</Link>}>
      <p className="muted auth-intro">Choose a new password for your account.</p>
      <GeneralError message={general} />
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-label="Reset password">
        <Field label="New password" error={errors.password} hint={PASSWORD_HINT}>
          {(id, describedBy) => (
            <input
              id={id}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setErrors((m) => clearFieldError(m, 'password'));
              }}
            />
          )}
        </Field>
        <button type="submit" className="button button-primary auth-submit" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Set new password'}
        </button>
      </form>
    </AuthCard>
  );
}
