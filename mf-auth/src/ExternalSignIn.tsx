import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, Field, Link, parseApiError, setAccessToken, useAppDispatch } from '@app/kit';
import { AuthCard, GeneralError } from './AuthCard';
import { useCancelPendingSignIn, useCompletePendingSignIn, useLinkPendingSignIn, usePendingSignIn, useProviders } from './authApi';
import { externalSignInMessage } from './externalReturn';
import { useCompleteSignIn } from './useCompleteSignIn';

const useProviderName = (id: string) => useProviders().find((p) => p.id === id)?.name ?? 'the provider';

/**
 * Back from the provider, signed in: the API has set the refresh cookie; trade it for an access token and the user,
 * then go where the user was going. The same session as a password login, "Remember me" as chosen.
 */
export function FinishExternalSignIn({ provider, next, remember }: { provider: string; next?: string; remember: boolean }) {
  const dispatch = useAppDispatch();
  const completeSignIn = useCompleteSignIn();
  const name = useProviderName(provider);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const { accessToken } = await dispatch(api.endpoints.refreshToken.initiate()).unwrap();
        dispatch(setAccessToken(accessToken));
        const user = await dispatch(api.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
        dispatch(api.util.resetApiState());
        completeSignIn({ accessToken, ...user }, remember, next);
      } catch {
        setFailed(true);
      }
    })();
  }, [dispatch, completeSignIn, remember, next]);

  return (
    <AuthCard title="Sign In">
      {failed ? (
        <>
          <GeneralError message={`Signing in with ${name} did not finish. Try again.`} />
          <Link to="/login" className="button button-primary auth-submit">
            Back to Sign In
          </Link>
        </>
      ) : (
        <p role="status" className="auth-status">
          Signing you in...
        </p>
      )}
    </AuthCard>
  );
}

/**
 * Back from the provider with one step left: the provider's verified e-mail belongs to an account here (only its
 * password may connect the provider to it), or the provider vouched for no e-mail (the new account needs one).
 */
export function PendingExternalSignIn() {
  const { pending, error, isLoading, refetch } = usePendingSignIn(false);
  const [link, linking] = useLinkPendingSignIn();
  const [complete, completing] = useCompletePendingSignIn();
  const cancel = useCancelPendingSignIn();
  const completeSignIn = useCompleteSignIn();
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const [general, setGeneral] = useState<string>();
  const back = (
    <Link to="/login" onClick={() => void cancel().catch(() => undefined)}>
      Cancel and go back to Sign In
    </Link>
  );

  if (isLoading) {
    return (
      <AuthCard title="Sign In">
        <p role="status" className="auth-status">
          Loading...
        </p>
      </AuthCard>
    );
  }
  if (!pending || error) {
    return (
      <AuthCard title="Sign In" footer={<Link to="/login">Back to Sign In</Link>}>
        <GeneralError message="That sign-in expired or was already finished. Start again." />
      </AuthCard>
    );
  }
  const name = pending.provider.name;
  const failure = (e: unknown, field: string) => {
    const parsed = parseApiError(e);
    setFieldError(parsed.fieldErrors[field]);
    setGeneral(parsed.fieldErrors[field] ? undefined : (parsed.general ?? parsed.message));
  };

  // said only when the provider vouched for the address; otherwise the password form (a wrong one is refused as such)
  if (pending.kind === 'link' && pending.accountHasPassword === false) {
    const others = (pending.accountProviders ?? []).join(' or ') || 'the provider it uses';
    return (
      <AuthCard title={`Connect ${name}`} footer={back}>
        <p className="auth-intro">
          An account with {pending.email} already exists and signs in with {others}. Sign in with {others}, then connect {name} under
          Settings → Account.
        </p>
      </AuthCard>
    );
  }

  if (pending.kind === 'link') {
    const submit = async (event: FormEvent) => {
      event.preventDefault();
      setGeneral(undefined);
      if (password === '') return setFieldError('Password is required');
      try {
        completeSignIn(await link({ password }), pending.remember, pending.returnTo);
      } catch (e) {
        failure(e, 'password');
      }
    };
    return (
      <AuthCard title={`Connect ${name}`} footer={back}>
        <p className="auth-intro">
          An account with {pending.email} already exists. Enter its password to connect {name} to it and sign in. From then on {name} signs
          you in.
        </p>
        <GeneralError message={general} />
        <form className="auth-form" onSubmit={submit} noValidate aria-label={`Connect ${name}`}>
          <Field label="Password" error={fieldError}>
            {(id, describedBy) => (
              <input
                id={id}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={describedBy}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setFieldError(undefined);
                }}
              />
            )}
          </Field>
          <button type="submit" className="button button-primary auth-submit" disabled={linking}>
            {linking ? 'Connecting...' : `Connect ${name} and sign in`}
          </button>
        </form>
        <p className="muted">
          <Link to="/forgot-password">Forgot password</Link>
        </p>
      </AuthCard>
    );
  }

  const value = email ?? pending.email ?? '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(undefined);
    if (value.trim() === '') return setFieldError('Email is required');
    try {
      completeSignIn(await complete({ email: value.trim() }), pending.remember, pending.returnTo);
    } catch (e) {
      const status = (e as { status?: unknown }).status;
      failure(e, 'email');
      // the address belongs to an account: the step is now "enter its password"
      if (status === 409) refetch();
    }
  };
  return (
    <AuthCard title="Finish signing up" footer={back}>
      <p className="auth-intro">
        Welcome, {pending.firstName}. {name} did not confirm an e-mail address for you: enter the one for your new account.
      </p>
      <GeneralError message={general} />
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Finish signing up">
        <Field label="Email" error={fieldError}>
          {(id, describedBy) => (
            <input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={describedBy}
              value={value}
              onChange={(e) => {
                setEmail(e.target.value);
                setFieldError(undefined);
              }}
            />
          )}
        </Field>
        <button type="submit" className="button button-primary auth-submit" disabled={completing}>
          {completing ? 'Creating account...' : 'Create account'}
        </button>
      </form>
    </AuthCard>
  );
}

/** The sentence for a failed provider sign-in, with the provider's name once the list is known. */
export function useExternalError(error: string | undefined, provider: string): string | undefined {
  const name = useProviderName(provider);
  return error ? externalSignInMessage(error, name) : undefined;
}
