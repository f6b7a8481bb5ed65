import { readFileSync, existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { createUser, dayOffset, logWeights } from '../lib/user';

/**
 * Sign up, sign in (with and without Remember me), wrong password and the password-reset journey,
 * through the composed app. The reset mails are read from the file the global setup has the API
 * write them to (its test-only file transport).
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OVERVIEW = `${BASE_URL}/dashboard/overview`;

async function logIn(page: Page, email: string, password: string, remember: boolean) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The signed-in dashboard: the sidebar shows the user's full name. */
async function expectSignedInAs(page: Page, fullName: string) {
  await page.waitForURL(OVERVIEW);
  await page.locator('.sidebar-name', { hasText: fullName }).waitFor();
}

async function expectSignInPage(page: Page) {
  await page.waitForURL(`${BASE_URL}/login`);
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
}

/** The newest mail to `to` in MAIL_FILE, waiting for it to be appended. */
async function mailTo(to: string): Promise<{ to: string; subject: string; text: string }> {
  const file = inject('mailFile');
  const end = Date.now() + 5000;
  while (Date.now() < end) {
    if (existsSync(file)) {
      const mails = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string; text: string })
        .filter((m) => m.to === to);
      if (mails.length) return mails[mails.length - 1]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${file} (is the API running with MAIL_TRANSPORT=file?)`);
}

describe('auth screens', () => {
  let context: BrowserContext;
  let firstPage: Page;
  const grace = { email: `e2e-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` };
  afterAll(async () => context?.close());

  it('registers a new account through the form and lands on the overview', async () => {
    context = await newContext(browser);
    const page = (firstPage = await context.newPage());
    const problems = watchProblems(page);
    await page.goto(`${BASE_URL}/register`);
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByLabel('Email').fill(grace.email);
    await page.getByLabel('Password').fill(grace.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expectSignedInAs(page, 'Grace Hopper');
    expect(problems).toEqual([]);
  });

  it('after Log out, signs in with Remember me and stays signed in on a new page', async () => {
    const page = firstPage;
    const problems = watchProblems(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForFunction(() => !location.pathname.startsWith('/dashboard'));
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(OVERVIEW);
    await expectSignInPage(page);

    await logIn(page, grace.email, grace.password, true);
    await expectSignedInAs(page, 'Grace Hopper');

    // a new tab: its sessionStorage is empty, the refresh cookie and the persist flag are shared
    const second = await context.newPage();
    const secondProblems = watchProblems(second);
    await second.goto(OVERVIEW);
    await expectSignedInAs(second, 'Grace Hopper');
    expect(await second.evaluate(() => localStorage.getItem('persist'))).toBe('true');
    expect(problems).toEqual([]);
    expect(secondProblems).toEqual([]);
    await second.close();
    await page.close();
  });

  it('logging out while the screen still reads ends the session with no failed request on the page', async () => {
    const own = await newContext(browser);
    const user = await createUser({ firstName: 'Lena', lastName: 'Late' });
    const page = await own.newPage();
    const problems = watchProblems(page);
    // as under load: the screen's reads reach the server only after the logout has ended the session, and the
    // logout's own answer is slow to come back, so the page would get those reads refused while it still waits
    let revoked: () => void = () => {};
    const sessionEnded = new Promise<void>((resolve) => (revoked = resolve));
    await page.route('**/api/auth/logout', async (route) => {
      const response = await route.fetch();
      revoked();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ response }).catch(() => {});
    });
    let refused = 0;
    await page.route('**/api/weights?**', async (route) => {
      await sessionEnded;
      const response = await route.fetch().catch(() => null);
      if (response && response.status() >= 400) refused++;
      if (response) await route.fulfill({ response }).catch(() => {});
    });
    const reading = page.waitForRequest((r) => r.url().includes('/api/weights?'));
    await logIn(page, user.email, user.password, false);
    await reading;
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await expect.poll(() => refused).toBeGreaterThan(0);
    await page.waitForTimeout(700);
    expect(problems).toEqual([]);
    // the session did end: its refresh cookie buys no new token
    const token = await page.evaluate(async () => (await fetch('/api/auth/token', { credentials: 'include' })).status);
    expect(token).toBe(401);
    await own.close();
  });

  it('without Remember me a new page asks to sign in', async () => {
    const own = await newContext(browser);
    const user = await createUser({ firstName: 'Nora', lastName: 'Forget' });
    const page = await own.newPage();
    await logIn(page, user.email, user.password, false);
    await expectSignedInAs(page, 'Nora Forget');
    const second = await own.newPage();
    await second.goto(OVERVIEW);
    await expectSignInPage(second);
    await own.close();
  });

  it('a wrong password shows the server message above the form', async () => {
    const own = await newContext(browser);
    const user = await createUser();
    const page = await own.newPage();
    await logIn(page, user.email, 'not-the-password', false);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email or password is incorrect');
    expect(page.url()).toBe(`${BASE_URL}/login`);
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isEnabled()).toBe(true);
    await own.close();
  });

  it('resets a forgotten password with the mailed link, once', async () => {
    const own = await newContext(browser);
    const user = await createUser({ firstName: 'Fern', lastName: 'Gotten' });
    const page = await own.newPage();
    const problems = watchProblems(page);
    await page.goto(`${BASE_URL}/login`);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.waitForURL(`${BASE_URL}/forgot-password`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(`If an account exists for ${user.email}, we've sent a link to reset your password. It expires in 30 minutes.`);

    const mail = await mailTo(user.email);
    expect(mail.subject).toBe('Reset your password');
    const link = /^(http\S+\/reset-password#token=[a-z2-7]+)$/m.exec(mail.text)?.[1];
    expect(link, mail.text).toBeDefined();
    expect(link!.startsWith(`${BASE_URL}/reset-password#token=`)).toBe(true);

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    const newPassword = `new-${randomUUID()}`;
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.getByRole('link', { name: 'Sign in with your new password' }).click();

    await logIn(page, user.email, user.password, false);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email or password is incorrect');
    await logIn(page, user.email, newPassword, false);
    await expectSignedInAs(page, 'Fern Gotten');

    const again = await own.newPage();
    await again.goto(link!);
    await again.getByLabel('New password').fill(`other-${randomUUID()}`);
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again.getByText('This reset link is invalid or has expired').waitFor();
    await again.getByRole('link', { name: 'Request a new link' }).waitFor();
    // the refused old password (401) is the only failed request of the journey
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    await own.close();
  });

  it('answers an unknown address with the same confirmation', async () => {
    const own = await newContext(browser);
    const page = await own.newPage();
    const email = `nobody-${randomUUID()}@example.com`;
    await page.goto(`${BASE_URL}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(`If an account exists for ${email}, we've sent a link to reset your password. It expires in 30 minutes.`);
    await own.close();
  });
});

