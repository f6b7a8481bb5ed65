import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, type TestUser } from '../lib/user';

/*
 * Two years as a real user logs them: near-daily weigh-ins drifting from ~92 to ~82 kg with daily noise, skipped
 * days, a fortnight's holiday and a lapsed month, and a goal of 78 kg. The graph must stay readable: thinned
 * weights under the trend, a legend, the goal's lines, years on the axis and in tooltips.
 */
function twoYears(): Array<{ date: string; weightKg: number }> {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const entries: Array<{ date: string; weightKg: number }> = [];
  for (let day = -729; day <= 0; day++) {
    const holiday = day > -400 && day <= -386;
    const lapse = day > -200 && day <= -170;
    if (holiday || lapse || random() < 0.1) continue;
    const drift = 92 - (10 * (day + 729)) / 729;
    entries.push({ date: dayOffset(day), weightKg: Math.round((drift + (random() - 0.5) * 1.2) * 10) / 10 });
  }
  return entries;
}

const ENTRIES = twoYears();
const GOAL = { startWeightKg: 92, targetWeightKg: 78, startDate: dayOffset(-729), targetDate: dayOffset(180) };
const YEAR = /\b20\d\d\b/;

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ firstName: 'Lena', lastName: 'Long' });
  // eight at a time: the API takes them in any order, each day is its own row
  for (let i = 0; i < ENTRIES.length; i += 8) {
    await Promise.all(ENTRIES.slice(i, i + 8).map((e) => api(user, 'POST', '/weights', e, 201)));
  }
  await api(user, 'PATCH', '/goals', GOAL);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, preferences: Record<string, unknown>, viewport?: { width: number; height: number }) {
  const context: BrowserContext = await newContext(browser, viewport);
  await context.addInitScript(
    ({ auth, prefs }) => {
      if (sessionStorage.getItem('e2e-long')) return;
      sessionStorage.setItem('e2e-long', '1');
      sessionStorage.setItem('auth', auth);
      localStorage.setItem('preferences', prefs);
    },
    { auth: JSON.stringify({ user: user.user, accessToken: user.accessToken }), prefs: JSON.stringify(preferences) },
  );
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(BASE_URL + path);
  return { context, page, problems };
}

/** The graph's canvas once the chart has drawn what the data says (the probe mirrors it into data attributes). */
async function drawnCanvas(scope: Page | Locator): Promise<Locator> {
  const canvas = scope.locator('canvas[data-points-drawn]').first();
  await canvas.waitFor();
  return canvas;
}

const attr = async (canvas: Locator, name: string) => (await canvas.getAttribute(`data-${name}`)) ?? '';

