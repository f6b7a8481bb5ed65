import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, type TestUser } from '../lib/user';

/*
 * Every screen and state, checked by axe-core against WCAG 2.2 A and AA: no serious or critical violation. The
 * four looks cover every pair of desktop / phone, light / dark and the default / a hard theme colour (yellow, the
 * one that reads worst as text).
 */
const LOOKS = [
  { name: 'desktop-light-default', viewport: { width: 1366, height: 900 }, scheme: 'light', theme: '#3ab0b9' },
  { name: 'desktop-dark-yellow', viewport: { width: 1366, height: 900 }, scheme: 'dark', theme: '#eab308' },
  { name: 'phone-light-yellow', viewport: { width: 375, height: 800 }, scheme: 'light', theme: '#eab308' },
  { name: 'phone-dark-default', viewport: { width: 375, height: 800 }, scheme: 'dark', theme: '#3ab0b9' },
] as const;
type Look = (typeof LOOKS)[number];

interface State {
  name: string;
  path: string;
  signedIn: boolean;
  /** Brings the page into the state once it has loaded. */
  act?: (page: Page) => Promise<void>;
}

const STATES: State[] = [
  { name: 'landing', path: '/', signedIn: false, act: (p) => p.getByRole('heading', { name: /Track your weight/ }).waitFor() },
  { name: 'login', path: '/login', signedIn: false, act: (p) => p.getByRole('button', { name: 'Log In' }).waitFor() },
  {
    name: 'login-errors',
    path: '/login',
    signedIn: false,
    act: async (p) => {
      await p.getByLabel('Email').fill(`nobody-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
      await p.getByLabel('Password', { exact: true }).fill('wrong-password');
      await p.getByRole('button', { name: 'Log In' }).click();
      await p.getByText('Email or password is incorrect').waitFor();
    },
  },
  { name: 'register', path: '/register', signedIn: false, act: (p) => p.getByRole('button', { name: 'Register' }).waitFor() },
  { name: 'forgot-password', path: '/forgot-password', signedIn: false, act: (p) => p.getByRole('heading').first().waitFor() },
  { name: 'error-404', path: '/404', signedIn: false, act: (p) => p.getByRole('button', { name: 'Go back' }).waitFor() },
  { name: 'error-unknown', path: '/no/such/page', signedIn: false, act: (p) => p.getByRole('button', { name: 'Go back' }).waitFor() },
  { name: 'overview', path: '/dashboard/overview', signedIn: true, act: (p) => p.locator('canvas[data-points-drawn]').first().waitFor() },
  {
    name: 'overview-dialog',
    path: '/dashboard/overview',
    signedIn: true,
    act: async (p) => {
      await p.locator('canvas[data-points-drawn]').first().waitFor();
      await openMenuIfFolded(p);
      await p.getByRole('button', { name: 'Add Log' }).click();
      await p.getByRole('dialog').getByLabel('Date').waitFor();
    },
  },
  { name: 'analytics', path: '/dashboard/analytics', signedIn: true, act: (p) => p.getByRole('table').waitFor() },
  {
    name: 'analytics-weekly-and-confirm',
    path: '/dashboard/analytics',
    signedIn: true,
    act: async (p) => {
      await p.getByRole('table').waitFor();
      await p
        .getByRole('button', { name: /^Delete entry for/ })
        .first()
        .click();
      await p.getByText('Delete this entry?').waitFor();
      await p.getByLabel('Averaging').selectOption({ label: 'Weekly Average' });
      await p.getByRole('region', { name: 'Averages' }).waitFor();
    },
  },
  { name: 'settings-account', path: '/dashboard/settings', signedIn: true, act: (p) => p.getByRole('tab', { name: 'Account' }).waitFor() },
  ...(['Preferences', 'Goals', 'Reminders', 'Data'] as const).map((tab) => ({
    name: `settings-${tab.toLowerCase()}`,
    path: '/dashboard/settings',
    signedIn: true,
    act: async (p: Page) => {
      await p.getByRole('tab', { name: tab }).click();
      await p.getByRole('tabpanel').first().waitFor();
    },
  })),
];

async function openMenuIfFolded(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
}

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ firstName: 'Axel', lastName: 'Able' });
  // a gap every fifth day, never today: on the week's first day, today is the week's only entry and the screens
  // under test (the history table) need one
  for (let d = -40; d <= 0; d++)
    if ((d - 1) % 5 !== 0) await api(user, 'POST', '/weights', { date: dayOffset(d), weightKg: 85 - d * -0.05 });
  await api(user, 'PATCH', '/goals', { startWeightKg: 87, targetWeightKg: 80, startDate: dayOffset(-40), targetDate: dayOffset(120) });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function contextFor(look: Look, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: look.viewport, colorScheme: look.scheme });
  const auth = JSON.stringify({ user: user.user, accessToken: user.accessToken });
  const prefs = JSON.stringify({ themeColor: look.theme, colorScheme: 'SYSTEM' });
  await context.addInitScript(
    ({ auth, prefs, signedIn }) => {
      if (sessionStorage.getItem('e2e-a11y')) return;
      sessionStorage.setItem('e2e-a11y', '1');
      localStorage.setItem('preferences', prefs);
      if (signedIn) sessionStorage.setItem('auth', auth);
    },
    { auth, prefs, signedIn },
  );
  return context;
}

/** One line per violation node: rule, impact, where, and axe's summary of what to fix. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`),
  );
}

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  for (const look of LOOKS) {
    it(`every screen and state, ${look.name}: no serious or critical violation`, async () => {
      const serious: string[] = [];
      // a tab signed in and one signed out; each state is a fresh load of its address in that tab, from the browser's
      // cache as a returning visitor's would be
      const contexts = { true: await contextFor(look, true), false: await contextFor(look, false) };
      const tabs = { true: await contexts.true.newPage(), false: await contexts.false.newPage() };
      try {
        for (const state of STATES) {
          const page = tabs[`${state.signedIn}`];
          await page.goto(BASE_URL + state.path);
          await state.act?.(page);
          // the theme and the appearance are applied after the first render
          await page.waitForFunction((scheme) => document.documentElement.dataset.scheme === scheme, look.scheme);
          // axe.run in the page itself: the app has no frames, so axe's cross-frame run (each frame, then a blank page
          // to merge them) would only add a page per state
          const result = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
            .setLegacyMode()
            .analyze();
          const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          if (bad.length) {
            serious.push(...describeViolations(bad).map((line) => `${state.name}: ${line}`));
            await screenshot(page, `a11y-${look.name}-${state.name}`);
          }
        }
      } finally {
        await Promise.all(Object.values(contexts).map((c) => c.close()));
      }
      expect(serious).toEqual([]);
    }, 240_000);
  }
});

