import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { ROOT } from '../lib/stack';

const SCREEN = path.join(ROOT, 'mf-auth/src/ForgotPassword.tsx');
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

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  writeFileSync(SCREEN, original);
  buildRemote('mf-auth');
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
});
