/**
 * What the page's first script runs before React, the router, the store or any remote has loaded: the screen's
 * opening reads, and the theme of the last visit. Import-free but for kit's storage access, so the shell's first
 * script can carry it: a page of @app/kit/early, not of the shared kit.
 */
export { startEarlyReads } from './api/earlyReads';
export { applyCachedTheme } from './state/cachedTheme';
// what the service worker shares with the app's client: plain names, no code
export { OFFLINE_USER_HEADER } from './api/offlineSession';