describe('a refresh cut off by a reload is not a sign-out', () => {
  it("with Remember me: an aborted restore opens on this device's data and keeps the session; signed in once it answers", async () => {
    const user = await createUser({ firstName: 'Ada', lastName: 'Byron' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, user.email, user.password, true);
    await expectSignedInAs(page, 'Ada Byron');
    // the reload's session restore never gets its answer
    await page.route('**/api/auth/token', (route) => route.abort('aborted'));
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    // the remembered person is let in on what the device kept, told the app is offline, not sent to 503 or sign-in
    await page.locator('.offline-banner', { hasText: /^Offline/ }).waitFor();
    await page.locator('.sidebar-name', { hasText: 'Ada Byron' }).waitFor();
    expect(page.url()).toBe(OVERVIEW);
    expect(await page.evaluate(() => localStorage.getItem('persist'))).toBe('true');
    expect(await page.evaluate(() => sessionStorage.getItem('auth'))).toBeNull();
    await page.unroute('**/api/auth/token');
    // looked at again: the session is restored in place
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.locator('.offline-banner').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('auth') !== null)).toBe(true);
    await page.goto(OVERVIEW);
    await expectSignedInAs(page, 'Ada Byron');
    await context.close();
  });

  it('without Remember me: a refresh aborted mid-way keeps the signed-in tab', async () => {
    const user = await createUser({ firstName: 'Alan', lastName: 'Turing' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, user.email, user.password, false);
    await expectSignedInAs(page, 'Alan Turing');
    // an expired access token: the next call gets 403 and refreshes, and that refresh is cut off
    await page.evaluate(() => {
      const auth = JSON.parse(sessionStorage.getItem('auth')!) as { accessToken: string };
      sessionStorage.setItem('auth', JSON.stringify({ ...auth, accessToken: `${auth.accessToken}x` }));
    });
    await page.route('**/api/auth/token', (route) => route.abort('aborted'));
    await page.reload();
    await page.waitForURL(`${BASE_URL}/503`);
    expect(await page.evaluate(() => sessionStorage.getItem('auth'))).not.toBeNull();
    await page.unroute('**/api/auth/token');
    await page.goto(OVERVIEW);
    await expectSignedInAs(page, 'Alan Turing');
    await context.close();
  });
});

