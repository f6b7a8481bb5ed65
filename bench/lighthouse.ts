// Lighthouse scores of the built app in Debian's Chromium: /, /login and the three dashboard screens, mobile and
// desktop. The dashboards are measured signed in: one Chromium, signed in once with Remember me, and Lighthouse
// told to keep its storage, so each run restores the session as a returning user's visit does.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/lib/browser';

export const LIGHTHOUSE_PAGES = ['/', '/login', '/dashboard/overview', '/dashboard/analytics', '/dashboard/settings'] as const;
export const FORM_FACTORS = ['mobile', 'desktop'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRow {
  page: string;
  formFactor: (typeof FORM_FACTORS)[number];
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** First and largest contentful paint, total blocking time (ms), cumulative layout shift. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that lost points, for the categories other than performance. */
  failing: string[];
  /** The performance score of every run; the row is the run with the median one. */
  performanceRuns: number[];
}

/** Runs per page and form factor: mobile performance moves from run to run, so one run is not a figure. */
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);

// the suite's flags, with the headless mode Lighthouse needs
const FLAGS = [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new'];

/** Signs the browser in through the login form with Remember me, as a returning user would have. */
async function signIn(port: number, origin: string, email: string, password: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/dashboard/**', { timeout: 30_000 });
    await page.close();
  } finally {
    await browser.close().catch(() => {});
  }
}

export async function runLighthouse(origin: string, email: string, password: string): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const rows: LighthouseRow[] = [];
  try {
    await signIn(chrome.port, origin, email, password);
    for (const formFactor of FORM_FACTORS) {
      for (const page of LIGHTHOUSE_PAGES) {
        const runs: LighthouseRow[] = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(
            origin + page,
            { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: [...CATEGORIES] },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`no Lighthouse result for ${page} (${formFactor})`);
          const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
          const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
          const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
            (lhr.categories[c]?.auditRefs ?? [])
              .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
              .map((ref) => `${c}: ${ref.id}`),
          );
          runs.push({
            page,
            formFactor,
            scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as LighthouseRow['scores'],
            fcpMs: metric('first-contentful-paint'),
            lcpMs: metric('largest-contentful-paint'),
            tbtMs: metric('total-blocking-time'),
            cls: metric('cumulative-layout-shift'),
            failing,
            performanceRuns: [],
          });
        }
        const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
        const row = {
          ...byPerformance[Math.floor((byPerformance.length - 1) / 2)]!,
          performanceRuns: runs.map((r) => r.scores.performance),
        };
        // a point lost in any run is reported, not only in the median one
        row.failing = [...new Set(runs.flatMap((r) => r.failing))];
        for (const c of CATEGORIES.filter((c) => c !== 'performance')) row.scores[c] = Math.min(...runs.map((r) => r.scores[c]));
        rows.push(row);
        process.stderr.write(
          `  lighthouse ${formFactor} ${page}: performance ${row.performanceRuns.join('/')}, ${CATEGORIES.filter((c) => c !== 'performance')
            .map((c) => `${c} ${row.scores[c]}`)
            .join(', ')}\n`,
        );
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
