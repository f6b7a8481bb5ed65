/** Names the page and the service worker (sw/sw.ts) share. */

/** The Background Sync tag: the worker asks an open page to send the queued entries. */
export const SYNC_TAG = 'weightwise-entries';
/** The message the worker posts to the open pages for it. */
export const SEND_PENDING_MESSAGE = 'send-pending-entries';
