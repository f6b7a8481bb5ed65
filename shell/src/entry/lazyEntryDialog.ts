import { lazy } from 'react';

/**
 * The Weight Entry dialog's code, with the API's schemas it checks a weight with: no page needs either to start, so
 * they are fetched when a person heads for a button that opens the dialog (or opens it from a screen), not with the
 * page. After the first visit the service worker holds them, so the first opening is as quick as the next.
 */
export const loadEntryDialog = () => import('./EntryDialog');

/** The dialog as a lazy component; a new one after a failed load, which a lazy component keeps for good. */
export const lazyEntryDialog = () => lazy(() => loadEntryDialog().then((m) => ({ default: m.EntryDialog })));
