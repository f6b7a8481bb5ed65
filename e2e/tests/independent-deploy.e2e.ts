import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { ROOT } from '../lib/stack';
import { createUser, signIn } from '../lib/user';

const SCREEN = path.join(ROOT, 'mf-auth/src/ForgotPassword.tsx');
const SETTINGS = path.join(ROOT, 'mf-settings/src/Settings.tsx');
const MARKER = 'data-deploy-check';

/** Rebuilds one remote exactly as its team would: its own build, into its own dist/. */
function buildRemote(dir: string) {
  const rspack = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
  const result = spawnSync(process.execPath, [rspack, 'build', '--mode', 'production'], {
    cwd: path.join(ROOT, dir),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build of ${dir} failed:\n${result.stdout}\n${result.stderr}`);
}

let browser: Browser;
const original = readFileSync(SCREEN, 'utf8');
const originalSettings = readFileSync(SETTINGS, 'utf8');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  writeFileSync(SCREEN, original);
  buildRemote('mf-auth');
  if (readFileSync(SETTINGS, 'utf8') !== originalSettings) {
    writeFileSync(SETTINGS, originalSettings);
    buildRemote('mf-settings');
  }
});

describe('independent deployment', () => {
  it('shows a rebuilt remote after a reload, without rebuilding or restarting the shell', async () => {
    const shellIndex = path.join(ROOT, 'shell/dist/index.html');
    const shellBuiltAt = statSync(shellIndex).mtimeMs;
    const remotesBefore = await (await fetch(`${BASE_URL}/remotes.json`)).text();

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/forgot-password`);
    await page.locator('main, section').first().waitFor();
    expect(await page.locator(`html[${MARKER}]`).count()).toBe(0);
    // the offline app's service worker is in charge of the page, as for anyone who has visited before
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // A team changes its screen's source and deploys only its remote.
    const stamp = `v${Date.now()}`;
    writeFileSync(SCREEN, `${original}\ndocument.documentElement.dataset.deployCheck = '${stamp}';\n`);
    buildRemote('mf-auth');

    await page.reload();
    await page.locator(`html[${MARKER}="${stamp}"]`).waitFor({ state: 'attached' });

    expect(statSync(shellIndex).mtimeMs).toBe(shellBuiltAt);
    expect(await (await fetch(`${BASE_URL}/remotes.json`)).text()).toBe(remotesBefore);
    await context.close();
  });

  it('shows a remote redeployed while a page is open when the user goes to its screen', async () => {
    const user = await createUser();
    // no offline app: it would keep the remote's previous build, and this is about the page's own way to the new one
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await signIn(context, user);
    const page = await context.newPage();
    // settings' own page asked for first (not in this browser, whose cache would keep the files): the shell's server has
    // read settings' current manifest, and the next page names settings at the entry it lists
    expect((await fetch(`${BASE_URL}/dashboard/settings`)).status).toBe(200);
    await page.goto(`${BASE_URL}/dashboard/overview`);
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    const named = await page.evaluate(() => document.getElementById('remotes')?.textContent ?? '');
    expect(named).toMatch(/"mf_settings","entry":"\/remotes\/settings\/remoteEntry\.[0-9a-f]+\.js"/);

    // The settings team deploys; the open page still names settings at the entry current when it was served, now gone.
    const stamp = `v${Date.now()}`;
    writeFileSync(SETTINGS, `${originalSettings}\ndocument.documentElement.dataset.deployCheck = '${stamp}';\n`);
    buildRemote('mf-settings');

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.locator(`html[${MARKER}="${stamp}"]`).waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'unavailable' }).count()).toBe(0);
    await context.close();
  });
});
