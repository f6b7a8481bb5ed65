import { useEffect, useRef, useState, type FormEvent } from 'react';
import { clearFieldError, Field, type FieldErrorMap, type ForgotPasswordScreenProps, Link, parseApiError, useFocusError } from '@app/kit';
import { AuthCard, GeneralError } from './AuthCard';
import { usePasswordResetDelivery, useRequestPasswordReset } from './authApi';
import { formFailure } from './forms';

export const resetSentMessage = (email: string) =>
  `If an account exists for ${email}, we've sent a link to reset your password. It expires in 30 minutes.`;

/** Said where the server has no mail set up: the message is in its log, and only whoever runs it can pass it on. */
export const SERVER_LOG_NOTE =
  'This server has no e-mail set up: it keeps the message in its log instead, so ask whoever runs it to pass the link on.';
export const RESET_OFF_NOTE =
  'This server sends no e-mail, so it cannot send you a link to reset your password. Ask whoever runs it for help.';

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
  const delivery = usePasswordResetDelivery();
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useFocusError(formRef);
  // the form the focus was in is gone once the link is asked for: the focus goes to what replaced it
  const sentRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sentTo !== undefined) sentRef.current?.focus();
  }, [sentTo]);

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
      // with no mail set up nothing is in anyone's inbox: the heading says what did happen
      <AuthCard title={delivery === 'server-log' ? 'Reset link requested' : 'Check your e-mail'} footer={backToLogin}>
        <p ref={sentRef} tabIndex={-1} role="status" className="auth-status">
          {resetSentMessage(sentTo)}
        </p>
        {delivery === 'server-log' ? (
          <p className="muted">{SERVER_LOG_NOTE}</p>
        ) : (
          <p className="muted">Nothing arrived? Check your spam folder, or ask for a new link in a few minutes.</p>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password" footer={backToLogin}>
      {delivery === 'off' ? (
        <p className="auth-intro" role="status">
          {RESET_OFF_NOTE}
        </p>
      ) : (
        <p className="muted auth-intro">
          Enter the e-mail address of your account and we&apos;ll send you a link to choose a new password.
          {delivery === 'server-log' && ` ${SERVER_LOG_NOTE}`}
        </p>
      )}
      <GeneralError message={general} />
      {delivery !== 'off' && (
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
      )}
    </AuthCard>
  );
}
