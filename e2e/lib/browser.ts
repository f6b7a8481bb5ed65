import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(import.meta.dirname, '../.artifacts');

/** Flags that keep Debian's Chromium off the network (this machine has none) and quiet. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
  // a stack over TLS with a certificate made for the run (npm run topology): trust that key, and only it
  ...(process.env.E2E_CERT_SPKI ? [`--ignore-certificate-errors-spki-list=${process.env.E2E_CERT_SPKI}`] : []),
];

/** `extraArgs`: flags for this browser alone (the bench's HTTP/2 front trusts its own certificate with one). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...extraArgs], headless: true });
}

/**
 * Console errors, page errors and CSP violations seen by a page: the happy path must have none. That includes a
 * 404 from the API, which Chromium logs as an error: the app asks for "none" (no goal, no entry yet) as a 200 null.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

export async function newContext(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return browser.newContext({ viewport });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true });
  } catch (error) {
    // a busy shared machine can miss a frame for the whole wait: the picture is taken once more before failing
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: 60_000 });
  }
  return file;
}

export function tempProfile(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chromium-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
