/**
 * A person who ticked "Remember me" and opens the app with no connection (the installed app started in a bathroom
 * with no Wi-Fi) is let in on this device's last data, to log a weight that is sent once the session is back.
 * Their profile is kept for that in localStorage (the token never is: it stays in this tab's sessionStorage).
 */
export const OFFLINE_USER_STORAGE_KEY = 'offlineUser';

/**
 * Names whose kept answers a read made without a session is after. The app's service worker answers such a read from
 * that person's own cache on this device and never sends it on: it carries no credentials, so only that device's copy
 * can answer it.
 */
export const OFFLINE_USER_HEADER = 'X-Weightwise-Offline-User';
