import { useEffect, useRef, useState } from 'react';
import { Field, formatDateEnGb, parseApiError, showToast, useAppDispatch, useSearchParams } from '@app/kit';
import { useLinkProvider, useSignInMethods, useUnlinkProvider } from './signInApi';

const LINK_ERRORS: Record<string, (name: string) => string> = {
  denied: (name) => `${name} was not connected: access was not allowed at ${name}.`,
  expired: (name) => `Connecting ${name} took too long or was already finished. Try again.`,
  unavailable: (name) => `${name} could not be reached. Try again in a moment.`,
  taken: (name) => `That ${name} account is already connected to another account here.`,
  already: (name) => `Another ${name} account is already connected: disconnect it first.`,
};
const linkError = (reason: string, name: string) =>
  (LINK_ERRORS[reason] ?? ((n: string) => `Connecting ${n} failed: its answer could not be verified. Try again.`))(name);

/**
 * Settings → Account → Sign-in methods: the password and every provider the server offers, connected or not.
 * Connect sends the user to the provider and back here; Disconnect is refused for the last way to sign in. Its
 * actions take effect at once (they are not part of the Save button).
 */
export function SignInMethodsSection() {
  const dispatch = useAppDispatch();
  const { methods, isError } = useSignInMethods();
  const [link, linking] = useLinkProvider();
  const [unlink, unlinking] = useUnlinkProvider();
  const [searchParams] = useSearchParams();
  const [currentPassword, setCurrentPassword] = useState('');
  const [error, setError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  // a provider just disconnected: its row now offers Connect, where the keyboard goes (its Disconnect is gone)
  const [refocus, setRefocus] = useState<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (refocus === null) return;
    const buttons = sectionRef.current?.querySelectorAll<HTMLButtonElement>('button[data-provider]') ?? [];
    const connectButton = [...buttons].find((b) => b.dataset.provider === refocus);
    if (!connectButton) return;
    connectButton.focus();
    setRefocus(null);
  }, [refocus, methods]);

  if (isError) return <p className="form-error-general">Failed to fetch data</p>;
  if (!methods) return null;
  const nameOf = (id: string) =>
    methods.providers.find((p) => p.id === id)?.name ?? methods.identities.find((i) => i.provider === id)?.name ?? id;
  const linked = searchParams.get('linked');
  const failed = searchParams.get('link_error');
  const returned = linked
    ? { ok: true, text: `${nameOf(linked)} is connected: you can sign in with it now.` }
    : failed
      ? { ok: false, text: linkError(failed, nameOf(searchParams.get('provider') ?? '')) }
      : null;
  const connected = new Map(methods.identities.map((i) => [i.provider, i]));
  const rows = [
    ...methods.providers.map((p) => ({ id: p.id, name: p.name, identity: connected.get(p.id) })),
    // a provider no longer configured still shows, so it can be disconnected
    ...methods.identities
      .filter((i) => !methods.providers.some((p) => p.id === i.provider))
      .map((i) => ({ id: i.provider, name: i.name, identity: i })),
  ];
  const ways = methods.identities.length + (methods.password ? 1 : 0);
  const canConnect = rows.some((r) => !r.identity);

  const connect = async (provider: string) => {
    if (linking) return;
    setError(undefined);
    setPasswordError(undefined);
    if (methods.password && currentPassword === '') return setPasswordError('Enter your current password to connect a provider');
    try {
      const { authorizationUrl } = await link({ provider, ...(methods.password ? { currentPassword } : {}) });
      window.location.assign(authorizationUrl);
    } catch (e) {
      const parsed = parseApiError(e);
      if (parsed.fieldErrors.currentPassword) setPasswordError(parsed.fieldErrors.currentPassword);
      else setError(parsed.general ?? parsed.message);
    }
  };
  const disconnect = async (provider: string, name: string) => {
    if (unlinking) return;
    setError(undefined);
    try {
      await unlink(provider);
      setRefocus(provider);
      dispatch(showToast(`${name} disconnected`, 'success'));
    } catch (e) {
      const parsed = parseApiError(e);
      setError(parsed.general ?? parsed.message);
    }
  };

  if (rows.length === 0 && methods.password) return null;

  return (
    <section className="st-section" aria-labelledby="st-sign-in" ref={sectionRef}>
      <h2 id="st-sign-in">Sign-in methods</h2>
      {returned && (
        <p role={returned.ok ? 'status' : 'alert'} className={returned.ok ? 'st-status' : 'form-error-general'}>
          {returned.text}
        </p>
      )}
      <ul className="st-methods">
        <li className="st-method">
          <span className="st-method-name">Password</span>
          <span className="muted">
            {methods.password ? 'Set' : 'Not set: set one under Password above (within 10 minutes of signing in), or with Forgot password.'}
          </span>
        </li>
        {rows.map(({ id, name, identity }) => (
          <li key={id} className="st-method">
            <span className="st-method-name">{name}</span>
            {identity ? (
              <>
                <span className="muted">
                  Connected{identity.email ? ` as ${identity.email}` : ''} since {formatDateEnGb(identity.createdAt.slice(0, 10))}
                </span>
                <button
                  type="button"
                  className="button"
                  aria-label={`Disconnect ${name}`}
                  disabled={ways <= 1}
                  // busy is aria-disabled, not disabled: a disabled button drops the focus to the top of the page
                  aria-disabled={unlinking}
                  title={ways <= 1 ? 'Your only way to sign in: set a password or connect another provider first' : undefined}
                  onClick={() => void disconnect(id, name)}
                >
                  Disconnect
                </button>
              </>
            ) : (
              <>
                <span className="muted">Not connected</span>
                <button type="button" className="button" data-provider={id} aria-disabled={linking} onClick={() => void connect(id)}>
                  Connect {name}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {ways <= 1 && methods.identities.length === 1 && (
        <p className="muted">This is your only way to sign in, so it cannot be disconnected.</p>
      )}
      {canConnect && methods.password && (
        <div className="st-grid">
          <Field label="Current password" error={passwordError} hint="Needed to connect a provider">
            {(fieldId, describedBy) => (
              <input
                id={fieldId}
                type="password"
                autoComplete="current-password"
                aria-describedby={describedBy}
                aria-invalid={passwordError ? true : undefined}
                value={currentPassword}
                onChange={(e) => {
                  setCurrentPassword(e.target.value);
                  setPasswordError(undefined);
                }}
                onKeyDown={(e) => {
                  // Enter here must not save the settings form around it
                  if (e.key === 'Enter') e.preventDefault();
                }}
              />
            )}
          </Field>
        </div>
      )}
      {error && <p className="form-error-general">{error}</p>}
    </section>
  );
}
