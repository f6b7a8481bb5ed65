import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { createUser, dayOffset, logWeights, signIn } from '../lib/user';

let browser: Browser;
const remoteServer = (action: 'stop' | 'start') => fetch(`${inject('controlUrl')}/analytics/${action}`);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await remoteServer('start');
});

describe('the composed app', () => {
  it('serves the landing page through the shell with a strict CSP and no console errors', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const res = await page.goto(BASE_URL + '/');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(csp).toContain("frame-ancestors 'none'");
    await expect.poll(() => page.getByRole('heading', { name: /Track your weight\./ }).isVisible()).toBe(true);
    await screenshot(page, 'landing');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('answers the API health check through the shell proxy', async () => {
    const res = await fetch(`${BASE_URL}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('serves /remotes.json from the environment, revalidated on every load', async () => {
    const res = await fetch(`${BASE_URL}/remotes.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${BASE_URL}/remotes.json`, { headers: { 'If-None-Match': res.headers.get('etag')! } })).status).toBe(304);
    const body = (await res.json()) as { remotes: { name: string; entry: string }[] };
    expect(body.remotes.map((r) => r.name).sort()).toEqual(['mf_analytics', 'mf_auth', 'mf_overview', 'mf_settings']);
  });

  it('links the page to stylesheets named by their content, so a reload does not ask for them before drawing', async () => {
    const html = await (await fetch(`${BASE_URL}/dashboard/overview`)).text();
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets.length).toBeGreaterThan(0);
    for (const href of sheets) {
      expect(href).toMatch(/\.[0-9a-f]{10}\.css$/);
      const res = await fetch(BASE_URL + href);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toContain('.boot');
    }
  });

  it('names the tab icon by its content: a PNG the browser keeps, never asked for again on a reload', async () => {
    const html = await (await fetch(`${BASE_URL}/dashboard/overview`)).text();
    const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(icons).toHaveLength(1);
    expect(icons[0]).toMatch(/^\/assets\/favicon\.[0-9a-f]{10}\.png$/);
    const res = await fetch(BASE_URL + icons[0]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect([...new Uint8Array(await res.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });

  it('renders remotes that read the shell store, with one React for the whole page', async () => {
    const context = await newContext(browser);
    const user = await createUser();
    await logWeights(user, [{ date: dayOffset(0), weightKg: 80 }]);
    await signIn(context, user);
    await context.addInitScript(() => {
      // Preferences live in the shell's store, which loads them from here.
      if (!localStorage.getItem('preferences')) {
        localStorage.setItem('preferences', JSON.stringify({ themeColor: '#ef4444', unit: 'IMPERIAL' }));
      }
      // Every copy of react-dom registers its renderer with this hook: one copy, one renderer.
      const renderers: { version: string }[] = [];
      Object.assign(window, {
        __renderers: renderers,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          isDisabled: false,
          inject: (r: { version: string }) => renderers.push(r),
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
        },
      });
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(BASE_URL + '/dashboard/analytics');
    // The analytics remote shows the unit held in the shell's store.
    await page.getByRole('columnheader', { name: 'Weight (lb)' }).waitFor();
    // A second remote in the same page shares the one React and the one store: client-side
    // navigation through the shell's sidebar.
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
    expect(primary).toBe('#ef4444');
    const versions = await page.evaluate(() =>
      (window as unknown as { __renderers: { version: string }[] }).__renderers.map((r) => r.version),
    );
    expect(versions).toEqual(['19.3.1']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('runs each file of the screen’s remote once, even when its chunks arrive after its entry', async () => {
    const context = await newContext(browser);
    const user = await createUser();
    await logWeights(user, [{ date: dayOffset(0), weightKg: 80 }]);
    await signIn(context, user);
    // the remote's chunks come late: its entry is there first and could ask for them a second time
    await context.route('**/remotes/overview/assets/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    await page.locator('canvas[aria-label="Weight graph"]').waitFor();
    // every chunk that runs registers its ids in the remote's chunk list: a chunk run twice registers twice
    const registered = await page.evaluate(() =>
      ((window as unknown as Record<string, [Array<string | number>][]>).rspackChunkmf_overview ?? []).flatMap(([ids]) => ids.map(String)),
    );
    expect(registered.length).toBeGreaterThanOrEqual(2);
    expect(registered).toEqual([...new Set(registered)]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a remote that cannot be loaded', () => {
  it('shows the unavailable panel in its own route only, and recovers on Retry', async () => {
    const context = await newContext(browser);
    await signIn(context, await createUser());
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();

    await remoteServer('stop');
    await page.goto(BASE_URL + '/dashboard/analytics');
    await page.getByRole('heading', { name: 'Analytics is unavailable right now' }).waitFor();
    await screenshot(page, 'remote-unavailable');
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await remoteServer('start');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
    await context.close();
  });
});
