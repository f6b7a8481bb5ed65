// Scripting time per redraw of the weight graph over a long history, as Chromium's DevTools count it
// (Performance.getMetrics' ScriptDuration): the overview on "All Time" for a user with years of entries, redrawn
// by ticking and unticking "Show trend", which rebuilds the chart's model (thinning, trend, goal) and updates it.
import type { Browser } from 'playwright-core';
import { median } from './lib/common.js';

export interface RedrawResult {
  /** Entries of the period the graph was built from. */
  entries: number;
  /** Weights the chart drew after thinning. */
  drawn: number;
  /** Scripting per redraw (model, chart update and its 500 ms animation), ms: one figure per run. */
  scriptingMs: number[];
  /** The same, for the synchronous part only (click to the first frame), ms. */
  syncMs: number[];
  width: number;
}

const REDRAWS = 10;

export async function measureGraphRedraw(browser: Browser, origin: string, auth: string, runs = 3, width = 1280): Promise<RedrawResult> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    await context.addInitScript({
      content: `sessionStorage.setItem('auth', ${JSON.stringify(auth)});
        localStorage.setItem('preferences', JSON.stringify({ defaultSelectedPeriod: 'all', showTrend: true }));`,
    });
    const page = await context.newPage();
    await page.goto(`${origin}/dashboard/overview`);
    const canvas = page.locator('canvas[data-points-drawn]').first();
    await canvas.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    const entries = Number(
      /: ([\d,]+) entries/.exec(await page.locator('.weight-graph-description').first().innerText())?.[1]?.replace(/,/g, '') ?? 0,
    );
    const drawn = Number(await canvas.getAttribute('data-points-drawn'));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const scripting = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
    };
    const scriptingMs: number[] = [];
    const syncMs: number[] = [];
    // a few redraws first: the first ones also compile the code paths they take (JIT), every later one does not
    for (let i = 0; i < 4; i++) {
      await page.locator('.trend-toggle input[type="checkbox"]').first().click();
      await page.waitForTimeout(700);
    }
    for (let run = 0; run < runs; run++) {
      const before = await scripting();
      const sync: number[] = [];
      for (let i = 0; i < REDRAWS; i++) {
        // time from the click to the next frame: the synchronous re-render, model build and chart update
        sync.push(
          await page.evaluate(async () => {
            const box = document.querySelector<HTMLInputElement>('.trend-toggle input[type="checkbox"]');
            const t = performance.now();
            box?.click();
            await new Promise((r) => requestAnimationFrame(() => r(null)));
            return performance.now() - t;
          }),
        );
        await page.waitForTimeout(700); // the 500 ms animation runs out
      }
      scriptingMs.push(((await scripting()) - before) / REDRAWS);
      syncMs.push(median(sync));
    }
    return { entries, drawn, scriptingMs, syncMs, width };
  } finally {
    await context.close();
  }
}