describe('an access token about to end', () => {
  it('is renewed before the next screen reads: one refresh, no 403, the reads sent with the new token', async () => {
    const user = await createUser({ firstName: 'Rosa', lastName: 'Renew' });
    await logWeights(user, [{ date: dayOffset(0), weightKg: 72.4 }]);
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    // every API call the page makes, how many are still on their way, and when the last one started or ended
    const calls: Array<{ path: string; status: number; token: string | undefined }> = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    page.on('request', (req) => {
      if (!new URL(req.url()).pathname.startsWith('/api/')) return;
      inFlight += 1;
      lastActivity = Date.now();
    });
    const settled = (req: Request) => {
      if (!new URL(req.url()).pathname.startsWith('/api/')) return;
      inFlight -= 1;
      lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    // only the calls the browser started once the clock had moved (by its own record of when each started, on the
    // machine's real clock): a late read of the overview (its chart's code arrives on its own, with no API call on the
    // way) may leave just before, with the token that was then good, and its events reach the test after the move
    let pausedAt = Infinity;
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (!url.pathname.startsWith('/api/') || !(res.request().timing().startTime >= pausedAt)) return;
      const bearer = res.request().headers().authorization;
      calls.push({ path: url.pathname, status: res.status(), token: bearer?.replace(/^Bearer /, '') });
    });
    await page.clock.install();
    await logIn(page, user.email, user.password, false);
    await expectSignedInAs(page, 'Rosa Renew');
    // the overview has read what it shows, and no read has been on its way for half a second: the overview reads in
    // two rounds, and signing in navigates inside the page, so the sign-in page's load state says nothing of them
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByRole('main').getByText('72.4 kg').first().waitFor();
    await expect.poll(() => inFlight === 0 && Date.now() - lastActivity >= 500, { timeout: 15_000 }).toBe(true);
    const oldToken = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('auth')!) as { accessToken: string }).accessToken);
    // the API signs the same claims the same way: a token renewed within the second the old one was issued (by the
    // real clock; the tab's is moved below) would be the very same text
    const issuedAt = (JSON.parse(Buffer.from(oldToken.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;
    await expect.poll(() => Date.now() >= (issuedAt + 1) * 1000, { timeout: 5_000 }).toBe(true);
    calls.length = 0;
    // the tab comes back from a pause: by its clock the token (15 minutes) has less than a minute left
    await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + (14 * 60 + 20) * 1000);
    pausedAt = Date.now();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('region', { name: 'Weight history' }).getByText('72.4').waitFor();
    await expect.poll(() => calls.some((c) => c.path === '/api/weights')).toBe(true);

    const refreshes = calls.filter((c) => c.path === '/api/auth/token');
    expect(refreshes.map((c) => c.status)).toEqual([200]);
    const reads = calls.filter((c) => c.path !== '/api/auth/token');
    // every read went out after the refresh, with the token it brought
    expect(calls.indexOf(refreshes[0]!)).toBeLessThan(calls.indexOf(reads[0]!));
    expect(reads.filter((c) => c.status === 403)).toEqual([]);
    expect(reads.filter((c) => c.token === oldToken)).toEqual([]);
    expect(reads.filter((c) => c.path === '/api/weights').every((c) => c.token)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('auth screens look right', () => {
  for (const width of [1280, 375]) {
    it(`at ${width} px`, async () => {
      const own = await newContext(browser, { width, height: 800 });
      const page = await own.newPage();
      await page.goto(`${BASE_URL}/login`);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByText('Password is required').waitFor();
      await screenshot(page, `auth-login-${width}`);
      await page.goto(`${BASE_URL}/register`);
      await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
      await screenshot(page, `auth-register-${width}`);
      await page.goto(`${BASE_URL}/forgot-password`);
      await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
      await screenshot(page, `auth-forgot-${width}`);
      await page.getByLabel('Email').fill('someone@example.com');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('status').waitFor();
      await screenshot(page, `auth-forgot-sent-${width}`);
      await page.goto(`${BASE_URL}/reset-password#token=nonsense`);
      await page.getByLabel('New password').fill('violet-Harbour-42');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('This reset link is invalid or has expired').waitFor();
      await screenshot(page, `auth-reset-invalid-${width}`);
      // nothing wider than the viewport
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await own.close();
    });
  }
});
