/**
 * A reload of an unchanged screen moves no rows: the service worker asks for the API's lists with the ETag of the
 * copy it holds and shows that copy on a 304; a change made elsewhere is read in full on the next load.
 */
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, logWeights, signIn } from '../lib/user';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('conditional reads through the service worker', () => {
  it('answers a reload of an unchanged history with 304s, and a changed one in full', async () => {
    const user = await createUser();
    await logWeights(
      user,
      Array.from({ length: 30 }, (_, i) => ({ date: dayOffset(-i), weightKg: 80 - i / 10 })),
    );
    const context = await newContext(browser);
    await signIn(context, user);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const problems = watchProblems(page);
    // the network's answers to the lists' reads (the worker's requests included), by status
    const lists: Response[] = [];
    context.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname === '/api/weights' && url.searchParams.has('start_date') && !res.fromServiceWorker()) lists.push(res);
    });
    const history = page.getByRole('region', { name: 'Weight history' });

    await page.goto(`${BASE_URL}/dashboard/analytics`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.reload(); // the worker now reads, and keeps, the lists
    await history.getByText('80.0').first().waitFor();

    lists.length = 0;
    await page.reload();
    await history.getByText('80.0').first().waitFor();
    await expect.poll(() => lists.length).toBeGreaterThan(0);
    expect(lists.map((r) => r.status())).toEqual(lists.map(() => 304));
    for (const r of lists) expect((await r.request().sizes()).responseBodySize).toBe(0);

    // another device changes today's weight: the next load reads the changed list in full and shows it
    await api(user, 'POST', '/weights', { date: dayOffset(0), weightKg: 77.7 });
    lists.length = 0;
    await page.reload();
    await history.getByText('77.7').first().waitFor();
    expect(lists.some((r) => r.status() === 200)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
