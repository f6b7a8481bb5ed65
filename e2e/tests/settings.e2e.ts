import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, signIn, type TestUser } from '../lib/user';

// A 1x1 PNG: the API sniffs its magic bytes and re-encodes it to a 256 px WebP.
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const pngFile = path.join(os.tmpdir(), `settings-e2e-${process.pid}.png`);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  writeFileSync(pngFile, Buffer.from(PNG_1X1, 'base64'));
});
afterAll(async () => {
  await browser?.close();
});

async function openSettings(user: TestUser, viewport = { width: 1280, height: 900 }) {
  const context = await newContext(browser, viewport);
  await signIn(context, user);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${BASE_URL}/dashboard/settings`);
  await page.getByRole('tab', { name: 'Account' }).waitFor();
  return { context, page, problems };
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: false }).click();
const SAVED = 'Saved changes successfully';
const save = async (page: Page) => {
  // The toast of an earlier save (2 s) must be gone, or it would be mistaken for this one.
  await page.getByText(SAVED).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(SAVED).waitFor();
};

/** Failed calls a step provokes on purpose are logged by the browser; they are not problems. */
const unexpected = (problems: string[], ...expected: RegExp[]) => problems.filter((p) => !expected.some((re) => re.test(p)));
const sidebarAvatar = (page: Page) => page.locator('.sidebar .avatar').getAttribute('src');

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('auth') ?? '{}').accessToken as string);
}

/** Login through the API as a browser would; answers the status only. */
async function loginStatus(email: string, password: string): Promise<number> {
  const res = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE_URL },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('Settings', () => {
  it('saves name and height, shows the new name in the sidebar, and converts on a unit switch', async () => {
    const user = await createUser({ firstName: 'Test', lastName: 'Person' });
    const { context, page, problems } = await openSettings(user);
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Height (cm)').fill('180');
    await save(page);
    // the sidebar reads the user again after the save
    await expect.poll(() => page.locator('.sidebar-name').textContent()).toBe('Grace Person');
    const me = await api<{ firstName: string; heightCm: number }>(user, 'GET', '/users/me');
    expect(me).toMatchObject({ firstName: 'Grace', heightCm: 180 });

    await tab(page, 'Preferences');
    await page.getByRole('radio', { name: 'Imperial (lb, ft)' }).check();
    await tab(page, 'Account');
    await expect(page.getByLabel('Height (in)').inputValue()).resolves.toBe('70.9');
    await tab(page, 'Preferences');
    await page.getByRole('radio', { name: 'Metric (kg, cm)' }).check();
    await tab(page, 'Account');
    await expect(page.getByLabel('Height (cm)').inputValue()).resolves.toBe('180.0');

    // Saved in imperial: the server keeps the unit and the same height in cm.
    await tab(page, 'Preferences');
    await page.getByRole('radio', { name: 'Imperial (lb, ft)' }).check();
    await save(page);
    const after = await api<{ unitPreference: string; heightCm: number }>(user, 'GET', '/users/me');
    expect(after.unitPreference).toBe('IMPERIAL');
    expect(after.heightCm).toBeCloseTo(180, 6);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('uploads an avatar that the sidebar shows, then removes it', async () => {
    const user = await createUser();
    const { context, page, problems } = await openSettings(user);
    await expect(sidebarAvatar(page)).resolves.toMatch(/^data:image\/svg\+xml,/);
    await page.getByLabel('Choose a profile picture').setInputFiles(pngFile);
    // the preview's URL is made in an effect, a render after the choice: on a slow machine not yet there at once
    const preview = page.getByAltText('Profile picture preview');
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^blob:/);
    await save(page);
    await expect.poll(() => sidebarAvatar(page)).toMatch(/^\/api\/avatars\//);
    // The picture really loads (the sidebar falls back to the default image when it fails).
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.sidebar .avatar');
      return img !== null && img.complete && img.naturalWidth > 0 && img.getAttribute('src')!.startsWith('/api/avatars/');
    });

    await page.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    await save(page);
    await expect.poll(() => sidebarAvatar(page)).toMatch(/^data:image\/svg\+xml,/);
    expect((await api<{ avatarUrl: string | null }>(user, 'GET', '/users/me')).avatarUrl).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets a new user set a goal that the API and the overview then hold', async () => {
    const user = await createUser();
    const { context, page, problems } = await openSettings(user);
    await tab(page, 'Goals');
    await page.getByLabel('Starting weight (kg) *').fill('90');
    await page.getByLabel('Target weight (kg) *').fill('75');
    await page.getByLabel('Starting date *').fill(dayOffset(-10));
    await page.getByLabel('Target date *').fill(dayOffset(90));
    await save(page);
    const goal = await api(user, 'GET', '/goals');
    expect(goal).toEqual({ startWeightKg: 90, targetWeightKg: 75, startDate: dayOffset(-10), targetDate: dayOffset(90) });

    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    // the panel names the new target, though no weight is logged yet
    const progress = page.getByRole('region', { name: 'Goal Progress' });
    await expect.poll(() => progress.textContent()).toContain('75.0');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a save still on its way when Log out is clicked lands whole, and then the session ends', async () => {
    const user = await createUser({ firstName: 'Test', lastName: 'Person' });
    await api(user, 'PATCH', '/goals', { startWeightKg: 92, targetWeightKg: 80, startDate: dayOffset(-30), targetDate: dayOffset(120) });
    const { context, page, problems } = await openSettings(user);
    let letThrough: () => void = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/api/users/me', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    await page.getByLabel('First Name').fill('Ada');
    // the goal is the save's next call, sent only once the profile's has been answered
    await tab(page, 'Goals');
    await page.getByLabel('Target weight (kg) *').fill('75');
    const saving = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/api/users/me'));
    await page.getByRole('button', { name: 'Save' }).click();
    await saving;
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await page.waitForTimeout(300);
    letThrough();
    // the save reached the server with its session, and the logout came after it
    const login = await fetch(`${BASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE_URL },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const fresh = { ...user, accessToken: ((await login.json()) as { accessToken: string }).accessToken };
    await expect.poll(async () => (await api<{ firstName: string }>(fresh, 'GET', '/users/me')).firstName).toBe('Ada');
    await expect.poll(async () => (await api<{ targetWeightKg: number }>(fresh, 'GET', '/goals')).targetWeightKg).toBe(75);
    // the landing page says nothing of a screen the person has left
    await page.waitForTimeout(300);
    expect(await page.locator('.toast, [role="alert"]').allTextContents()).toEqual([]);
    await expect.poll(() => page.evaluate(async () => (await fetch('/api/auth/token', { credentials: 'include' })).status)).toBe(401);
    // that refused refresh is the check's own
    expect(unexpected(problems, /status of 401 \(Unauthorized\) \(http:\/\/localhost:\d+\/api\/auth\/token\)/)).toEqual([]);
    await context.close();
  });

  it('changes the password only with the current one, and the new one logs in', async () => {
    const user = await createUser();
    const { context, page, problems } = await openSettings(user);
    const next = `new-${user.password}`;
    await page.getByLabel('New password').fill(next);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter your current password to change email or password').waitFor();
    await page.getByLabel('Current password *').fill('wrong-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Current password is incorrect').waitFor();
    await expect(page.getByRole('status').filter({ hasText: 'profile' }).textContent()).resolves.toBe(
      'Your profile was not saved: fix the highlighted fields and save again.',
    );
    await screenshot(page, 'settings-error-1280');
    await page.getByLabel('Current password *').fill(user.password);
    await save(page);
    await expect(page.getByLabel('New password').inputValue()).resolves.toBe('');

    expect(await loginStatus(user.email, next)).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(401);
    // The session goes on with the rotated token: another save still works.
    await page.getByLabel('Last Name').fill('Rotated');
    await save(page);
    expect((await api<{ lastName: string }>({ ...user, accessToken: await tokenOf(page) }, 'GET', '/users/me')).lastName).toBe('Rotated');
    // 422: the saves without and with a wrong current password. 403: kit's automatic refetch of the user may
    // still carry the rotated-out token; it refreshes once and retries.
    expect(unexpected(problems, /status of 422 .*\/api\/users\/me/, /status of 403 .*\/api\/users\/me/)).toEqual([]);
    await context.close();
  });

  it('applies a picked theme colour at once', async () => {
    const user = await createUser();
    const { context, page, problems } = await openSettings(user);
    const primary = () => page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'));
    await expect(primary()).resolves.toBe('#3ab0b9');
    await tab(page, 'Preferences');
    await page.getByRole('radio', { name: 'Violet' }).check({ force: true });
    // applied by an effect of the render the choice makes
    await expect.poll(primary).toBe('#8b5cf6');
    await page.getByLabel('Hex color').fill('#zz');
    await page.getByLabel('Hex color').blur();
    await page.getByText('Invalid hex color format').waitFor();
    await page.getByLabel('Hex color').fill('f80');
    await expect.poll(primary).toBe('#ff8800');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('looks right on desktop and phone, each tab', async () => {
    const user = await createUser({ firstName: 'Screen', lastName: 'Shot' });
    await api(user, 'PATCH', '/goals', { startWeightKg: 92, targetWeightKg: 80, startDate: dayOffset(-30), targetDate: dayOffset(120) });
    for (const [width, height] of [
      [1280, 900],
      [375, 800],
    ]) {
      const { context, page, problems } = await openSettings(user, { width, height });
      for (const name of ['Account', 'Preferences', 'Goals']) {
        await tab(page, name);
        await page.getByRole('tabpanel', { name }).waitFor();
        await screenshot(page, `settings-${name.toLowerCase()}-${width}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
