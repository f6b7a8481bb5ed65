/** The app's service worker (offline app and push notifications), served by the shell's build at the site root. */
export const APP_WORKER_URL = '/sw.js';

/**
 * Registers the worker once the page has loaded, so its install (which caches the remotes) does not compete with
 * the first screen. Production builds only: the dev server has no worker, and a cached page would hide edits.
 */
export function registerServiceWorker(production = process.env.NODE_ENV === 'production'): void {
  if (!production || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(APP_WORKER_URL, { scope: '/' }).catch((error) => {
      console.warn('[shell] the offline app could not be set up:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
