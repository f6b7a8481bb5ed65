/**
 * This browser's push subscription. Notifications are shown by push-sw.js, which the app's service worker (sw.js,
 * registered by the shell for the whole site) imports: that worker is used, one per scope. Where the site has no
 * app worker (the dev server), push-sw.js is registered on its own.
 */
export const APP_WORKER_URL = '/sw.js';
export const PUSH_WORKER_URL = '/push-sw.js';
/** The id the server gave this browser's subscription, to mark "this device" and to remove it. */
export const DEVICE_ID_KEY = 'pushDeviceId';
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export class PushSetupError extends Error {}

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** 'Chrome on Windows', 'Safari on iPhone', from the user agent (a label for the device list only). */
export function deviceName(ua: string = navigator.userAgent): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chromium\//.test(ua)
        ? 'Chromium'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'A browser';
  const os = /iPhone|iPad/.test(ua)
    ? /iPad/.test(ua)
      ? 'iPad'
      : 'iPhone'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return os ? `${browser} on ${os}` : browser;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array<ArrayBuffer>) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) {
    await navigator.serviceWorker
      .register(APP_WORKER_URL, { scope: '/' })
      .catch(() => navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' }));
  }
  return navigator.serviceWorker.ready;
}

/** The subscription this browser holds, if push is on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Asks for permission, then subscribes with the server's key (again, if the server's key changed). */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  if (!pushSupported()) throw new PushSetupError('This browser cannot show push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushSetupError('Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.');
  const reg = await registration();
  const key = keyBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      new Promise<never>((_, reject) => {
        // a browser whose push service cannot be reached never answers
        timer = setTimeout(
          () => reject(new PushSetupError('This browser could not reach its push service. Try again later.')),
          SUBSCRIBE_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (err) {
    if (err instanceof PushSetupError) throw err;
    throw new PushSetupError('This browser refused to set up push notifications. Try again later.');
  } finally {
    clearTimeout(timer);
  }
}
