import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, logWeights, signIn, type TestUser } from '../lib/user';

/*
 * Issue 10 in the browser: the Trend card of the overview, the trend line and its toggle, thin averages
 * on analytics, and the entry dialog's plausibility prompt.
 *
 * (a) 21 days falling 0.1 kg a day: day −20 = 92.0 … today = 90.0 (w_t = 92 − 0.1t, t = 0…20).
 * Hand computation of the trend (10 % smoothing, seeded with the median of the first three readings):
 *   seed T_0 = median(92.0, 91.9, 91.8) = 91.9, so the lag e_t = T_t − w_t starts at e_0 = −0.1;
 *   T_t = T_{t−1} + 0.1(w_t − T_{t−1}) gives e_t = 0.9(e_{t−1} + 0.1), whose fixed point is 0.9, so
 *   e_t = 0.9 − 0.9^t and T_t = 92.9 − 0.1t − 0.9^t.
 *   Trend today: T_20 = 90.9 − 0.9^20 = 90.9 − 0.1216 = 90.778 → '90.8 kg'.
 *   The trend lags the line, and its slope −0.1(1 − 0.9^t) only approaches −0.1 kg/day: over the last
 *   14 days (t = 7…20) the least-squares slope is −0.1 + slope(−0.9^t) = −0.1 + 0.0268 = −0.0732 kg/day,
 *   × 7 = −0.512 kg/week → '−0.5 kg/week'. (Not −0.7: three weeks are too few for the lag to settle.)
 *   Band: −0.55 … −0.45 kg/week.
 * Goal 92 → 85 by today + 120: (90.778 − 85) ÷ 0.0732 = 78.9 → most likely today + 79, 41 days before
 * the target date, so the user is ahead.
 */
const FALLING = Array.from({ length: 21 }, (_, t) => ({ date: dayOffset(t - 20), weightKg: Math.round((92 - 0.1 * t) * 10) / 10 }));
const GOAL = { startWeightKg: 92, targetWeightKg: 85, startDate: dayOffset(-20), targetDate: dayOffset(120) };
const ROLLING_MONTH = { alignToCalendar: false, defaultSelectedPeriod: 'month' };

/*
 * Kit's own trend and forecast functions give the expected values. They are imported at run time: the e2e
 * TypeScript project holds only lib/ and tests/, so a static import of kit's sources fails `tsc -b e2e`.
 * The few signatures used are restated here.
 */
type Entry = { date: string; weightKg: number };
type OnTrack = {
  kind: 'on-track';
  date: string;
  earliest: string;
  latest: string | null;
  schedule: { status: string; days: number; targetDatePassed: boolean } | null;
};
interface KitDomain {
  computeTrend(entries: Entry[]): Array<Entry & { trendKg: number }>;
  latestTrendKg(points: Array<Entry & { trendKg: number }>): number | undefined;
  trendRate(points: Array<Entry & { trendKg: number }>): { kind: 'rate'; kgPerDay: number } | { kind: 'insufficient' };
  ratePerWeek(kgPerDay: number, unit: 'METRIC' | 'IMPERIAL'): number;
  forecastGoal(entries: Entry[], goal: typeof GOAL): OnTrack | { kind: 'not-on-track'; message: string };
  formatForecastRange(forecast: OnTrack, today: string): string;
  formatSchedule(schedule: NonNullable<OnTrack['schedule']>): string;
}
const KIT_DOMAIN: string = path.resolve(import.meta.dirname, '../../kit/src/domain/index.ts');
let kit: KitDomain;

/** Least-squares slope of y against x, written out here so the check does not lean on kit. */
function slope(xs: number[], ys: number[]): number {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
  });
  return sxy / sxx;
}

let browser: Browser;
let decliner: TestUser;

beforeAll(async () => {
  kit = (await import(KIT_DOMAIN)) as KitDomain;
  browser = await launchBrowser();
  decliner = await createUser({ firstName: 'Tess', lastName: 'Trend' });
  await logWeights(decliner, FALLING);
  await api(decliner, 'PATCH', '/goals', GOAL);
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  who: TestUser,
  path: string,
  preferences: Record<string, unknown>,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await newContext(browser, viewport);
  await signIn(context, who);
  // Only the first load of each tab gets these preferences; a reload keeps what the app saved.
  await context.addInitScript((prefs) => {
    if (sessionStorage.getItem('e2e-prefs')) return;
    sessionStorage.setItem('e2e-prefs', '1');
    localStorage.setItem('preferences', prefs);
  }, JSON.stringify(preferences));
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(BASE_URL + path);
  return { context, page, problems };
}

const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const trendCard = (page: Page) => page.getByRole('article', { name: 'Trend' });
const cardTops = (page: Page) =>
  page.locator('.ov-cards > article').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));

