import { useRef, useState } from 'react';
import { formatDateEnGb, showToast, toDateString, useAppDispatch } from '@app/kit';
import type { ApiToken, TokenScope } from './dataApi';

/** The day a moment fell on where the person is, not in UTC (a token made at 08:00 in Tokyo is today's). */
const dayOf = (timestamp: string) => formatDateEnGb(toDateString(new Date(timestamp)));

type TokenRowProps = {
  token: ApiToken;
  scopeLabel: (scope: TokenScope) => string;
  revoke: (id: string) => Promise<void>;
  /** Where the keyboard goes when the last token is revoked. */
  focusAfterLast: () => void;
};

/**
 * One API token: Revoke asks inline first (scripts using the token stop working at once), as deleting an entry does.
 * Once revoked, the keyboard moves on to the next token's Revoke (or the one before it), never to the page's top.
 */
export function TokenRow({ token, scopeLabel, revoke, focusAfterLast }: TokenRowProps) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const rowRef = useRef<HTMLTableRowElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);

  const keep = () => {
    setConfirming(false);
    requestAnimationFrame(() => revokeButton.current?.focus());
  };
  const confirm = async () => {
    if (revoking) return;
    const row = rowRef.current;
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLButtonElement>('button');
    setRevoking(true);
    try {
      await revoke(token.id);
      if (neighbour?.isConnected) neighbour.focus();
      else focusAfterLast();
      dispatch(showToast('Token revoked', 'success'));
    } catch {
      dispatch(showToast('The token could not be revoked. Please try again.', 'error'));
      setRevoking(false);
      keep();
    }
  };

  return (
    <tr ref={rowRef}>
      <td>{token.name}</td>
      <td>{scopeLabel(token.scope)}</td>
      <td>{dayOf(token.createdAt)}</td>
      <td>{token.lastUsedAt ? dayOf(token.lastUsedAt) : 'Never'}</td>
      <td className="st-token-actions">
        {confirming ? (
          // Escape keeps the token, as Keep does
          <span
            className="st-token-confirm"
            role="group"
            aria-label={`Revoke the token ${token.name}?`}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !revoking) {
                event.stopPropagation();
                keep();
              }
            }}
          >
            <span>Scripts using it stop working.</span>
            {/* aria-disabled, not disabled: a disabled button drops the focus to the top of the page */}
            <button type="button" className="button st-data-danger-button" onClick={() => void confirm()} aria-disabled={revoking}>
              Revoke
            </button>
            <button type="button" className="button" onClick={keep} aria-disabled={revoking} autoFocus>
              Keep
            </button>
          </span>
        ) : (
          <button
            ref={revokeButton}
            type="button"
            className="button"
            aria-label={`Revoke ${token.name}`}
            onClick={() => setConfirming(true)}
          >
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}