describe('keyboard', () => {
  it('the skip link is the first stop and moves past the navigation; every route has its own title', async () => {
    const context = await contextFor(LOOKS[0], true);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/dashboard/analytics`);
    await page.getByRole('table').waitFor();
    expect(await page.title()).toBe('Analytics · Weightwise');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    // the next stop is inside the content, not the sidebar
    expect(await page.evaluate(() => document.activeElement?.closest('#content') !== null)).toBe(true);
    await page.goto(`${BASE_URL}/dashboard/settings`);
    await page.getByRole('tab', { name: 'Account' }).waitFor();
    expect(await page.title()).toBe('Settings · Weightwise');
    await context.close();
    // Sign In is for someone signed out (a signed-in visit goes on to the dashboard)
    const signedOut = await contextFor(LOOKS[0], false);
    const login = await signedOut.newPage();
    await login.goto(`${BASE_URL}/login`);
    await login.getByRole('button', { name: 'Log In' }).waitFor();
    await expect.poll(() => login.title()).toBe('Sign In · Weightwise');
    await signedOut.close();
  });

  it('the focus ring is drawn whole around a Settings tab, at 3:1 against the page', async () => {
    const context = await contextFor(LOOKS[0], true);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/dashboard/settings`);
    const tab = page.getByRole('tab', { name: 'Preferences' });
    await tab.waitFor();
    await tab.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor };
    });
    expect(ring.style).toBe('solid');
    expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
    // WCAG contrast of the ring against the background it is drawn on
    const ratio = await page.evaluate((color) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => {
          const x = v / 255;
          return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      let el: HTMLElement | null = document.activeElement as HTMLElement;
      let bg = 'rgb(255, 255, 255)';
      for (; el; el = el.parentElement) {
        const c = getComputedStyle(el).backgroundColor;
        if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') {
          bg = c;
          break;
        }
      }
      const [hi, lo] = [lum(color), lum(bg)].sort((a, b) => b - a);
      return (hi! + 0.05) / (lo! + 0.05);
    }, ring.color);
    expect(ratio).toBeGreaterThanOrEqual(3);
    // nothing between the tab and the page cuts the ring off: its outer edge lies inside every clipping ancestor
    const clipped = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      const style = getComputedStyle(active);
      const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const tab = active.getBoundingClientRect();
      const ring = { top: tab.top - reach, bottom: tab.bottom + reach, left: tab.left - reach, right: tab.right + reach };
      for (let el = active.parentElement; el && el !== document.body; el = el.parentElement) {
        const s = getComputedStyle(el);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const box = el.getBoundingClientRect();
        if (ring.top < box.top || ring.bottom > box.bottom || ring.left < box.left || ring.right > box.right) return true;
      }
      return false;
    });
    expect(clipped).toBe(false);
    await screenshot(page, 'focus-settings-tab');
    await context.close();
  });
});
