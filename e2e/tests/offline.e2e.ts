/**
 * The installable, offline app in Chromium: the install criteria, weights logged with no connection that reach the
 * server once the connection returns (across a reload), and a queued weight the server refuses shown with its reason.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_FLAGS, launchBrowser, newContext, screenshot, tempProfile, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, logWeights, signIn } from '../lib/user';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The app's worker is in charge of the page and has cached what the app needs. */
async function workerInCharge(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { script: reg.active?.scriptURL, scope: reg.scope };
  });
}

/** A new person signed in on the overview, the app's worker in charge of the page. */
async function overviewInWorkersCharge() {
  const user = await createUser();
  const context = await newContext(browser);
  await signIn(context, user);
  const page = await context.newPage();
  // this machine is shared: a busy moment must not fail the test
  page.setDefaultTimeout(60_000);
  const problems = watchProblems(page);
  await page.goto(`${BASE_URL}/dashboard/overview`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Log weight' }).first().waitFor();
  await workerInCharge(page);
  return { user, context, page, problems };
}

async function logWeight(page: Page, date: string, weight: string, opener = 'Log weight') {
  await page.getByRole('button', { name: opener }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Weight Entry' });
  await dialog.waitFor();
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Weight (kg)').fill(weight);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A weight put in the offline queue as the entry dialog puts it with no connection. */
async function queueInBrowser(page: Page, userId: string, date: string, weightKg: number) {
  await page.evaluate(
    ({ userId, date, weightKg }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('weightwise-offline', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('entries', 'readwrite');
          tx.objectStore('entries').put({
            key: `${userId}:${date}`,
            userId,
            payload: { date, weightKg, notes: '' },
            queuedAt: new Date().toISOString(),
          });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    { userId, date, weightKg },
  );
}

describe('offline app', () => {
  it('meets the install criteria: manifest, icons, a worker for the whole site', async () => {
    // a profile on disk: Chromium never offers to install from an incognito window, which is what a plain context is
    const profile = tempProfile();
    const context = await chromium.launchPersistentContext(profile.dir, { executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${BASE_URL}/`);
    expect(await workerInCharge(page)).toEqual({ script: `${BASE_URL}/sw.js`, scope: `${BASE_URL}/` });

    const sw = await fetch(`${BASE_URL}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain('/push-sw.js');

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await fetch(new URL(href!, BASE_URL));
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await res.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string }> };
    expect(manifest).toMatchObject({
      name: 'Weightwise',
      short_name: 'Weightwise',
      start_url: '/dashboard/overview',
      display: 'standalone',
    });
    expect(manifest.theme_color).toBe('#3ab0b9');
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon, size).toBeDefined();
      const png = await fetch(new URL(icon!.src, BASE_URL));
      expect(png.headers.get('content-type')).toBe('image/png');
    }

    // Chromium's own installability check (what Lighthouse's installable audit reported)
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    await context.close();
    profile.remove();
  }, 180_000);

  it('logs two weights offline, keeps them across a reload, sends each once when back online', async () => {
    const { user, context, page, problems } = await overviewInWorkersCharge();

    await context.setOffline(true);
    await page.getByText(/^Offline/).waitFor();
    await logWeight(page, dayOffset(-1), '81.4');
    await logWeight(page, dayOffset(0), '80.9');
    const waiting = page.getByRole('region', { name: 'Waiting to be sent' });
    await waiting.getByText('80.9 kg').waitFor();
    expect(await waiting.getByRole('listitem').count()).toBe(2);

    // the app and the queue survive a reload with no connection
    await page.reload({ waitUntil: 'commit' });
    await waiting.getByText('81.4 kg').waitFor();
    expect(await waiting.getByRole('listitem').count()).toBe(2);
    expect(await page.getByText(/^Offline, last updated today at \d\d:\d\d\./).count()).toBe(1);
    await screenshot(page, 'offline-pending');
    expect(await api(user, 'GET', '/weights')).toEqual([]);

    await context.setOffline(false);
    await page.getByText('Sent 2 weights logged offline').waitFor();
    await waiting.waitFor({ state: 'detached' });
    const saved = await api<Array<{ date: string; weightKg: number }>>(user, 'GET', '/weights');
    expect(saved.map((e) => [e.date, e.weightKg]).sort()).toEqual([
      [dayOffset(-1), 81.4],
      [dayOffset(0), 80.9],
    ]);

    // coming back to the window sends nothing twice
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(2000);
    expect((await api<unknown[]>(user, 'GET', '/weights')).length).toBe(2);
    // reads with no connection and nothing cached fail, as they should; nothing else may go wrong
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);

  it('reads a returning visit’s scripts and styles from its caches without the worker, and caches a remote deployed since', async () => {
    const { context, page, problems } = await overviewInWorkersCharge();
    // the analytics remote's current entry, as its manifest names it
    const manifest = (await (await fetch(`${BASE_URL}/remotes/analytics/mf-manifest.json`)).json()) as {
      metaData: { remoteEntry: { name: string } };
    };
    const analyticsEntry = `${BASE_URL}/remotes/analytics/${manifest.metaData.remoteEntry.name}`;
    const cached = (url: string) => page.evaluate(async (u) => (await caches.match(u)) !== undefined, url);
    await expect.poll(() => cached(analyticsEntry), { timeout: 30_000 }).toBe(true);

    // a visit after a while: the worker has stopped, and the page's files do not wait for it to start
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Log weight' }).first().waitFor();
    const files = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as Array<PerformanceResourceTiming & { workerFinalSourceType?: string }>)
        .filter((e) => e.name.startsWith(location.origin) && /\.(js|css)$/.test(new URL(e.name).pathname))
        .map((e) => [new URL(e.name).pathname, e.workerFinalSourceType]),
    );
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter(([, source]) => source !== 'cache')).toEqual([]);

    // a redeployed remote: the page names an entry the caches do not hold; the next visit caches its whole build
    const dropped = await page.evaluate(async () => {
      const gone: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
          if (/\/remotes\/analytics\/(assets\/|remoteEntry)/.test(req.url) && (await cache.delete(req))) gone.push(req.url);
        }
      }
      return gone;
    });
    expect(dropped).toContain(analyticsEntry);
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expect.poll(() => cached(analyticsEntry), { timeout: 30_000 }).toBe(true);
    for (const url of dropped) expect(await cached(url), url).toBe(true);

    // and it opens with no connection, from a page loaded with none (the heading is the remote's own)
    await context.setOffline(true);
    await page.goto(`${BASE_URL}/dashboard/analytics`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|net::ERR/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows a queued weight the server refuses, with its reason, until dismissed', async () => {
    const { user, context, page } = await overviewInWorkersCharge();

    await context.setOffline(true);
    await logWeight(page, dayOffset(0), '80.2');
    // a weight queued by an earlier version of the app, whose rules the server no longer accepts
    await queueInBrowser(page, user.user.id, dayOffset(-2), 5000);
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('region', { name: 'Waiting to be sent' }).getByRole('listitem').nth(1).waitFor();

    await context.setOffline(false);
    const refused = page.getByRole('region', { name: 'Not saved' });
    await refused.waitFor();
    const reason = await refused.getByRole('listitem').innerText();
    expect(reason).toContain('5000.0 kg');
    expect(reason).toMatch(/weight/i);
    await screenshot(page, 'offline-refused');
    // the other weight reaches the server, now or on a later try (a send that hangs at the reconnect is retried)
    await expect
      .poll(async () => (await api<Array<{ date: string }>>(user, 'GET', '/weights')).map((e) => e.date), {
        timeout: 60_000,
        interval: 500,
      })
      .toEqual([dayOffset(0)]);

    // kept across a reload, never sent again, gone when dismissed
    await page.reload({ waitUntil: 'commit' });
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await refused.waitFor({ state: 'detached' });
    await context.close();
  }, 180_000);

  it('shows a weight logged offline as waiting in the history and the graph, then as an ordinary row once sent', async () => {
    const user = await createUser();
    const today = dayOffset(0);
    await logWeights(user, [{ date: today, weightKg: 82 }]);
    // the phone only looks (its queue is filled as the dialog fills it); the desktop logs, reconnects and sends
    for (const [name, viewport] of [
      ['phone', { width: 375, height: 812 }],
      ['desktop', { width: 1366, height: 900 }],
    ] as const) {
      const context = await newContext(browser, viewport);
      await signIn(context, user);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      // online first: the worker keeps this week's answers for the offline visit
      await page.goto(`${BASE_URL}/dashboard/analytics`, { waitUntil: 'commit' });
      const history = page.getByRole('region', { name: 'Weight history' });
      await history.getByText('82.0').waitFor();
      await workerInCharge(page);
      // the first visit's reads were made before the worker took charge: read once more through it
      await page.reload({ waitUntil: 'commit' });
      await history.getByText('82.0').waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (name === 'desktop') {
        // the overview and settings read once with a connection: offline they show what they read
        await nav.getByRole('link', { name: 'Overview' }).click();
        await page.locator('.weight-graph-description').waitFor();
        await nav.getByRole('link', { name: 'Settings' }).click();
        await page.getByRole('tab', { name: 'Account' }).waitFor();
        await nav.getByRole('link', { name: 'Analytics' }).click();
        await history.getByText('82.0').waitFor();
      }

      await context.setOffline(true);
      await page.getByText(/^Offline/).waitFor();
      if (name === 'desktop') await logWeight(page, today, '81.3', 'Add Log');
      else await queueInBrowser(page, user.user.id, today, 81.3);
      await page.reload({ waitUntil: 'commit' });

      // the saved 82.0 of the day gives way to the waiting 81.3, marked in words
      const row = history.getByRole('row').filter({ hasText: 'Waiting to be sent' });
      await row.waitFor();
      expect(await row.getByRole('cell').nth(1).innerText()).toContain('81.3');
      expect(await history.getByText('82.0').count()).toBe(0);
      const graph = page.getByRole('region', { name: 'Weight Graph' });
      await expect
        .poll(() => graph.locator('.weight-graph-description').innerText())
        .toContain('Waiting to be sent, logged offline: 81.3 kg');
      await graph.getByRole('button', { name: 'View as table' }).click();
      const table = graph.getByRole('table');
      expect(await table.getByRole('row').nth(1).innerText()).toMatch(/81\.3\s+Waiting to be sent/);
      await page.waitForTimeout(800); // the chart's 500 ms animation
      await screenshot(page, `offline-pending-history-${name}`);

      // a period this device never read: said so, not "Loading..." and not "no entries"
      await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '1Y' }).click();
      await page.getByRole('heading', { name: 'You’re offline' }).waitFor();
      await screenshot(page, `offline-unavailable-${name}`);
      await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '1W' }).click();
      await row.waitFor();

      if (name === 'desktop') {
        // screens read before show their last data under the offline banner, the waiting weight drawn on the overview
        await nav.getByRole('link', { name: 'Overview' }).click();
        await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
        await expect
          .poll(() => page.locator('[data-remote="mf_overview"] .weight-graph-description').innerText())
          .toContain('Waiting to be sent, logged offline: 81.3 kg');
        await page.getByText(/^Offline, last updated today at/).waitFor();
        await page.waitForTimeout(800);
        await screenshot(page, 'offline-pending-overview-desktop');
        await nav.getByRole('link', { name: 'Settings' }).click();
        await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
        await page.getByRole('tab', { name: 'Account' }).waitFor();
        expect(await page.getByRole('heading', { name: 'You’re offline' }).count()).toBe(0);
        await page.getByText(/^Offline, last updated today at/).waitFor();
        await nav.getByRole('link', { name: 'Analytics' }).click();
        await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
        await row.waitFor();

        await context.setOffline(false);
        await page.getByText('Sent 1 weight logged offline').waitFor();
        await history.getByRole('row').filter({ hasText: 'Waiting to be sent' }).waitFor({ state: 'detached' });
        await history.getByText('81.3').waitFor();
        const saved = await api<Array<{ date: string; weightKg: number }>>(user, 'GET', '/weights');
        expect(saved.map((e) => [e.date, e.weightKg])).toEqual([[today, 81.3]]);
        expect(await graph.locator('.weight-graph-description').innerText()).not.toContain('Waiting to be sent');
      }
      await context.close();
    }
  }, 300_000);

  it("keeps each person's offline data to themselves: the next person on the browser never sees it, and it leaves", async () => {
    const first = await createUser({ firstName: 'Ada' });
    const second = await createUser({ firstName: 'Ben' });
    await logWeights(first, [{ date: dayOffset(0), weightKg: 82, notes: 'private note of Ada' }]);
    const context = await newContext(browser);
    await signIn(context, first);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const problems = watchProblems(page);
    await page.goto(`${BASE_URL}/dashboard/analytics`, { waitUntil: 'commit' });
    const history = page.getByRole('region', { name: 'Weight history' });
    await history.getByText('82.0').waitFor();
    await workerInCharge(page);
    // Ada's year, read through the worker: kept on this device for her
    await page.reload({ waitUntil: 'commit' });
    const period = page.getByRole('group', { name: 'Period' });
    await period.getByRole('button', { name: '1Y' }).click();
    await history.getByText('private note of Ada').waitFor();
    // the period chosen last is remembered on the device: back to the week, so Ben's screens never read the year
    await period.getByRole('button', { name: '1W' }).click();
    await history.getByText('82.0').waitFor();

    // Ada leaves without signing out (her tab's session ends); Ben signs in on the same browser
    await page.evaluate(() => sessionStorage.removeItem('auth'));
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('Email').fill(second.email);
    await page.getByLabel('Password').fill(second.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    // offline, a year Ben never read: nothing of Ada's stands in for it
    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await period.getByRole('button', { name: '1Y' }).click();
    await page.getByRole('heading', { name: 'You’re offline' }).waitFor();
    expect(await page.getByText('82.0').count()).toBe(0);
    expect(await page.getByText('private note of Ada').count()).toBe(0);
    // and Ada's answers leave the device once Ben is signed in
    const adaCache = `weightwise-api:${first.user.id}`;
    await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 10_000 }).not.toContain(adaCache);
    await context.setOffline(false);
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);

  it('opens with no connection in a new window for the person "Remember me" kept, and sends the weight logged once it returns', async () => {
    const user = await createUser({ firstName: 'Remy', lastName: 'Opener' });
    await logWeights(user, [{ date: dayOffset(-2), weightKg: 82.3 }]);
    const context = await newContext(browser);
    const first = await context.newPage();
    first.setDefaultTimeout(60_000);
    await first.goto(`${BASE_URL}/login`);
    await first.getByLabel('Email').fill(user.email);
    await first.getByLabel('Password').fill(user.password);
    await first.getByLabel('Remember me').check();
    await first.getByRole('button', { name: 'Log In' }).click();
    await first.waitForURL(`${BASE_URL}/dashboard/overview`);
    await workerInCharge(first);
    // read once with the worker in charge, so it keeps the overview's answers
    await first.reload({ waitUntil: 'commit' });
    await first.getByText('82.3 kg').first().waitFor();
    const kept = () => first.evaluate(async () => (await caches.keys()).some((name) => name.startsWith('weightwise-api:')));
    await expect.poll(kept, { timeout: 30_000 }).toBe(true);
    // a page of the API's own opened last (the docs, an e-mail's unsubscribe link) is not what the app opens with
    await first.goto(`${BASE_URL}/api/docs`);
    await first.waitForTimeout(1_000);
    // the window closes (the installed app quit): its tab's session goes with it
    await first.close();

    await context.setOffline(true);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const problems = watchProblems(page);
    await page.goto(`${BASE_URL}/dashboard/overview`, { waitUntil: 'commit' });
    await page.locator('.offline-banner', { hasText: /^Offline/ }).waitFor();
    await page.locator('.sidebar-name', { hasText: 'Remy Opener' }).waitFor();
    await page.getByText('82.3 kg').first().waitFor();
    expect(page.url()).toBe(`${BASE_URL}/dashboard/overview`);
    await logWeight(page, dayOffset(0), '81.9', 'Add Log');
    const waiting = page.getByRole('region', { name: 'Waiting to be sent' });
    await waiting.getByText('81.9 kg').waitFor();
    await screenshot(page, 'offline-cold-start');
    expect((await api<unknown[]>(user, 'GET', '/weights')).length).toBe(1);

    await context.setOffline(false);
    await page.getByText('Sent 1 weight logged offline').waitFor();
    const saved = await api<Array<{ date: string; weightKg: number }>>(user, 'GET', '/weights');
    expect(saved.map((e) => [e.date, e.weightKg]).sort()).toEqual([
      [dayOffset(-2), 82.3],
      [dayOffset(0), 81.9],
    ]);
    // signed in again for real: the banner has gone and the screens read the server
    await page.locator('.offline-banner').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('auth') ?? 'null')?.user?.id)).toBe(user.user.id);
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|net::ERR|503/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);
});
