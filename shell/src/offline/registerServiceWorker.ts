/** The app's service worker (offline app and push notifications), served by the shell's build at the site root. */
export const APP_WORKER_URL = '/sw.js';

/** How long after the page's load the worker waits before it is registered (then for an idle moment, 2 s at most). */
export const WORKER_DELAY_MS = 3_000;

/**
 * Registers the worker a while after the page has loaded, when the page is idle: its install fetches every remote's
 * files and the browser compiles each for its cache, a few hundred milliseconds of CPU that must not compete with the
 * first screen, nor with a reload right after it. Push sets it up at once when turned on (mf-settings). Production
 * builds only: the dev server has no worker, and a cached page would hide edits.
 */
export function registerServiceWorker(production = process.env.NODE_ENV === 'production'): void {
  if (!production || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(APP_WORKER_URL, { scope: '/' }).catch((error) => {
      console.warn('[shell] the offline app could not be set up:', error);
    });
  };
  const whenIdle = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 2_000 });
      else register();
    }, WORKER_DELAY_MS);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
