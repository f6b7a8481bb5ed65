import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { launchBrowser, newContext, screenshot, watchProblems } from '../lib/browser';
import { BASE_URL } from '../lib/ports';
import { api, createUser, dayOffset, signIn } from '../lib/user';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 375, height: 740 };

async function textOf(page: Page, selector: string) {
  return (await page.locator(selector).innerText()).replace(/\s+/g, ' ').trim();
}

describe('landing page', () => {
  it('shows the landing texts and links, at desktop and phone width', async () => {
    for (const [name, viewport] of [
      ['desktop', undefined],
      ['phone', PHONE],
    ] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(BASE_URL + '/');
      const heading = await textOf(page, 'h1');
      expect(heading).toBe('Track your weight. Understand your progress.');
      const sub = await textOf(page, '.landing-hero p');
      expect(sub).toBe("Effortless logging meets powerful analytics so you can stay on track and actually see what's working");
      expect(await page.getByRole('link', { name: 'Regiter' }).getAttribute('href')).toBe('/register');
      expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
      expect(await page.getByRole('link', { name: 'Sign Up Today' }).getAttribute('href')).toBe('/register');
      // Nothing may overflow sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `shell-landing-${name}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('routes and guards', () => {
  it('shows the 400 page for an unknown path, and Go back leads to the dashboard', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(BASE_URL + '/no/such/page');
    await page.getByRole('heading', { name: 'Bad Request' }).waitFor();
    expect(await page.getByText("Something's off with your request. Check and try again.").isVisible()).toBe(true);
    await context.close();
  });

  it('sends a signed-out visitor from a protected route to /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/analytics');
    await page.waitForURL(BASE_URL + '/login');
    const from = await page.evaluate(() => (history.state as { usr?: { from?: string } } | null)?.usr?.from);
    expect(from).toBe('/dashboard/analytics');
    await context.close();
  });

  it('after signing in, returns the visitor to the protected page they asked for', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/analytics');
    await page.waitForURL(BASE_URL + '/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(BASE_URL + '/dashboard/analytics');
    // The login page was replaced in history: Back does not return to it.
    await page.goBack();
    expect(page.url()).not.toBe(BASE_URL + '/login');
    await context.close();
  });

  it('redirects /dashboard to the overview', async () => {
    const context = await newContext(browser);
    await signIn(context, await createUser());
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard');
    await page.waitForURL(BASE_URL + '/dashboard/overview');
    await context.close();
  });
});

