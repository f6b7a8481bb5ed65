import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';

/** How long after the connection returns calls may still fail while the network settles. */
export const SETTLING_MS = 5_000;

let reconnectedAt = Number.NEGATIVE_INFINITY;

/**
 * The browser knows it has no connection, or got it back a moment ago: a call with no answer then says nothing about
 * the server, and the screen stays as it is rather than leaving for the error page.
 */
export function connectionUnsettled(now = Date.now()): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return now - reconnectedAt < SETTLING_MS;
}

/** Marks the moment the connection came back (exported for tests). */
export function noteReconnected(now = Date.now()): void {
  reconnectedAt = now;
}

let readAgain: (() => void) | null = null;

/** Every screen reads its data again now, as when the connection returns (a session restored after opening offline). */
export function readAllAgain(): void {
  readAgain?.();
}

/**
 * Screens read their data again when the connection returns and when the window comes back into view. The first
 * reads after a reconnect often fail while the network settles, so they are asked for once more when it has.
 * Returns the function that stops listening.
 */
export function followConnection(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): () => void {
  return setupListeners(dispatch, (d, { onFocus, onFocusLost, onOnline, onOffline }) => {
    let again: ReturnType<typeof setTimeout> | undefined;
    readAgain = () => d(onOnline());
    const focus = () => d(onFocus());
    const visibility = () => (document.visibilityState === 'visible' ? focus() : d(onFocusLost()));
    const online = () => {
      noteReconnected();
      d(onOnline());
      clearTimeout(again);
      again = setTimeout(() => d(onOnline()), SETTLING_MS);
    };
    const offline = () => {
      clearTimeout(again);
      d(onOffline());
    };
    window.addEventListener('visibilitychange', visibility, false);
    window.addEventListener('focus', focus, false);
    window.addEventListener('online', online, false);
    window.addEventListener('offline', offline, false);
    return () => {
      clearTimeout(again);
      readAgain = null;
      window.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('focus', focus);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}
