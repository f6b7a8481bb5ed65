import { useRef, useState } from 'react';
import { api, Field, loggedOut, parseApiError, useAppDispatch, useNavigate } from '@app/kit';
import { useDeleteAccount } from './dataApi';
import { useHasPassword } from './signInApi';

/** The danger zone: password, then an explicit confirmation; afterwards the session is gone and the user is at '/'. */
export function DeleteAccountSection() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [remove, deleting] = useDeleteAccount();
  // an account made through a sign-in provider has no password: a recent sign-in is asked for instead
  const hasPassword = useHasPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // a refusal takes the focus to the password its message is about (or to the button, with no password to fix)
  const showError = (message: string) => {
    setError(message);
    requestAnimationFrame(() => (passwordInput.current ?? deleteButton.current)?.focus());
  };
  const keep = () => {
    setConfirming(false);
    requestAnimationFrame(() => deleteButton.current?.focus());
  };

  const ask = () => {
    if (hasPassword && password === '') {
      showError('Enter your current password');
      return;
    }
    setConfirming(true);
  };
  const confirm = async () => {
    try {
      await remove(hasPassword ? { currentPassword: password } : {});
      // signed out on purpose, and the landing page drawn before anything else can happen on this screen
      dispatch(loggedOut());
      navigate('/', { flushSync: true });
      dispatch(api.util.resetApiState());
    } catch (e) {
      const parsed = parseApiError(e);
      setConfirming(false);
      showError(parsed.fieldErrors.currentPassword ?? parsed.general ?? parsed.message);
    }
  };

  return (
    <section className="st-section st-data-danger" aria-labelledby="st-delete">
      <h2 id="st-delete">Delete account</h2>
      <p>
        Deleting your account removes your profile, every weight entry, your goal, your avatar, your API tokens and all your sessions. It
        cannot be undone: download an export first if you want to keep your data.
      </p>
      {hasPassword ? (
        <Field label="Current password" error={error}>
          {(id, describedBy) => (
            <input
              ref={passwordInput}
              id={id}
              type="password"
              autoComplete="current-password"
              value={password}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(undefined);
                setConfirming(false);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  ask();
                }
              }}
            />
          )}
        </Field>
      ) : (
        <>
          <p className="muted">Your account has no password: deleting it needs a sign-in within the last 10 minutes.</p>
          {error && (
            <p className="form-error-general" role="alert">
              {error}
            </p>
          )}
        </>
      )}
      {!confirming ? (
        <button ref={deleteButton} type="button" className="button st-data-danger-button" onClick={ask}>
          Delete my account
        </button>
      ) : (
        <div
          className="st-data-confirm"
          role="alertdialog"
          aria-labelledby="st-delete-confirm"
          onKeyDown={(event) => {
            // Escape keeps the account, as the Keep button does
            if (event.key === 'Escape' && !deleting) keep();
          }}
        >
          <p id="st-delete-confirm">
            <strong>Delete your account and all its data for good?</strong>
          </p>
          <div className="st-data-actions">
            <button type="button" className="button" onClick={keep} disabled={deleting} autoFocus>
              Keep my account
            </button>
            <button type="button" className="button st-data-danger-button" onClick={() => void confirm()} disabled={deleting}>
              {deleting ? 'Deleting...' : 'Yes, delete my account'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
