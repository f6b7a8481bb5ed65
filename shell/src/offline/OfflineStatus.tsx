import { useEffect, useState } from 'react';
import {
  focusElement,
  focusFellToPage,
  formatDateEnGb,
  formatWeightWithUnit,
  selectSignedInOffline,
  selectUnit,
  useAppSelector,
  useOnline,
} from '@app/kit';
import { useLastUpdated } from './lastUpdated';
import { useEntryQueue } from './useEntryQueue';
import './offline.css';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "today at 07:42", "21 Nov 2026 at 07:42" */
export function describeLastUpdated(at: Date, now = new Date()): string {
  const sameDay = at.toDateString() === now.toDateString();
  return `${sameDay ? 'today' : dayFormat.format(at)} at ${timeFormat.format(at)}`;
}

/**
 * Above every dashboard screen: with no connection, that the screen shows the last data seen and how old it is;
 * the weights waiting on this device to be sent; the ones the server refused, with its reason.
 */
export function OfflineStatus() {
  // opened offline ("Remember me", nothing answering), the session is not back yet even when the browser is online
  const browserOnline = useOnline();
  const signedInOffline = useAppSelector(selectSignedInOffline);
  const online = browserOnline && !signedInOffline;
  const unit = useAppSelector(selectUnit);
  const lastUpdated = useLastUpdated(online);
  const { entries, dismiss } = useEntryQueue(online);
  const waiting = entries.filter((e) => e.refused === undefined);
  const refused = entries.filter((e) => e.refused !== undefined);
  // once a dismissed weight has left the list (its button with it), the keyboard goes on from the next one's Dismiss,
  // or from the screen when none is left, not from the page's top
  const [dismissed, setDismissed] = useState<string | null>(null);
  const gone = dismissed !== null && !refused.some((e) => e.key === dismissed);
  useEffect(() => {
    if (!gone) return;
    setDismissed(null);
    if (!focusFellToPage()) return;
    const next = document.querySelector<HTMLElement>('.offline-refused button') ?? document.querySelector<HTMLElement>('main');
    if (next) focusElement(next);
  }, [gone]);
  if (online && entries.length === 0) return null;

  return (
    <div className="offline-status">
      {!online && (
        <div className="offline-banner" role="status">
          <p>
            <strong>Offline</strong>
            {lastUpdated ? `, last updated ${describeLastUpdated(lastUpdated)}.` : '.'} You can still log today’s weight: it is kept on this
            device and sent when you’re back online.
          </p>
        </div>
      )}
      {waiting.length > 0 && (
        <section className="offline-queue" aria-label="Waiting to be sent">
          <p>
            <strong>Waiting to be sent</strong> {online ? '(sending now)' : '(when you’re back online)'}
          </p>
          <ul>
            {waiting.map((e) => (
              <li key={e.key}>
                {formatDateEnGb(e.payload.date)}: {formatWeightWithUnit(e.payload.weightKg, unit)} <em>pending</em>
              </li>
            ))}
          </ul>
        </section>
      )}
      {refused.length > 0 && (
        <section className="offline-queue offline-refused" aria-label="Not saved">
          <p>
            <strong>Not saved</strong>: the server refused {refused.length === 1 ? 'this weight' : 'these weights'} logged offline.
          </p>
          <ul>
            {refused.map((e) => (
              <li key={e.key}>
                {formatDateEnGb(e.payload.date)}: {formatWeightWithUnit(e.payload.weightKg, unit)}. {e.refused}
                <button
                  type="button"
                  className="button"
                  aria-label={`Dismiss ${formatDateEnGb(e.payload.date)}: ${formatWeightWithUnit(e.payload.weightKg, unit)}`}
                  onClick={() => {
                    setDismissed(e.key);
                    void dismiss(e);
                  }}
                >
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
