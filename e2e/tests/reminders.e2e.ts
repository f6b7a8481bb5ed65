/**
 * Push notifications in Chromium, from Settings → Reminders to a notification on screen.
 *
 * Chromium subscribes only through Google's push service (FCM: its registration, check-in and message endpoints,
 * and subscription endpoints under https://fcm.googleapis.com/fcm/send/), which this machine cannot reach: a real
 * pushManager.subscribe() never settles here. So the one step that talks to Google is stood in for:
 * PushManager.subscribe() returns a subscription made in the page with WebCrypto (a P-256 key pair and an auth
 * secret, as Chromium makes them) whose endpoint is a push service of our own (HTTPS on 127.0.0.1). Everything else
 * is real: the settings screen uses the app's worker (sw.js, which imports /push-sw.js) and sends the subscription to the API, the API encrypts and
 * signs the message with web-push, our push service checks the VAPID signature and decrypts it with the page's key,
 * and the message is handed to the service worker through the DevTools protocol (as a push service would hand it to
 * the browser), which shows the notification.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PushReceiver } from '@app/server-kit/push-receiver';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, signIn } from '../lib/user';

const pushCert = inject('pushCert');
let browser: Browser;
let receiver: PushReceiver | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  if (pushCert) {
    receiver = new PushReceiver({ ...pushCert });
    await receiver.start();
  }
});
afterAll(async () => {
  await browser?.close();
  await receiver?.stop();
});

/** Stands in for the browser's talk with its push service (see above); runs in every page of the context. */
function standInPushService(endpointBase: string) {
  const b64 = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  let current: unknown = null;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    const publicKey = await crypto.subtle.exportKey('raw', pair.publicKey);
    const privateKey = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const auth = crypto.getRandomValues(new Uint8Array(16));
    const id = crypto.randomUUID();
    const serverKey = options?.applicationServerKey as ArrayBuffer | Uint8Array;
    (window as unknown as { __push: object }).__push = { id, d: privateKey.d, auth: b64(auth), applicationServerKey: b64(serverKey) };
    const subscription = {
      endpoint: `${endpointBase}${id}`,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(serverKey).buffer },
      getKey: (name: string) => (name === 'p256dh' ? publicKey : auth.buffer),
      toJSON: () => ({ endpoint: `${endpointBase}${id}`, expirationTime: null, keys: { p256dh: b64(publicKey), auth: b64(auth) } }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    current = subscription;
    return subscription as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
}

describe('reminders: push notifications in Chromium', () => {
  it.skipIf(!pushCert)(
    'turning push on registers the worker and the device; a test notification arrives and is shown',
    async () => {
      const user = await createUser({ firstName: 'Ada' });
      const context = await newContext(browser, { width: 1280, height: 900 });
      await context.grantPermissions(['notifications'], { origin: BASE_URL });
      await signIn(context, user);
      await context.addInitScript(standInPushService, `${receiver!.origin}/push/`);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${BASE_URL}/dashboard/settings?tab=reminders`);
      const panel = page.getByRole('tabpanel', { name: 'Reminders' });
      await panel.getByRole('heading', { name: 'Push notifications' }).waitFor();

      // one worker for the site, the app's (offline app), which imports push-sw.js: push reuses it
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 1);
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      await panel.getByRole('button', { name: 'Turn on for this device' }).click();
      await panel.getByText('Push notifications are on for this device.').waitFor();
      const worker = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration('/');
        return { script: reg?.active?.scriptURL, scope: reg?.scope };
      });
      expect(worker).toEqual({ script: `${BASE_URL}/sw.js`, scope: `${BASE_URL}/` });
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
      await panel.getByText(/on Linux \(this device\)/).waitFor();

      // subscribed with this server's VAPID key; the API holds the subscription
      const reminders = await api<{ push: { publicKey: string } }>(user, 'GET', '/reminders');
      const sub = await page.evaluate(
        () => (window as unknown as { __push: { id: string; d: string; auth: string; applicationServerKey: string } }).__push,
      );
      expect(sub.applicationServerKey).toBe(reminders.push.publicKey);
      const devices = await api<Array<{ device: string }>>(user, 'GET', '/push/subscriptions');
      expect(devices).toEqual([expect.objectContaining({ device: expect.stringMatching(/on Linux$/) })]);
      receiver!.addSubscription(sub.id, Buffer.from(sub.d, 'base64url'), Buffer.from(sub.auth, 'base64url'));

      // the API sends through web-push to the push service, encrypted for this browser and signed with VAPID
      const before = receiver!.received.length;
      await panel.getByRole('button', { name: 'Send a test notification' }).click();
      await panel.getByText('Test notification sent to 1 device.').waitFor();
      await receiver!.waitFor(before + 1);
      const message = receiver!.received[before]!;
      expect(message.id).toBe(sub.id);
      expect(message.vapid.publicKey).toBe(reminders.push.publicKey);
      expect(message.vapid.aud).toBe(receiver!.origin);
      expect(JSON.parse(message.text)).toEqual({
        title: 'Notifications are on',
        body: 'This device will get your weigh-in reminders.',
        url: '/dashboard/settings',
        tag: 'test',
      });

      // the push service hands the message to the browser: the service worker shows it
      const cdp = await context.newCDPSession(page);
      const registrations = new Map<string, string>();
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
        for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
      });
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => registrations.get(`${BASE_URL}/`)).toBeTruthy();
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: BASE_URL,
        registrationId: registrations.get(`${BASE_URL}/`)!,
        data: message.text,
      });
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
          ),
        )
        .toEqual([{ title: 'Notifications are on', body: 'This device will get your weigh-in reminders.', tag: 'test' }]);
      await screenshot(page, 'reminders-push-on');

      // reminders by push too, saved
      await panel.getByRole('checkbox', { name: 'Remind me to weigh in' }).check();
      await panel.getByRole('checkbox', { name: 'Push notification to my devices' }).check();
      await panel.getByRole('button', { name: 'Save reminders' }).click();
      await panel.getByText(/Next reminder: \w{3} \d+ \w{3} at 07:30\./).waitFor();
      const saved = await api<{ settings: { dailyEnabled: boolean; dailyPush: boolean } }>(user, 'GET', '/reminders');
      expect(saved.settings).toMatchObject({ dailyEnabled: true, dailyPush: true });

      // off again: the browser's subscription and the server's record both go
      await panel.getByRole('button', { name: 'Turn off for this device' }).click();
      await panel.getByText('Push notifications are off for this device.').waitFor();
      expect(await api(user, 'GET', '/push/subscriptions')).toEqual([]);
      expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(
        true,
      );
      expect(problems).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
