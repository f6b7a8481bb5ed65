import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, signIn, type TestUser } from '../lib/user';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const enGb = (iso: string) => iso.split('-').reverse().join('/');

/** 29 good days ending today (weights 80.0, 80.1, …) and one impossible date on line 12. */
function csvFile(): { text: string; last: { date: string; weight: string } } {
  const lines = ['date,weight,notes'];
  for (let i = 0; i < 29; i++) {
    if (lines.length === 11) lines.push('2024-02-30,81,"bad, on purpose"');
    lines.push(`${dayOffset(i - 28)},${(80 + i / 10).toFixed(1)},"day ${i + 1}, imported"`);
  }
  return { text: lines.join('\r\n') + '\r\n', last: { date: dayOffset(0), weight: '82.8' } };
}

describe('settings: your data', () => {
  it('imports a CSV with a preview, then the entries are in the history; read-only token; CSV export', async () => {
    const user = await createUser();
    const context = await newContext(browser, { width: 1280, height: 900 });
    await signIn(context, user);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${BASE_URL}/dashboard/settings`);
    await page.getByRole('tab', { name: 'Data' }).click();

    const file = csvFile();
    await page.getByLabel('Export file').setInputFiles({ name: 'weights.csv', mimeType: 'text/csv', buffer: Buffer.from(file.text) });
    await page.getByText('29 entries recognised, 1 rejected.').waitFor();
    expect(await page.getByText('Generic CSV (date, weight, notes)').isVisible()).toBe(true);
    const rejected = page.getByRole('table', { name: 'Rejected rows (not imported)' });
    expect((await rejected.locator('tbody tr').allTextContents()).map((t) => t.trim())).toEqual(['12Date "2024-02-30" is not a real date']);
    expect(await page.getByRole('table', { name: 'The first 20 of 29 entries' }).locator('tbody tr').count()).toBe(20);
    await screenshot(page, 'data-import-preview-desktop');

    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Imported 29 entries.').first().waitFor();
    await screenshot(page, 'data-import-done-desktop');

    // the history table of Analytics, period 'All'
    await page.goto(`${BASE_URL}/dashboard/analytics`);
    await page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'All' }).click();
    await page.getByText('29 entries', { exact: true }).first().waitFor();
    const rows = await page.locator('.an-table tbody tr').evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(0, 3)
          .map((td) => td.textContent?.trim() ?? ''),
      ),
    );
    expect(rows).toContainEqual([enGb(file.last.date), file.last.weight, 'day 29, imported']);
    const stored = await api<Array<{ date: string; weightKg: number }>>(user, 'GET', '/weights');
    expect(stored).toHaveLength(29);
    expect(stored[0]).toMatchObject({ date: dayOffset(-28), weightKg: 80 });

    // a read-only token: GET works, POST is refused
    await page.goto(`${BASE_URL}/dashboard/settings?tab=data`);
    await page.getByLabel('Token name').fill('Read-only script');
    await page.getByRole('radio', { name: 'Read only' }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.locator('.st-data-token').textContent())!.trim();
    expect(token).toMatch(/^wt_[a-z2-7]+$/);
    await page.getByRole('row', { name: /Read-only script Read only .* Never/ }).waitFor();
    await screenshot(page, 'data-token-desktop');
    const get = await fetch(`${BASE_URL}/api/weights?start_date=${dayOffset(-1)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(get.status).toBe(200);
    expect(((await get.json()) as unknown[]).length).toBe(2);
    const post = await fetch(`${BASE_URL}/api/weights`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ date: dayOffset(0), weightKg: 70 }),
    });
    expect(post.status).toBe(403);
    expect(((await post.json()) as { error: { message: string } }).error.message).toBe('This token is read-only');

    // CSV export: a download from a Blob, with the documented header
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('date,weight_kg,weight_lb,notes');
    expect(csv.split('\r\n')).toHaveLength(31);

    // phone width
    const phone = await newContext(browser, { width: 375, height: 800 });
    await signIn(phone, user);
    const small = await phone.newPage();
    await small.goto(`${BASE_URL}/dashboard/settings?tab=data`);
    await small.getByLabel('Export file').setInputFiles({ name: 'weights.csv', mimeType: 'text/csv', buffer: Buffer.from(file.text) });
    await small.getByText('29 entries recognised, 1 rejected').waitFor();
    await screenshot(small, 'data-import-preview-phone');
    await phone.close();

    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('imports a Fitbit weight file, always in pounds, for a person who weighs in kilograms, and keeps the earliest reading', async () => {
    const user = await createUser();
    user.user = await api<TestUser['user']>(user, 'PATCH', '/users/me', { unitPreference: 'METRIC' });
    const context = await newContext(browser, { width: 1280, height: 900 });
    await signIn(context, user);
    // as signing in does: the account's unit becomes the client's preference
    await context.addInitScript(() => localStorage.setItem('preferences', JSON.stringify({ unit: 'METRIC' })));
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${BASE_URL}/dashboard/settings?tab=data`);

    // Fitbit writes month-first dates with two-digit years; the evening reading of a day is listed first
    const fitbitDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;
    const [d1, d2] = [dayOffset(-2), dayOffset(-1)];
    const readings = [
      { logId: 3, weight: 177.6, bmi: 24.7, date: fitbitDate(d1), time: '19:30:00', source: 'Aria' },
      { logId: 1, weight: 176.4, bmi: 24.5, date: fitbitDate(d1), time: '07:52:00', source: 'Aria' },
      { logId: 2, weight: 175.9, bmi: 24.4, date: fitbitDate(d2), time: '07:40:00', source: 'Aria' },
    ];
    await page
      .getByLabel('Export file')
      .setInputFiles({ name: `weight-${d1}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(readings)) });
    await page
      .getByText('2 entries recognised, 0 rejected, 1 more readings of a day already in the file (the earliest one is kept).')
      .waitFor();
    // Fitbit writes pounds whatever the account's unit: said, not left to a choice a kilogram user would get wrong
    expect(await page.getByText('Detected format: Fitbit data archive (weights in lb)').isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Pounds (lb)' }).count()).toBe(0);
    const shown = await page.getByRole('table', { name: 'Entries to import' }).locator('tbody tr').allTextContents();
    // shown in the person's kilograms: 176.4 lb is 80.0 kg, 175.9 lb 79.8 kg
    expect(shown.map((t) => t.trim())).toEqual([`2${enGb(d1)}80.0`, `3${enGb(d2)}79.8`]);
    await screenshot(page, 'data-import-fitbit-desktop');

    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Imported 2 entries.').first().waitFor();
    const stored = await api<Array<{ date: string; weightKg: number }>>(user, 'GET', '/weights');
    expect(stored.map(({ date, weightKg }) => ({ date, weightKg }))).toEqual([
      { date: d1, weightKg: 176.4 / 2.20462 },
      { date: d2, weightKg: 175.9 / 2.20462 },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});
