import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import {
  clearFieldError,
  Field,
  hasFieldErrors,
  selectIsSignedIn,
  useAppSelector,
  useRegisterMutation,
  type FieldErrorMap,
  type RegisterRequest,
  type RegisterScreenProps,
} from '@app/kit';
import { AuthCard, GeneralError } from './AuthCard';
import { formFailure, nonEmpty, requiredErrors } from './forms';
import { AFTER_SIGN_IN } from './navigation';
import { ProviderButton } from './ProviderButton';
import { useCompleteSignIn, useNoResponse } from './useCompleteSignIn';

type RegisterField = keyof RegisterRequest;
const LABELS: Record<RegisterField, string> = { firstName: 'First name', lastName: 'Last name', email: 'Email', password: 'Password' };
const FIELDS = Object.keys(LABELS);
export const PASSWORD_HINT = 'At least 8 characters';

const INPUTS: Array<{ field: RegisterField; label: string; type: string; autoComplete: string; hint?: string }> = [
  { field: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: PASSWORD_HINT },
];

/** Sign Up (spec §2): first and last name, email, password. */
export default function Register(_props: RegisterScreenProps) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [alreadySignedIn] = useState(signedIn);
  const [values, setValues] = useState<Record<RegisterField, string>>({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [general, setGeneral] = useState<string>();
  const [register, { isLoading }] = useRegisterMutation();
  const completeSignIn = useCompleteSignIn();
  const noResponse = useNoResponse();

  if (alreadySignedIn) return <Navigate to={AFTER_SIGN_IN} replace />;

  const change = (field: RegisterField, value: string) => {
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
      completeSignIn(await register(nonEmpty(values) as RegisterRequest).unwrap(), false);
    } catch (error) {
      const failure = formFailure(error, FIELDS);
      if (failure.kind === 'no-response') return noResponse();
      setErrors(failure.fieldErrors);
      setGeneral(failure.general);
    }
  }

  return (
    <AuthCard
      title="Sign Up"
      footer={
        <>
          Already have an account? <Link to="/login">Log in</Link>
        </>
      }
    >
      <GeneralError message={general} />
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign Up">
        <div className="auth-names">
          {INPUTS.slice(0, 2).map((input) => renderInput(input))}
        </div>
        {INPUTS.slice(2).map((input) => renderInput(input))}
        <button type="submit" className="button button-primary auth-submit" disabled={isLoading}>
          {isLoading ? 'Registering...' : 'Register'}
        </button>
      </form>
      <div className="auth-divider">
        <span>or</span>
      </div>
      <ProviderButton />
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