describe('two years of data', () => {
  it('overview, all time: thinned weights under the trend, a legend, the goal, years on the axis and in tooltips', async () => {
    const { context, page, problems } = await open('/dashboard/overview', { defaultSelectedPeriod: 'all', showTrend: true });
    const graph = page.getByRole('region', { name: 'All Time Weight Graph' });
    const canvas = await drawnCanvas(graph);

    const drawn = Number(await attr(canvas, 'points-drawn'));
    expect(ENTRIES.length).toBeGreaterThan(600);
    expect(drawn).toBeGreaterThan(40);
    expect(drawn).toBeLessThan(ENTRIES.length / 2);
    expect(await attr(canvas, 'marker-radius')).toBe('2');
    expect((await attr(canvas, 'legend')).split('|')).toEqual(expect.arrayContaining(['Weight', 'Trend', 'Target', 'Plan']));
    const labels = (await attr(canvas, 'x-labels')).split('|');
    expect(labels.some((l) => YEAR.test(l))).toBe(true);
    expect(labels.length).toBeLessThanOrEqual(16);

    // hover the middle of the plot: the tooltip names a day with its year
    // (moved a little each time: a redraw as the chart settles may close a tooltip opened before it)
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    let nudge = 0;
    await expect
      .poll(
        async () => {
          await page.mouse.move(box.x + box.width / 2 + (nudge++ % 2) * 6, box.y + box.height / 2);
          return attr(canvas, 'tooltip');
        },
        { timeout: 8000, interval: 400 },
      )
      .toMatch(YEAR);
    expect(await attr(canvas, 'tooltip')).toMatch(/Weight: \d+\.\d kg/);

    // the words and the table say what the canvas shows
    const description = await graph.locator('.weight-graph-description').innerText();
    expect(description).toContain(`${ENTRIES.length} entries`);
    await graph.getByRole('button', { name: 'View as table' }).click();
    expect(await graph.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(20);
    await graph.getByRole('button', { name: 'Hide the table' }).click();

    await screenshot(page, 'long-history-overview-1366');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('overview on a phone: fewer labels and points, still with years', async () => {
    const { context, page } = await open(
      '/dashboard/overview',
      { defaultSelectedPeriod: 'all', showTrend: true },
      { width: 375, height: 800 },
    );
    const canvas = await drawnCanvas(page.getByRole('region', { name: 'All Time Weight Graph' }));
    expect(Number(await attr(canvas, 'points-drawn'))).toBeLessThan(120);
    const labels = (await attr(canvas, 'x-labels')).split('|');
    expect(labels.length).toBeLessThanOrEqual(8);
    expect(labels.some((l) => YEAR.test(l))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'long-history-overview-375');
    await context.close();
  });

  it('overview, this week: the trend is carried in from before the week and the y axis spans at least 2 kg', async () => {
    const { context, page } = await open('/dashboard/overview', { defaultSelectedPeriod: 'week', alignToCalendar: false, showTrend: true });
    const canvas = await drawnCanvas(page.getByRole('region', { name: 'Last 7 Days Weight Graph' }));
    expect((await attr(canvas, 'legend')).split('|')).toContain('Trend');
    expect(await attr(canvas, 'marker-radius')).toBe('4');
    const [yMin, yMax] = (await attr(canvas, 'y-range')).split('|').map(Number);
    expect(yMax! - yMin!).toBeGreaterThanOrEqual(2);
    // the trend card reports how the trend moved
    const changes = page.getByRole('group', { name: 'Trend change' });
    for (const span of ['7 days', '30 days', '90 days']) await changes.getByText(span, { exact: true }).waitFor();
    await changes.getByText(/^Since \d\d\/\d\d\/\d{4}$/).waitFor();
    await context.close();
  });

  it('analytics, all time weekly: averages paged twelve at a time, the history one click away, the period remembered', async () => {
    const { context, page, problems } = await open(
      '/dashboard/analytics',
      { defaultSelectedPeriod: 'all', showTrend: true },
      { width: 375, height: 800 },
    );
    await page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
    await page.getByLabel('Averaging').selectOption({ label: 'Weekly Average' });
    const averages = page.getByRole('region', { name: 'Averages' });
    await averages.waitFor();
    expect(await averages.getByRole('listitem').count()).toBe(12);
    const status = await averages.getByRole('navigation', { name: 'Averages pages' }).getByRole('status').innerText();
    const pages = Number(/of (\d+)/.exec(status)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(8);
    // two years of weeks are drawn as a line a phone can show (their shape kept), not a marker for every week
    const canvas = await drawnCanvas(page);
    await expect.poll(() => attr(canvas, 'legend')).toBe('');
    const drawnWeeks = Number(await attr(canvas, 'points-drawn'));
    expect(drawnWeeks).toBeGreaterThanOrEqual(40);
    expect(drawnWeeks).toBeLessThan((pages - 1) * 12);
    // a phone page stays a phone page: no 5,000 px of chips
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2000);
    await screenshot(page, 'long-history-analytics-375');
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Entry details not available for average data').waitFor();
    await history.getByRole('button', { name: 'Show the entries' }).click();
    expect(await history.getByRole('table').locator('tbody tr').count()).toBe(50);

    // the period chosen here is the one the overview opens with
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '1Y' }).click();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Overview' }).first().click();
    await page.getByRole('heading', { name: 'This Year Summary' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
