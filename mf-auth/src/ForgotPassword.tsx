import { useRef, useState, type FormEvent } from 'react';
import { clearFieldError, Field, type FieldErrorMap, type ForgotPasswordScreenProps, Link, parseApiError, useFocusError } from '@app/kit';
import { AuthCard, GeneralError } from './AuthCard';
import { useRequestPasswordReset } from './authApi';
import { formFailure } from './forms';

export const resetSentMessage = (email: string) =>
  `If an account exists for ${email}, we've sent a link to reset your password. It expires in 30 minutes.`;

/**
 * Forgot password: asks for the address and answers every address alike,
 * so the screen never tells whether an account exists.
 */
export default function ForgotPassword(_props: ForgotPasswordScreenProps) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [general, setGeneral] = useState<string>();
  const [requestReset, isLoading] = useRequestPasswordReset();
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useFocusError(formRef);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setGeneral(undefined);
    const address = email.trim();
    if (address === '') {
      setErrors({ email: 'Email is required' });
      return focusError();
    }
    try {
      await requestReset({ email: address });
      setSentTo(address);
    } catch (error) {
      const failure = formFailure(error, ['email']);
      if (failure.kind === 'no-response') setGeneral(parseApiError({ status: 'FETCH_ERROR' }).general);
      else {
        setErrors(failure.fieldErrors);
        setGeneral(failure.general);
      }
      focusError();
    }
  }

  const backToLogin = <Link to="/login">Back to Sign In</Link>;

  if (sentTo !== undefined) {
    return (
      <AuthCard title="Check your e-mail" footer={backToLogin}>
        <p role="status" className="auth-status">
          {resetSentMessage(sentTo)}
        </p>
        <p className="muted">Nothing arrived? Check your spam folder, or ask for a new link in a few minutes.</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password" footer={backToLogin}>
      <p className="muted auth-intro">
        Enter the e-mail address of your account and we'll send you a link to choose a new password. The link goes out by e-mail only where
        this server has mail configured; by default the server writes the e-mail to its console instead, so whoever runs it can pass the
        link on.
      </p>
      <GeneralError message={general} />
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-label="Forgot password">
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
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setErrors((m) => clearFieldError(m, 'email'));
              }}
            />
          )}
        </Field>
        <button type="submit" className="button button-primary auth-submit" disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
    </AuthCard>
  );
}
