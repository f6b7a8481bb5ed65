import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, logWeights, signIn, type TestUser } from '../lib/user';

/*
 * One rolling week ('Last 7 Days': today − 6 … today), one day (today − 5) left out.
 * Goal: 82 → 72 kg, target date in 69 days.
 *
 * Hand computation (metric):
 *   Current Weight      current 79.6, first 80.0, target 72.0; change 79.6 − 80.0 = −0.4 → 'down 0.4 kg'
 *   This Period Goal    periods left = ceil(69 ÷ 7) = 10; week's share = |72 − 82 (the goal's start)| ÷ 10 = 1.0 kg;
 *                       lost 0.4 → 0.4 ÷ 1.0 = 40.0 % ('0.4 kg of 1.0 kg this period')
 *   Number Of Entries   6 days logged of the week's 7 → 6 ÷ 7 = 85.714 → 85.7 %
 *   Goal Progress       (79.6 − 82) ÷ (72 − 82) = 2.4 ÷ 10 = 24.0 %
 * Imperial (× 2.20462):
 *   79.6 → 175.488 → 175.5 lb; 80 → 176.370 → 176.4 lb; 72 → 158.733 → 158.7 lb; 82 → 180.779 → 180.8 lb
 *   change 0.4 → 0.882 → 'down 0.9 lb'; share 1.0 → 2.205 → 2.2 lb
 * After editing today to 79.2 kg:
 *   change −0.8 → 'down 0.8 kg'; 0.8 ÷ 1.0 = 80.0 %; (79.2 − 82) ÷ (72 − 82) = 28.0 %
 */
const WEEK = [
  { day: -6, weightKg: 80.0 },
  { day: -4, weightKg: 79.8 },
  { day: -3, weightKg: 79.7, notes: 'midweek' },
  { day: -2, weightKg: 79.5 },
  { day: -1, weightKg: 79.4 },
  { day: 0, weightKg: 79.6 },
];
const ROLLING_WEEK = { alignToCalendar: false, defaultSelectedPeriod: 'week' };

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ firstName: 'Olive', lastName: 'Overview' });
  await logWeights(
    user,
    WEEK.map(({ day, weightKg, notes }) => ({ date: dayOffset(day), weightKg, ...(notes && { notes }) })),
  );
  await api(user, 'PATCH', '/goals', {
    startWeightKg: 82,
    targetWeightKg: 72,
    startDate: dayOffset(-30),
    targetDate: dayOffset(69),
  });
});
afterAll(async () => {
  await browser?.close();
});