describe('Trend card, against the real API', () => {
  it('shows the trend, the rate computed by hand and by kit, and kit’s forecast range, ahead of the plan', async () => {
    const today = dayOffset(0);
    // The hand computation above, checked numerically: T_t = 92.9 − 0.1t − 0.9^t, slope over t = 7…20.
    const ts = Array.from({ length: 14 }, (_, i) => i + 7);
    const handKgPerDay = slope(
      ts,
      ts.map((t) => 92.9 - 0.1 * t - 0.9 ** t),
    );
    expect(handKgPerDay).toBeCloseTo(-0.0732, 4);
    const handPerWeek = handKgPerDay * 7;
    expect(handPerWeek).toBeGreaterThan(-0.55);
    expect(handPerWeek).toBeLessThan(-0.45);

    // Kit on the entries exactly as the API stored them (what the screen reads too).
    const stored = await api<Array<{ date: string; weightKg: number }>>(
      decliner,
      'GET',
      `/weights?start_date=${dayOffset(-89)}&end_date=${today}`,
    );
    expect(stored).toHaveLength(21);
    const points = kit.computeTrend(stored);
    expect(kit.latestTrendKg(points)).toBeCloseTo(90.778, 3);
    const rate = kit.trendRate(points);
    if (rate.kind !== 'rate') throw new Error('kit found no rate');
    expect(rate.kgPerDay).toBeCloseTo(handKgPerDay, 6);
    const kitPerWeek = kit.ratePerWeek(rate.kgPerDay, 'METRIC');
    const expectedRate = `${kitPerWeek < 0 ? '−' : '+'}${Math.abs(kitPerWeek).toFixed(1)} kg/week`;
    expect(expectedRate).toBe('−0.5 kg/week');
    const forecast = kit.forecastGoal(stored, GOAL);
    if (forecast.kind !== 'on-track') throw new Error(`kit says ${forecast.message}`);
    expect(forecast.date).toBe(dayOffset(79));
    expect(forecast.schedule?.status).toBe('ahead');

    const { context, page, problems } = await open(decliner, '/dashboard/overview', ROLLING_MONTH);
    const card = trendCard(page);
    await card.getByText('90.8 kg').waitFor();
    const rateText = await text(card.locator('.ov-trend-rate'));
    expect(rateText).toBe(expectedRate);
    const shown = Number(rateText.replace('−', '-').split(' ')[0]);
    expect(shown).toBeGreaterThanOrEqual(-0.55);
    expect(shown).toBeLessThanOrEqual(-0.45);
    expect(await card.locator('.ov-trend-rate').getAttribute('data-tone')).toBe('good');

    const cardText = await text(card);
    expect(cardText).toContain(`Goal: ${kit.formatForecastRange(forecast, today)}`);
    expect(cardText).toContain(kit.formatSchedule(forecast.schedule!));
    expect(cardText).toContain('41 days ahead of your target date');
    // Most likely after today and before the plan's target date.
    expect(forecast.date > today).toBe(true);
    expect(forecast.date < GOAL.targetDate).toBe(true);
    expect(forecast.earliest <= forecast.date && (forecast.latest === null || forecast.date <= forecast.latest)).toBe(true);

    // The graph draws the trend (preference on by default): the box is ticked.
    const graph = page.getByRole('region', { name: 'Last 30 Days Weight Graph' });
    expect(await graph.getByRole('checkbox', { name: 'Show trend' }).isChecked()).toBe(true);
    await graph.locator('canvas').waitFor();
    await page.waitForTimeout(700);
    await screenshot(page, 'trend-overview-1280');

    // The period's three cards in a row on desktop and tablet, stacked on a phone; the trend card beside the graph
    // with the goal on desktop, under it on smaller screens; nothing overflows.
    expect(new Set(await cardTops(page)).size).toBe(1);
    expect(await page.locator('.ov-cards > article').count()).toBe(3);
    const graphBox = (await graph.boundingBox())!;
    const trendBox = (await card.boundingBox())!;
    expect(trendBox.x).toBeGreaterThan(graphBox.x + graphBox.width - 1);
    await page.setViewportSize({ width: 900, height: 900 });
    await page.waitForTimeout(300);
    expect(new Set(await cardTops(page)).size).toBe(1);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(700);
    expect(new Set(await cardTops(page)).size).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await screenshot(page, 'trend-overview-375');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a trend on "This Week" from the last 90 days', async () => {
    const { context, page, problems } = await open(decliner, '/dashboard/overview', { defaultSelectedPeriod: 'week' });
    await page.getByRole('heading', { name: 'This Week Summary' }).waitFor();
    await trendCard(page).getByText('90.8 kg').waitFor();
    expect(await text(trendCard(page).locator('.ov-trend-rate'))).toBe('−0.5 kg/week');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('remembers the Show trend choice across a reload, and shares it with analytics', async () => {
    const { context, page, problems } = await open(decliner, '/dashboard/overview', ROLLING_MONTH);
    const toggle = page.getByRole('checkbox', { name: 'Show trend' });
    await toggle.waitFor();
    await toggle.uncheck();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('preferences')!).showTrend)).toBe(false);
    await page.reload();
    await page.getByRole('checkbox', { name: 'Show trend' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Show trend' }).isChecked()).toBe(false);

    await page.goto(BASE_URL + '/dashboard/analytics');
    const analyticsToggle = page.getByRole('region', { name: 'Weight Graph' }).getByRole('checkbox', { name: 'Show trend' });
    await analyticsToggle.waitFor();
    expect(await analyticsToggle.isChecked()).toBe(false);
    await analyticsToggle.check();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('preferences')!).showTrend)).toBe(true);
    await page.getByRole('region', { name: 'Weight Graph' }).locator('canvas').waitFor();
    await page.waitForTimeout(700);
    await screenshot(page, 'trend-analytics-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('marks thin weekly averages on analytics', async () => {
    // A user with 2 readings this week and 4 the week before: only the 2-day week is thin (< 3 days).
    const sparse = await createUser({ firstName: 'Sam', lastName: 'Sparse' });
    await logWeights(
      sparse,
      [-10, -9, -8, -7, -1, 0].map((day) => ({ date: dayOffset(day), weightKg: 80 })),
    );
    const { context, page, problems } = await open(sparse, '/dashboard/analytics', {
      alignToCalendar: false,
      defaultSelectedPeriod: 'month',
    });
    await page.getByLabel('Averaging').selectOption('weekly');
    const list = page.getByRole('region', { name: 'Averages' });
    await list.waitFor();
    const thin = list.locator('li.an-average-thin');
    expect(await thin.count()).toBeGreaterThanOrEqual(1);
    for (const item of await thin.all()) {
      const days = Number((await text(item)).match(/\((\d+) days?\)/)![1]);
      expect(days).toBeLessThan(3);
      // The badge is CSS-drawn from data-badge; the reason is the item's accessible description.
      expect(await item.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"few readings"');
      const reasonId = (await item.getAttribute('aria-describedby'))!;
      expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe(`Based on only ${days} ${days === 1 ? 'day' : 'days'}`);
    }
    expect(await page.getByRole('checkbox', { name: 'Show trend' }).count()).toBe(0); // no trend over averages
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(700);
    await screenshot(page, 'trend-analytics-averages-375');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Plausibility prompt', () => {
  /*
   * Ten days around 80 kg (day −10 … −1). 176 typed in kg is 80 × 2.20462 = 176.37 within 3 %: pounds
   * typed as kilograms. The suggestion is 176 ÷ 2.20462 = 79.833 → 'Use 79.8 kg'.
   */
  const HISTORY = [80.2, 79.9, 80.1, 80.0, 79.8, 80.3, 80.0, 79.9, 80.1, 80.0];

  async function enterToday(page: Page, value: string) {
    await page.getByRole('button', { name: 'Add Log' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weight Entry' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Date').inputValue()).toBe(dayOffset(0));
    await dialog.getByLabel('Weight (kg)').fill(value);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const prompt = dialog.getByRole('alertdialog', { name: 'Check this weight' });
    await prompt.waitFor();
    return { dialog, prompt };
  }

  it('offers the likely value; saving anyway keeps 176, choosing the suggestion saves 79.8', async () => {
    const heavy = await createUser({ firstName: 'Pat', lastName: 'Plausible' });
    await logWeights(
      heavy,
      HISTORY.map((weightKg, i) => ({ date: dayOffset(i - 10), weightKg })),
    );
    const { context, page, problems } = await open(heavy, '/dashboard/overview', {});
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();

    let { dialog, prompt } = await enterToday(page, '176');
    expect(await text(prompt)).toContain('Did you mean 79.8 kg (you may have entered pounds)?');
    await screenshot(page, 'trend-plausibility-prompt');
    await prompt.getByRole('button', { name: 'Save 176.0 kg anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api<{ weightKg: number }>(heavy, 'GET', `/weights/date/${dayOffset(0)}`)).weightKg).toBe(176);

    ({ dialog, prompt } = await enterToday(page, '176'));
    await prompt.getByRole('button', { name: 'Use 79.8 kg' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api<{ weightKg: number }>(heavy, 'GET', `/weights/date/${dayOffset(0)}`)).weightKg).toBeCloseTo(79.8, 5);

    expect(problems).toEqual([]);
    await context.close();
  });
});
