import { useRef, useState, type FormEvent } from 'react';
import { Field, parseApiError, showToast, useAppDispatch, useFocusError } from '@app/kit';
import { useCreateToken, useRevokeToken, useTokens, type TokenScope } from './dataApi';
import { RadioGroup } from './RadioGroup';
import { TokenRow } from './TokenRow';

const SCOPES: ReadonlyArray<{ value: TokenScope; label: string }> = [
  { value: 'read', label: 'Read only' },
  { value: 'read-write', label: 'Read and write' },
];
const scopeLabel = (scope: TokenScope) => SCOPES.find((s) => s.value === scope)!.label;

/** Personal API tokens: created here, shown once, listed without their secret, revoked (after asking) at once. */
export function TokensSection() {
  const dispatch = useAppDispatch();
  const { tokens, isError } = useTokens();
  const [create, creating] = useCreateToken();
  const [revoke] = useRevokeToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  // the Data tab holds other forms: only this one's error takes focus
  const focusError = useFocusError(sectionRef, 'form');

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (creating) return;
    if (name.trim() === '') {
      setError('Name is required');
      focusError();
      return;
    }
    try {
      const created = await create({ name: name.trim(), scope });
      setSecret({ name: created.name, token: created.token });
      setName('');
      setError(undefined);
    } catch (e) {
      const parsed = parseApiError(e);
      setError(parsed.fieldErrors.name ?? parsed.general ?? parsed.message);
      focusError();
    }
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.token);
      dispatch(showToast('Token copied', 'success'));
    } catch {
      dispatch(showToast('Could not copy: select the token and copy it yourself.', 'error'));
    }
  };

  return (
    <section className="st-section" aria-labelledby="st-tokens" ref={sectionRef}>
      <h2 id="st-tokens">API tokens</h2>
      <p className="muted">
        For scripts and automations: send <code>Authorization: Bearer wt_…</code> with calls to the API. A read-only token can only read;
        neither kind can manage tokens, change your email or password, or delete the account. Changing or resetting your password revokes
        every token.
      </p>
      <div className="st-grid">
        <Field label="Token name" error={error}>
          {(id, describedBy) => (
            <input
              id={id}
              value={name}
              maxLength={100}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                // Enter creates the token here; it must not submit anything else
                if (e.key === 'Enter') void submit(e as unknown as FormEvent);
              }}
            />
          )}
        </Field>
      </div>
      <RadioGroup legend="Access" name="st-token-scope" value={scope} options={SCOPES} onChange={setScope} />
      <div className="st-data-actions">
        <button ref={createButton} type="button" className="button button-primary" onClick={() => void submit()} aria-disabled={creating}>
          Create token
        </button>
      </div>
      {secret && (
        <div className="st-data-secret" role="status">
          <p>
            <strong>Copy the token &ldquo;{secret.name}&rdquo; now: it is shown only once.</strong> Keep it secret like a password.
          </p>
          <code className="st-data-token">{secret.token}</code>
          <div className="st-data-actions">
            <button type="button" className="button" onClick={() => void copy()}>
              Copy
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                // the box goes with its buttons: the keyboard goes back to where the token was made
                setSecret(null);
                createButton.current?.focus();
              }}
            >
              Done
            </button>
          </div>
        </div>
      )}
      {isError && <p className="form-error-general">Failed to fetch data</p>}
      {tokens && tokens.length === 0 && <p className="muted">No API tokens yet.</p>}
      {tokens && tokens.length > 0 && (
        <div className="st-data-scroll">
          <table className="st-data-table">
            <caption className="st-visually-hidden">Your API tokens</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Access</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="st-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <TokenRow
                  key={t.id}
                  token={t}
                  scopeLabel={scopeLabel}
                  revoke={revoke}
                  focusAfterLast={() => createButton.current?.focus()}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