async function openOverview(
  who: TestUser,
  preferences: Record<string, unknown>,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await newContext(browser, viewport);
  await signIn(context, who);
  await context.addInitScript((prefs) => localStorage.setItem('preferences', prefs), JSON.stringify(preferences));
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(BASE_URL + '/dashboard/overview');
  await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
  return { context, page, problems };
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const goalPanel = (page: Page) => page.getByRole('region', { name: 'Goal Progress' });
const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ');
const enGb = (date: string) => date.split('-').reverse().join('/');

describe('Overview against the real API', () => {
  it('shows the week’s cards and goal progress as computed by hand, on desktop and phone', async () => {
    const { context, page, problems } = await openOverview(user, ROLLING_WEEK);
    await page.getByRole('heading', { name: 'Last 7 Days Summary' }).waitFor();
    expect(await page.getByLabel('Time period').inputValue()).toBe('week');

    const current = card(page, 'Current Weight');
    await current.getByText('79.6 kg').waitFor();
    expect(await text(current)).toContain('First entry 80.0 kg');
    expect(await text(current)).toContain('Target 72.0 kg');
    expect(await current.getByText('down 0.4 kg').count()).toBe(1);
    expect(await current.locator('.ov-diff').getAttribute('data-tone')).toBe('good');

    const period = card(page, 'This Period Goal');
    expect(await text(period)).toContain('40.0%');
    expect(await text(period)).toContain('of your goal');
    expect(await text(period)).toContain('0.4 kg of 1.0 kg this period');

    const entries = card(page, 'Number Of Entries');
    expect(await text(entries)).toContain('6 / 7 days');
    expect(await text(entries)).toContain('85.7% consistency');

    const goal = goalPanel(page);
    expect(await text(goal)).toContain('24.0%');
    expect(await goal.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('24');
    expect(await text(goal)).toContain('Start 82.0 kg');
    expect(await text(goal)).toContain('Target 72.0 kg');

    const graph = page.getByRole('region', { name: 'Last 7 Days Weight Graph' });
    expect(await text(graph)).toContain(`${enGb(dayOffset(-6))} – ${enGb(dayOffset(0))}`);
    expect(await text(graph)).toContain('Current weight 79.6 kg');
    await graph.locator('canvas').waitFor();
    await page.waitForTimeout(700); // let the 500 ms chart animation finish before the picture
    await screenshot(page, 'overview-desktop');

    // Three cards side by side on desktop, stacked on a phone.
    const tops = await page.locator('.ov-card').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(700);
    const phoneTops = await page.locator('.ov-card').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(phoneTops).size).toBe(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(page, 'overview-phone');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('converts every value to pounds for an imperial user', async () => {
    const { context, page, problems } = await openOverview(user, { ...ROLLING_WEEK, unit: 'IMPERIAL' });
    const current = card(page, 'Current Weight');
    await current.getByText('175.5 lb').waitFor();
    expect(await text(current)).toContain('First entry 176.4 lb');
    expect(await text(current)).toContain('Target 158.7 lb');
    expect(await current.getByText('down 0.9 lb').count()).toBe(1);
    expect(await text(card(page, 'This Period Goal'))).toContain('0.9 lb of 2.2 lb this period');
    expect(await text(card(page, 'This Period Goal'))).toContain('40.0%');
    expect(await text(goalPanel(page))).toContain('Start 180.8 lb');
    expect(await text(goalPanel(page))).toContain('Target 158.7 lb');
    expect(await text(goalPanel(page))).toContain('24.0%');
    expect(await text(page.getByRole('region', { name: 'Last 7 Days Weight Graph' }))).toContain('Current weight 175.5 lb');
    await screenshot(page, 'overview-imperial');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the clicked day in the entry dialog, and refreshes after the edit is saved', async () => {
    const { context, page, problems } = await openOverview(user, ROLLING_WEEK);
    const canvas = page.getByRole('region', { name: 'Last 7 Days Weight Graph' }).locator('canvas');
    await canvas.waitFor();
    await page.waitForTimeout(700);
    const box = (await canvas.boundingBox())!;

    // Daily points spread evenly over the 7-day axis: the middle of the plot is today − 3, and the
    // graph picks the point nearest on x, so a click there is that day however wide the y labels are.
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(middle.x, middle.y);
    expect(await canvas.evaluate((el) => (el as HTMLElement).style.cursor)).toBe('pointer');
    await page.mouse.click(middle.x, middle.y);
    const dialog = page.getByRole('dialog', { name: 'Weight Entry' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Date').inputValue()).toBe(dayOffset(-3));
    await expect.poll(() => dialog.getByLabel('Weight (kg)').inputValue()).toBe('79.7');
    expect(await dialog.getByLabel('Notes').inputValue()).toBe('midweek');
    await screenshot(page, 'overview-edit-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The right end of the plot is today; edit it and watch every card follow. (The plot stops short of the
    // canvas edge by half the last tick label, so the click lands a little inside.)
    await page.mouse.click(box.x + box.width - 24, middle.y);
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Date').inputValue()).toBe(dayOffset(0));
    await expect.poll(() => dialog.getByLabel('Weight (kg)').inputValue()).toBe('79.6');
    await dialog.getByLabel('Weight (kg)').fill('79.2');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Logged new weight entry').waitFor();

    await card(page, 'Current Weight').getByText('79.2 kg').waitFor();
    expect(await card(page, 'Current Weight').getByText('down 0.8 kg').count()).toBe(1);
    expect(await text(card(page, 'This Period Goal'))).toContain('80.0%');
    expect(await text(goalPanel(page))).toContain('28.0%');
    expect(await text(page.getByRole('region', { name: 'Last 7 Days Weight Graph' }))).toContain('Current weight 79.2 kg');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches the period from the dropdown and remembers it', async () => {
    const { context, page } = await openOverview(user, ROLLING_WEEK);
    await page.getByLabel('Time period').selectOption({ label: 'Last 30 Days' });
    await page.getByRole('heading', { name: 'Last 30 Days Summary' }).waitFor();
    await page.getByRole('heading', { name: 'Last 30 Days Weight Graph' }).waitFor();
    // Same six entries in 30 days: 6 ÷ 30 = 20.0 %.
    expect(await text(card(page, 'Number Of Entries'))).toContain('6 / 30 days');
    expect(await text(card(page, 'Number Of Entries'))).toContain('20.0% consistency');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('preferences')!).defaultSelectedPeriod)).toBe('month');
    await context.close();
  });

  it('greets a brand-new user with a calm empty overview and opens the dialog from it', async () => {
    const newcomer = await createUser({ firstName: 'Nina', lastName: 'New' });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 800 },
    ]) {
      const { context, page, problems } = await openOverview(newcomer, {}, viewport);
      await page.getByRole('heading', { name: 'Log your first weight' }).waitFor();
      await page.getByRole('heading', { name: 'This Week Summary' }).waitFor();
      expect(await card(page, 'Current Weight').getByText('No data available').count()).toBe(1);
      expect(await card(page, 'This Period Goal').getByText('No data available').count()).toBe(1);
      expect(await card(page, 'Number Of Entries').getByText('No data available').count()).toBe(1);
      expect(await goalPanel(page).getByText('No goal set').count()).toBe(1);
      expect(await page.getByText('Failed to fetch data').count()).toBe(0);
      await screenshot(page, `overview-empty-${viewport.width}`);
      await page.getByRole('button', { name: 'Log weight' }).click();
      await page.getByRole('dialog', { name: 'Weight Entry' }).waitFor();
      expect(await page.getByRole('dialog').getByLabel('Date').inputValue()).toBe(dayOffset(0));
      // The API answers "none" with 404 (no goal, no latest entry); the browser logs those
      // responses, the app treats them as empty states. Anything else is a problem.
      expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
      await context.close();
    }
  });
});