describe('dashboard', () => {
  it("marks the load's start-up milestones in the browser's performance timeline, once each and in order", async () => {
    const context = await newContext(browser);
    await signIn(context, await createUser());
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const marks = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('weightwise:'))
          .map((m) => ({ name: m.name, at: m.startTime })),
      );
    const first = await marks();
    expect(first.map((m) => m.name)).toEqual(['weightwise:start', 'weightwise:modules', 'weightwise:render', 'weightwise:screen']);
    expect(first.map((m) => m.at)).toEqual([...first.map((m) => m.at)].sort((x, y) => x - y));
    // the shell's first statement runs once the page is parsed (its scripts are deferred)
    const parsed = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive);
    expect(first[0]!.at).toBeGreaterThanOrEqual(parsed);
    // another screen is not another start-up
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await marks()).toEqual(first);
    await context.close();
  });

  it('logs a weight through Add Log: saved, toast shown, stored by the API', async () => {
    const user = await createUser({ firstName: 'Grace', lastName: 'Hopper' });
    await api(user, 'POST', '/weights', { date: dayOffset(-1), weightKg: 71.2 }, 201);
    const context = await newContext(browser);
    await signIn(context, user);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(BASE_URL + '/dashboard/overview');
    expect(await page.locator('.sidebar-name').innerText()).toBe('Grace Hopper');
    expect(await page.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Add Log' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weight Entry' });
    const weight = dialog.getByLabel('Weight (kg)');
    await weight.waitFor();
    expect(await weight.inputValue()).toBe('71.2'); // prefilled with the latest entry
    expect(await dialog.getByLabel('Date').inputValue()).toBe(dayOffset(0));
    await screenshot(page, 'shell-dialog-desktop');
    await weight.fill('70.8');
    await dialog.getByLabel('Notes').fill('Morning, after a run');
    expect(await dialog.getByText('20/255').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Logged new weight entry').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const saved = await api<{ weightKg: number; notes: string }>(user, 'GET', `/weights/date/${dayOffset(0)}`);
    expect(saved).toMatchObject({ weightKg: 70.8, notes: 'Morning, after a run' });
    // The overview refreshes by itself: today's weight is now the current weight.
    await page.locator('.ov-summary', { hasText: '70.8 kg' }).waitFor();
    // The toast closes by itself after 2 s.
    await page.getByText('Logged new weight entry').waitFor({ state: 'detached', timeout: 4000 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a lookup the server fails leads to the 500 page with no dialog left over it', async () => {
    const user = await createUser();
    await api(user, 'POST', '/weights', { date: dayOffset(-1), weightKg: 71.2 }, 201);
    const context = await newContext(browser);
    await signIn(context, user);
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    // the dialog's own lookup fails (the overview has drawn from its own)
    await context.route(
      (url) => url.pathname === '/api/weights/latest',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"Internal error"}}' }),
    );
    await page.getByRole('button', { name: 'Add Log' }).click();
    await page.waitForURL(BASE_URL + '/500');
    await page.getByText('Something went wrong on our end.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // its Go back is not behind a backdrop: it takes the user back to the overview
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(BASE_URL + '/dashboard/overview');
    await context.close();
  });

  it('Add Log on a day already logged opens on the latest weight and empty notes, says saving replaces that entry', async () => {
    const user = await createUser();
    await api(user, 'POST', '/weights', { date: dayOffset(-1), weightKg: 81, notes: null }, 201);
    await api(user, 'POST', '/weights', { date: dayOffset(0), weightKg: 80.4, notes: 'after the gym' }, 201);
    const context = await newContext(browser);
    await signIn(context, user);
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('button', { name: 'Add Log' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weight Entry' });
    await dialog.getByText(/already has an entry \(80\.4 kg, with notes\)\. Saving replaces it\./).waitFor();
    expect(await dialog.getByLabel('Weight (kg)').inputValue()).toBe('80.4');
    expect(await dialog.getByLabel('Notes').inputValue()).toBe('');
    // a day chosen in the dialog brings its entry along, so its notes can be kept
    await dialog.getByLabel('Date').fill(dayOffset(-1));
    await expect.poll(() => dialog.getByLabel('Weight (kg)').inputValue()).toBe('81.0');
    await dialog.getByLabel('Date').fill(dayOffset(0));
    await expect.poll(() => dialog.getByLabel('Notes').inputValue()).toBe('after the gym');
    await dialog.getByLabel('Weight (kg)').fill('80.1');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Logged new weight entry').waitFor();
    expect(await api(user, 'GET', `/weights/date/${dayOffset(0)}`)).toMatchObject({ weightKg: 80.1, notes: 'after the gym' });
    await context.close();
  });

  it('quick saves leave at most three toasts, newest on top, clear of the dialog buttons on a small phone', async () => {
    const context = await newContext(browser, { width: 375, height: 560 });
    await signIn(context, await createUser());
    const page = await context.newPage();
    // Toasts close after two seconds of the page's clock. Here that clock moves one frame (16 ms) every 200 ms of
    // real time, so the saves take the page as many frames as they need (the store and the dialog wait for frames)
    // but a loaded machine clicking slowly through them still makes them within two seconds, as a quick user does.
    await page.clock.install();
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    let ticking = true;
    const ticks = (async () => {
      while (ticking) {
        await page.clock.runFor(16).catch(() => (ticking = false));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    onTestFinished(() => void (ticking = false));
    const menu = page.getByRole('button', { name: 'Menu' });
    // three new days, then the middle one again: four toasts, the last for the day replaced
    for (const day of [4, 3, 2, 3]) {
      await menu.click();
      await page.getByRole('button', { name: 'Add Log' }).click();
      const dialog = page.getByRole('dialog', { name: 'Weight Entry' });
      await dialog.getByLabel('Weight (kg)').fill(String(80 + day / 10));
      await dialog.getByLabel('Date').fill(dayOffset(-day));
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await menu.click();
    await page.getByRole('button', { name: 'Add Log' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weight Entry' });
    await dialog.getByLabel('Weight (kg)').waitFor();
    // a toast lets clicks through to what lies under it (the menu button here), so saves can follow each other
    expect(await page.locator('.toast').allInnerTexts()).toEqual([
      expect.stringContaining('Logged new weight entry'),
      expect.stringContaining('Logged new weight entry'),
      expect.stringContaining('Logged new weight entry'),
    ]);
    expect(await page.getByRole('region', { name: 'Notifications' }).getAttribute('aria-live')).toBe('polite');
    const boxes = await Promise.all((await page.locator('.toast').all()).map((t) => t.boundingBox()));
    for (const name of ['Submit', 'Cancel']) {
      const button = (await dialog.getByRole('button', { name }).boundingBox())!;
      for (const t of boxes) {
        const overlaps =
          t!.x < button.x + button.width && button.x < t!.x + t!.width && t!.y < button.y + button.height && button.y < t!.y + t!.height;
        expect(overlaps, `a toast covers ${name}`).toBe(false);
      }
    }
    await screenshot(page, 'shell-toasts-over-dialog-phone');
    ticking = false;
    await ticks;
    await page.clock.runFor(2100);
    await page.locator('.toast').first().waitFor({ state: 'detached' });
    await context.close();
  });

  it("shows the server's field error before sending, and keeps what was typed", async () => {
    const context = await newContext(browser);
    await signIn(context, await createUser());
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('button', { name: 'Add Log' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Weight (kg)').fill('1200');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Weight must be greater than 0 and less than 1000 kg').waitFor();
    expect(await dialog.getByLabel('Weight (kg)').inputValue()).toBe('1200');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('logs out to the landing page and closes the dashboard again', async () => {
    const context = await newContext(browser);
    await signIn(context, await createUser());
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(BASE_URL + '/');
    expect(await page.evaluate(() => sessionStorage.getItem('auth'))).toBeNull();
    // Back, on the same page load: the dashboard asks to sign in and remembers where the user was
    await page.goBack();
    await page.waitForURL(BASE_URL + '/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => (history.state as { usr?: { from?: string } }).usr?.from)).toBe('/dashboard/overview');
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.waitForURL(BASE_URL + '/login');
    await context.close();
  });

  it('loads a screen as the pointer heads for its link, so its first visit draws without Loading...', async () => {
    const context = await newContext(browser);
    await signIn(context, await createUser());
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    // the page names only the overview's remote: analytics' files are not here yet
    const analyticsFiles = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((r) => new URL(r.name).pathname.startsWith('/remotes/analytics/') && r.name.endsWith('.js')),
      );
    expect(await analyticsFiles()).toEqual([]);

    await page.getByRole('link', { name: 'Analytics' }).hover();
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((r) => /\/remotes\/analytics\/.*__federation_expose_Analytics.*\.js$/.test(r.name)),
    );
    // the screen's module runs once its files are here
    await page.waitForTimeout(500);
    // what the content area shows first after the click: the shell's "Loading..." or the screen itself
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      new MutationObserver(() => {
        const state =
          document.querySelector('h1')?.textContent === 'Analytics'
            ? 'screen'
            : document.querySelector('div.screen-loading')
              ? 'loading'
              : '';
        if (state && seen.at(-1) !== state) seen.push(state);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen[0])).toBe('screen');
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).not.toContain('loading');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('folds the sidebar into a menu on a phone', async () => {
    const context = await newContext(browser, PHONE);
    await signIn(context, await createUser());
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/overview');
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await page.getByRole('link', { name: 'Analytics' }).isVisible()).toBe(false);
    await screenshot(page, 'shell-dashboard-phone');
    await menu.click();
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(BASE_URL + '/dashboard/analytics');
    expect(await page.getByRole('link', { name: 'Analytics' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Add Log' }).click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'shell-dialog-phone');
    await context.close();
  });

  it('applies the theme colour from the preferences to the whole UI', async () => {
    const context = await newContext(browser);
    await signIn(context, await createUser());
    await context.addInitScript(() => localStorage.setItem('preferences', JSON.stringify({ themeColor: '#8b5cf6' })));
    const page = await context.newPage();
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('button', { name: 'Add Log' }).waitFor();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
    expect(primary).toBe('#8b5cf6');
    await screenshot(page, 'shell-dashboard-desktop');
    await context.close();
  });

  it('keeps a dark-mode user’s page dark from its first frame on a reload, not light until the app starts', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    await signIn(context, await createUser());
    // the root's background at every frame, from the page's first
    await context.addInitScript({
      content: `(() => {
        const seen = (window.__backgrounds = []);
        const tick = () => {
          seen.push(getComputedStyle(document.documentElement).backgroundColor);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })();`,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(BASE_URL + '/dashboard/overview');
    await page.getByRole('button', { name: 'Add Log' }).waitFor();
    for (const load of ['first visit', 'reload']) {
      if (load === 'reload') {
        await page.reload();
        await page.getByRole('button', { name: 'Add Log' }).waitFor();
      }
      await page.waitForTimeout(300);
      const backgrounds = await page.evaluate(() => (window as unknown as { __backgrounds: string[] }).__backgrounds);
      const light = backgrounds.filter((c) => {
        const [r = 0, g = 0, b = 0] = (c.match(/\d+/g) ?? []).map(Number);
        return r + g + b > 3 * 128;
      });
      expect(backgrounds.length, load).toBeGreaterThan(3);
      expect(light, load).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
