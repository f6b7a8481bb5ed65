import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, logWeights, signIn, type TestUser } from '../lib/user';

/*
 * Five entries across two months and two ISO weeks (all in 2024, so one yearly bucket):
 *   Mon 29 Jan 80.0 · Wed 31 Jan 82.0 · Thu 1 Feb 84.0   → ISO week 5
 *   Mon  5 Feb 78.0 · Wed  7 Feb 79.0                    → ISO week 6
 * The browser keeps the default preference "weeks start on Sunday": the week Sun 28 Jan – Sat 3 Feb takes the
 * number of its Monday (week 5) and Sun 4 – Sat 10 Feb is week 6, so the buckets are the same as ISO weeks.
 *   Weekly:  week 5 = (80 + 82 + 84) / 3 = 246 / 3 = 82.0 (3 days); week 6 = (78 + 79) / 2 = 78.5 (2 days)
 *   Monthly: January = (80 + 82) / 2 = 81.0 (2 days); February = (84 + 78 + 79) / 3 = 241 / 3 = 80.33 → 80.3 (3 days)
 *   Yearly:  2024 = (80 + 82 + 84 + 78 + 79) / 5 = 403 / 5 = 80.6 (5 days)
 */
const ENTRIES = [
  { date: '2024-01-29', weightKg: 80 },
  { date: '2024-01-31', weightKg: 82, notes: 'After the holidays' },
  { date: '2024-02-01', weightKg: 84 },
  { date: '2024-02-05', weightKg: 78 },
  { date: '2024-02-07', weightKg: 79 },
];

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ firstName: 'Ana', lastName: 'Lytics' });
  await logWeights(user, ENTRIES);
});
afterAll(async () => {
  await browser?.close();
});

async function openAnalytics(page: Page) {
  await page.goto(BASE_URL + '/dashboard/analytics');
  await page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'All' }).click();
  await page.getByText('5 entries', { exact: true }).waitFor();
}

/** The body rows of the history table as [date, weight, notes]. */
async function tableRows(page: Page): Promise<string[][]> {
  return page.locator('.an-table tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll('td'))
        .slice(0, 3)
        .map((td) => td.textContent?.trim() ?? ''),
    ),
  );
}

async function averagesList(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'Averages' }).getByRole('listitem').allTextContents();
}

