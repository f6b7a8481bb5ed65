import { useState, type FormEvent } from 'react';
import {
  browserTimeZone,
  Field,
  Link,
  Navigate,
  type RegisterRequest,
  type RegisterScreenProps,
  useLocation,
  useRegisterMutation,
} from '@app/kit';
import { AuthCard, GeneralError } from './AuthCard';
import { nonEmpty } from './forms';
import { AFTER_SIGN_IN, carriedState } from './navigation';
import { ProviderButtons } from './ProviderButtons';
import { useArrivedSignedIn, useAuthForm } from './useAuthForm';
import { useCompleteSignIn } from './useCompleteSignIn';

type RegisterField = Exclude<keyof RegisterRequest, 'timeZone'>;
const LABELS: Record<RegisterField, string> = { firstName: 'First name', lastName: 'Last name', email: 'Email', password: 'Password' };
export const PASSWORD_HINT = 'At least 8 characters';

const INPUTS: Array<{ field: RegisterField; label: string; type: string; autoComplete: string; hint?: string }> = [
  { field: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: PASSWORD_HINT },
];

/** Sign Up: first and last name, email, password. */
export default function Register(_props: RegisterScreenProps) {
  const alreadySignedIn = useArrivedSignedIn();
  const carried = carriedState(useLocation().state);
  const { values, errors, general, change, submit: send, formRef } = useAuthForm(LABELS);
  const [register, { isLoading }] = useRegisterMutation();
  const completeSignIn = useCompleteSignIn();
  const [providerError, setProviderError] = useState<string>();

  if (alreadySignedIn) return <Navigate to={AFTER_SIGN_IN} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // the account's time zone starts as this browser's: imported timestamps become the user's own days
    const timeZone = browserTimeZone();
    return send(async (filled) =>
      completeSignIn(await register({ ...(nonEmpty(filled) as RegisterRequest), ...(timeZone ? { timeZone } : {}) }).unwrap(), false),
    );
  };

  return (
    <AuthCard
      title="Sign Up"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={carried}>
            Log in
          </Link>
        </>
      }
    >
      <GeneralError message={general ?? providerError} />
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-label="Sign Up">
        <div className="auth-names">{INPUTS.slice(0, 2).map((input) => renderInput(input))}</div>
        {INPUTS.slice(2).map((input) => renderInput(input))}
        <button type="submit" className="button button-primary auth-submit" disabled={isLoading}>
          {isLoading ? 'Registering...' : 'Register'}
        </button>
      </form>
      <ProviderButtons remember={false} onError={setProviderError} />
    </AuthCard>
  );

  function renderInput({ field, label, type, autoComplete, hint }: (typeof INPUTS)[number]) {
    return (
      <Field key={field} label={label} error={errors[field]} hint={hint}>
        {(id, describedBy) => (
          <input
            id={id}
            name={field}
            type={type}
            autoComplete={autoComplete}
            required
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={describedBy}
            value={values[field]}
            onChange={(e) => change(field, e.target.value)}
          />
        )}
      </Field>
    );
  }
}
