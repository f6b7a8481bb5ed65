import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { createUser } from '../lib/user';

/**
 * "Continue with Test ID": the whole sign-in through a real OpenID Connect provider (oidc-provider, started by the
 * global setup on a local port) in the composed app behind the shell's proxy — the button, the provider's sign-in and
 * consent pages, the callback on the public origin, and the dashboard — under the page's CSP.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PROVIDER = () => inject('providerUrl');

/** At the provider: its sign-in form, then its consent page (Allow or Deny). */
async function atProvider(page: Page, person: { email: string; given: string; family: string }, consent: 'Allow' | 'Deny' = 'Allow') {
  await page.waitForURL((url) => url.href.startsWith(PROVIDER()));
  await page.getByRole('heading', { name: 'Test ID: sign in' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Given name').fill(person.given);
  await page.getByLabel('Family name').fill(person.family);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Test ID: allow access' }).waitFor();
  await page.getByRole('button', { name: consent }).click();
}

describe('sign-in with an external identity provider', () => {
  it('click the button, sign in and consent at the provider, land on the overview signed in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const email = `e2e-oidc-${randomUUID()}@example.com`;
    await page.goto(`${BASE_URL}/login`);
    await page.getByRole('button', { name: 'Continue with Test ID' }).waitFor();
    await screenshot(page, 'oidc-login');
    await page.getByRole('button', { name: 'Continue with Test ID' }).click();
    await atProvider(page, { email, given: 'Katherine', family: 'Johnson' });
    await page.waitForURL(`${BASE_URL}/dashboard/overview`);
    await page.locator('.sidebar-name', { hasText: 'Katherine Johnson' }).waitFor();
    await screenshot(page, 'oidc-overview');
    // the same refresh session as a password login: a reload keeps the user only with Remember me (not chosen here)
    const cookies = await context.cookies([`${BASE_URL}/api/auth/token`, `${BASE_URL}/api/auth/external/pending`]);
    const refresh = cookies.find((c) => c.name === 'wt_refresh')!;
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', expires: -1 });
    expect(cookies.find((c) => c.name === 'wt_external')).toBeUndefined();
    // Settings → Account lists the provider; with no password it cannot be disconnected
    await page.goto(`${BASE_URL}/dashboard/settings`);
    await page.getByRole('heading', { name: 'Sign-in methods' }).waitFor();
    await page.getByText(`Connected as ${email}`).waitFor();
    await screenshot(page, 'oidc-settings');
    await expect.poll(() => page.getByRole('button', { name: 'Disconnect Test ID' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('from a protected page, with Remember me: back on that page, and still signed in on a new page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${BASE_URL}/dashboard/analytics`);
    await page.waitForURL(`${BASE_URL}/login`);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Continue with Test ID' }).click();
    await atProvider(page, { email: `e2e-oidc-${randomUUID()}@example.com`, given: 'Dorothy', family: 'Vaughan' });
    await page.waitForURL(`${BASE_URL}/dashboard/analytics`);
    await page.locator('.sidebar-name', { hasText: 'Dorothy Vaughan' }).waitFor();
    const second = await context.newPage();
    await second.goto(`${BASE_URL}/dashboard/overview`);
    await second.locator('.sidebar-name', { hasText: 'Dorothy Vaughan' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('denied consent: a message on the Sign In screen, nobody signed in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/login`);
    await page.getByRole('button', { name: 'Continue with Test ID' }).click();
    await atProvider(page, { email: `e2e-oidc-${randomUUID()}@example.com`, given: 'No', family: 'Thanks' }, 'Deny');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    // the provider's name comes with the list of providers
    await page
      .getByRole('alert')
      .filter({ hasText: 'Signing in with Test ID was cancelled, so nothing was created. Try again, or sign in with your password.' })
      .waitFor();
    expect((await context.cookies(`${BASE_URL}/api/auth/token`)).find((c) => c.name === 'wt_refresh')).toBeUndefined();
    await context.close();
  });

  it("an existing account's e-mail: its password connects the provider", async () => {
    const user = await createUser({ firstName: 'Mary', lastName: 'Jackson' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/login`);
    await page.getByRole('button', { name: 'Continue with Test ID' }).click();
    await atProvider(page, { email: user.email, given: 'Mary', family: 'Jackson' });
    await page.getByRole('heading', { name: 'Connect Test ID' }).waitFor();
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Connect Test ID and sign in' }).click();
    await page.waitForURL(`${BASE_URL}/dashboard/overview`);
    await page.locator('.sidebar-name', { hasText: 'Mary Jackson' }).waitFor();
    await context.close();
  });
});