describe('analytics', () => {
  it('lists the history, shows hand-computed weekly, monthly and yearly averages, edits and deletes', async () => {
    const context = await newContext(browser);
    await signIn(context, user);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openAnalytics(page);

    expect(await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Date', 'Weight (kg)', 'Notes', 'Actions']);
    expect(await tableRows(page)).toEqual([
      ['07/02/2024', '79.0', 'No notes'],
      ['05/02/2024', '78.0', 'No notes'],
      ['01/02/2024', '84.0', 'No notes'],
      ['31/01/2024', '82.0', 'After the holidays'],
      ['29/01/2024', '80.0', 'No notes'],
    ]);
    await page.getByRole('img', { name: 'Weight graph' }).waitFor();
    await screenshot(page, 'analytics-1280');

    const averaging = page.getByLabel('Averaging');
    await averaging.selectOption({ label: 'Weekly Average' });
    await page.getByRole('region', { name: 'Averages' }).waitFor();
    // newest first
    expect(await averagesList(page)).toEqual(['2024 Week 6 (4 Feb): 78.5 kg (2 days)', '2024 Week 5 (28 Jan): 82.0 kg (3 days)']);
    await page.getByText('Entry details not available for average data').waitFor();
    expect(await page.locator('.an-table').count()).toBe(0);
    await screenshot(page, 'analytics-weekly-1280');

    await averaging.selectOption({ label: 'Monthly Average' });
    await page.getByText('January 2024: 81.0 kg (2 days)').waitFor();
    expect(await averagesList(page)).toEqual(['February 2024: 80.3 kg (3 days)', 'January 2024: 81.0 kg (2 days)']);

    await averaging.selectOption({ label: 'Yearly Average' });
    await page.getByText('2024: 80.6 kg (5 days)').waitFor();
    expect(await averagesList(page)).toEqual(['2024: 80.6 kg (5 days)']);

    // Back to the rows: a click on a row opens that day in the entry dialog.
    await averaging.selectOption({ label: 'Show All Data' });
    await page.getByRole('row', { name: /31\/01\/2024/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').waitFor();
    await expect.poll(() => dialog.getByLabel('Date').inputValue()).toBe('2024-01-31');
    await expect.poll(async () => Number(await dialog.getByLabel('Weight (kg)').inputValue())).toBe(82);
    await screenshot(page, 'analytics-dialog-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Delete asks first, then removes the row and toasts.
    await page.getByRole('button', { name: 'Delete entry for 07/02/2024' }).click();
    await page.getByText('Delete this entry?').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page
      .getByRole('row', { name: /07\/02\/2024/ })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('Entry deleted successfully').waitFor();
    await page.getByText('4 entries', { exact: true }).waitFor();
    expect((await tableRows(page)).map((row) => row[0])).toEqual(['05/02/2024', '01/02/2024', '31/01/2024', '29/01/2024']);

    // The averages follow the delete: February is now (84 + 78) / 2 = 81.0 over 2 days.
    await averaging.selectOption({ label: 'Monthly Average' });
    await page.getByText('February 2024: 81.0 kg (2 days)').waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows pounds for an imperial user and fits a phone screen', async () => {
    const imperialUser = await createUser();
    await logWeights(imperialUser, ENTRIES);
    const context = await newContext(browser, { width: 375, height: 800 });
    await signIn(context, imperialUser);
    await context.addInitScript(() => localStorage.setItem('preferences', JSON.stringify({ unit: 'IMPERIAL' })));
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(BASE_URL + '/dashboard/analytics');
    await page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'All' }).click();
    await page.getByText('5 entries', { exact: true }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Weight (lb)' }).count()).toBe(1);
    // 80 kg × 2.20462 = 176.37 → 176.4 lb; 82 kg → 180.78 → 180.8 lb.
    expect((await tableRows(page)).slice(-2).map((row) => row[1])).toEqual(['180.8', '176.4']);
    // The page itself never scrolls sideways; only the table inside its panel may.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'analytics-375');
    await page.getByRole('button', { name: 'Delete entry for 07/02/2024' }).click();
    await page.getByText('Delete this entry?').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'analytics-confirm-375');
    await page.getByRole('button', { name: 'Keep' }).click();
    await page.getByRole('button', { name: 'Delete entry for 07/02/2024' }).waitFor();
    await page.getByLabel('Averaging').selectOption({ label: 'Weekly Average' });
    await page.getByRole('region', { name: 'Averages' }).waitFor();
    // Week 5: 82.0 kg × 2.20462 = 180.78 → 180.8 lb; week 6: 78.5 kg × 2.20462 = 173.06 → 173.1 lb.
    expect(await page.getByRole('region', { name: 'Averages' }).getByRole('listitem').allTextContents()).toEqual([
      '2024 Week 6 (4 Feb): 173.1 lb (2 days)',
      '2024 Week 5 (28 Jan): 180.8 lb (3 days)',
    ]);
    await screenshot(page, 'analytics-weekly-375');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a new user calm empty states and no error toast', async () => {
    const context = await newContext(browser);
    await signIn(context, await createUser());
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(BASE_URL + '/dashboard/analytics');
    await page.getByText('No weight entries available for this period').waitFor();
    await page.getByText('No data available').waitFor();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'All' }).click();
    await page.getByText('No weight entries available for this period').waitFor();
    expect(await page.getByText('Failed to fetch data').count()).toBe(0);
    await screenshot(page, 'analytics-empty-1280');
    // 'All' asks for the earliest entry, which the API answers 404 for a new user: Chromium logs every 404
    // resource as a console error, although the app treats it as "no entries yet".
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    await context.close();
  });
  it('loads without moving, on a wide screen and a phone: the graph drawn once, whole, in the room kept for it', async () => {
    const still = await createUser({ firstName: 'Stella', lastName: 'Still' });
    await logWeights(still, [
      { date: dayOffset(-20), weightKg: 84.2 },
      { date: dayOffset(-9), weightKg: 83.1 },
      { date: dayOffset(0), weightKg: 82.6 },
    ]);
    await api(still, 'PATCH', '/goals', { startWeightKg: 85, targetWeightKg: 78, startDate: dayOffset(-30), targetDate: dayOffset(150) });
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 375, height: 812 },
    ]) {
      // a first visit: nothing read ahead, so the goal and the trend's earlier readings come after the entries
      const context = await newContext(browser, viewport);
      await signIn(context, still);
      // what moved in the graph as the page loaded, how much the page moved in all (its layout shift score), and the
      // graph's legend in the first frame it was drawn
      await context.addInitScript(`
        window.__shifts = [];
        window.__score = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            if (e.hadRecentInput) continue;
            window.__score += e.value;
            const moved = e.sources.map((s) => (s.node && s.node.nodeType === 1 ? s.node : s.node && s.node.parentElement)).filter(Boolean);
            for (const el of moved) if (el.closest('.an-graph')) window.__shifts.push(el.className + ' ' + e.value.toFixed(4));
          }
        }).observe({ type: 'layout-shift', buffered: true });
        const look = () => {
          if (document.querySelector('canvas[aria-label="Weight graph"]')) {
            window.__firstLegend = [...document.querySelectorAll('.graph-legend li')].map((li) => li.textContent.trim());
            return;
          }
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);`);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(BASE_URL + '/dashboard/analytics');
      await page.locator('canvas[aria-label="Weight graph"]').waitFor();
      await page.getByRole('region', { name: 'History' }).getByRole('status').filter({ hasText: /entr/ }).waitFor();
      await page.waitForTimeout(1000);
      const seen = await page.evaluate(() => ({
        shifts: (window as unknown as { __shifts: string[] }).__shifts,
        score: (window as unknown as { __score: number }).__score,
        firstLegend: (window as unknown as { __firstLegend: string[] }).__firstLegend,
      }));
      expect(seen.firstLegend, `${viewport.width} px`).toEqual(['Weight', 'Trend', 'Target', 'Plan']);
      expect(seen.shifts, `${viewport.width} px`).toEqual([]);
      // the room kept is for a usual description; this one's length (its week's entries) may leave a line over
      expect(seen.score, `${viewport.width} px`).toBeLessThan(0.01);
      expect(problems).toEqual([]);
      await screenshot(page, `analytics-still-${viewport.width}`);
      await context.close();
    }
  });
});
