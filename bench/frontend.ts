// Page weight and time to the first chart in headless Chromium, for the production build served by
// scripts/start.ts (federated: shell + four remotes) and for the bench's single bundle of the same
// screens, cold cache (new browser context), warm cache (reload in the same context) and hot (a second reload: the
// scripts' code caches, written on the reload before, are now read).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/lib/browser';
import { signInBenchUser } from './lib/benchAuth.js';
import { startH2Front, type H2Front } from './lib/h2Front.js';
import { STARTUP_MARKS } from '../shell/src/startupMarks';
import { measureGraphRedraw, type RedrawResult } from './graph-redraw.js';
import { runLighthouse, type LighthouseRow } from './lighthouse.js';
import {
  BENCH_DATABASE_URL,
  BENCH_DIR,
  BENCH_JWT_SECRET,
  BENCH_PASSWORD,
  ROOT,
  isMain,
  median,
  spawnChild,
  tsNodeArgs,
  userEmail,
  waitForUrl,
  type Child,
} from './lib/common.js';

export const SHELL_PORT = Number(process.env.BENCH_SHELL_PORT ?? 3610);
export const STACK_API_PORT = SHELL_PORT + 1000;
export const SINGLE_PORT = SHELL_PORT + 10;
/** nginx's HTTP/2 fronts for the Slow 3G loads: the federated build here, the single bundle on the next port */
export const H2_FRONT_PORT = SHELL_PORT + 20;
export const PAGES = ['/dashboard/overview', '/dashboard/analytics'] as const;
export const VARIANTS = ['federated', 'single bundle'] as const;
const REMOTE_KEYS = ['auth', 'overview', 'analytics', 'settings'];

/** A load's start-up milestones, in the order a load reaches them. */
export const MILESTONES = ['responded', 'parsed', 'start', 'modules', 'render', 'screen', 'app', 'chart'] as const;
export type Milestone = (typeof MILESTONES)[number];

export interface PageSample {
  chartMs: number;
  domContentLoadedMs: number;
  jsRaw: number;
  jsEncoded: number;
  jsTransferred: number;
  jsRequests: number;
  requests: number;
  networkRequests: number;
  allTransferred: number;
  renderers: string[];
  /** shared package → apps whose copy of it was loaded (from each app's mf-manifest.json) */
  sharedFrom: Record<string, string[]>;
  jsFiles: string[];
  /**
   * When the load reached each start-up milestone, in ms from navigation start: the page's first byte (responseStart),
   * the page parsed (domInteractive), the shell's own User Timing marks (shell/src/startupMarks.ts: its first statement,
   * its modules ready, React asked to render, the first screen on the page), the app's first frame and the chart. A
   * milestone the load never reached is left out.
   */
  milestones: Partial<Record<Milestone, number>>;
  /** The screen's API calls and their bodies unpacked (Resource Timing). */
  apiRequests: number;
  apiUncompressed: number;
  /** Only on a surveyed load (`measure(..., true)`): what listening to each response tells. */
  encodings?: Record<string, number>;
  cacheControl?: Record<string, number>;
  /** JS responses served without content-encoding */
  identityFiles?: string[];
  /** API answers that were 304, and the bytes the API moved (headers and body as sent, the worker's requests included). */
  api304?: number;
  apiTransferred?: number;
}

export interface PageResult {
  variant: (typeof VARIANTS)[number];
  page: string;
  /** cold: a new context; warm: its first reload (the browser writes each script's code cache); hot: the next one (reads them) */
  cache: 'cold' | 'warm' | 'hot';
  samples: PageSample[];
}

export interface FrontendResult {
  runs: number;
  user: string;
  results: PageResult[];
  failures: string[];
  chromium: string;
  /** Redraws of the all-time graph of the same user, desktop and phone width. */
  redraws: RedrawResult[];
  /** Lighthouse scores of the federated build, signed in as the same user. */
  lighthouse: LighthouseRow[];
  /** One cold load per build and page under Chromium's Slow 3G emulation. */
  slow3g: Slow3gRow[];
  /** A third load of the federated build's pages, the service worker now holding the API's answers (a returning visit). */
  returning: PageResult[];
  /** Cold and warm loads of both builds with every response listened to (headers, API bytes), apart from the timed ones. */
  surveys: PageResult[];
  /**
   * Timed returning visits (cache 'hot'): the federated build's with its worker in charge but stopped, as after a while
   * away, its scripts read through the worker's caches; the single bundle's (it has no worker) with its code caches.
   */
  revisits: PageResult[];
}

export interface Slow3gRow {
  /** the shell's own server (HTTP/1.1: six connections to the host), or nginx in front of it (HTTP/2, over TLS) */
  protocol: 'HTTP/1.1' | 'HTTP/2';
  variant: (typeof VARIANTS)[number];
  page: string;
  /** first contentful paint: the page's static skeleton */
  fcpMs: number;
  /** the app's own first frame: the sidebar's navigation drawn */
  appMs: number;
  chartMs: number;
  transferred: number;
}

/** DevTools' "Slow 3G" preset: 400 ms × 5 round trip, 500 kbit/s × 0.8 each way. */
export const SLOW_3G = {
  offline: false,
  latency: 2000,
  downloadThroughput: (500 * 1000 * 0.8) / 8,
  uploadThroughput: (500 * 1000 * 0.8) / 8,
};

/**
 * Runs in the page before any script: React DevTools hook (counts renderers) and the chart watcher.
 * A string, not a function: tsx's name-keeping helpers would not exist in the page.
 * Time to chart = when the weight graph's first pixels were drawn (performance.now(), from navigation start): the
 * first drawing call on its canvas, once the next animation frame finds pixels there. Checked at frame starts alone,
 * a chart that chart.js draws in its own frame callback (after the watcher's) was seen one frame late, up to 17 ms
 * added at random to either build. Time to app = the first frame at which the app's markup has replaced the static
 * skeleton of index.html. The watcher calls the bench back (`__benchPainted`): waiting by polling would run
 * Playwright's injected script, a 10 ms task, inside the very load being timed.
 */
const PAGE_PROBE = `(() => {
  // page.evaluate callbacks compiled by tsx reference esbuild's __name helper
  window.__name = window.__name || ((f) => f);
  sessionStorage.setItem('auth', AUTH);
  const renderers = [];
  window.__renderers = renderers;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, inject: (r) => renderers.push(r),
    onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
  };
  const proto = CanvasRenderingContext2D.prototype;
  const DRAWING = ['stroke', 'fill', 'fillRect', 'strokeRect', 'fillText', 'strokeText', 'drawImage', 'putImageData'];
  const originals = DRAWING.map((name) => proto[name]);
  let drawnAt;
  DRAWING.forEach((name, i) => {
    proto[name] = function (...args) {
      if (drawnAt === undefined && this.canvas.getAttribute('aria-label') === 'Weight graph') drawnAt = performance.now();
      return originals[i].apply(this, args);
    };
  });
  const check = () => {
    // the app's first frame: its own markup has replaced the static skeleton
    if (window.__appPaintMs === undefined && document.querySelector('#root > :not(.boot)')) window.__appPaintMs = performance.now();
    const canvas = document.querySelector('canvas[aria-label="Weight graph"]');
    if (drawnAt !== undefined && canvas && canvas.width > 0 && canvas.height > 0) {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4 * 7) {
        if (data[i] !== 0) {
          DRAWING.forEach((name, k) => (proto[name] = originals[k]));
          window.__chartPaintMs = drawnAt;
          window.__benchPainted?.(drawnAt);
          return;
        }
      }
      // nothing visible yet: the next drawing is the one that counts
      drawnAt = undefined;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

const paintWaiters = new WeakMap<Page, (ms: number) => void>();

/** A context whose pages are signed in and watched for the chart (PAGE_PROBE). */
async function watchedContext(browser: Browser, auth: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.exposeBinding('__benchPainted', ({ page }, ms: number) => paintWaiters.get(page)?.(ms));
  await context.addInitScript({ content: PAGE_PROBE.replace('AUTH', JSON.stringify(auth)) });
  return context;
}

/** Starts a load (navigations resolve once committed) and resolves when the page has painted its chart. */
async function loadUntilChart(page: Page, load: () => Promise<unknown>, timeout = Number(process.env.BENCH_CHART_TIMEOUT ?? 30_000)) {
  let timer: NodeJS.Timeout | undefined;
  const painted = new Promise<number>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no chart painted within ${timeout} ms`)), timeout);
    paintWaiters.set(page, resolve);
  });
  try {
    await load();
    return await painted;
  } finally {
    clearTimeout(timer);
    paintWaiters.delete(page);
    // a load that failed leaves the promise unwatched
    painted.catch(() => {});
  }
}

/**
 * One load, timed and read through Resource Timing. A surveyed load also listens to every response the browser gets
 * (its headers, the API's sizes): that costs the bench's process and Chromium's an event per request while the page
 * loads, on the same two cores, so it slowed the build with more requests more (measured: +5 to +8 ms on the
 * federated overview's warm reload, about nothing on the single bundle's). Timed loads are never surveyed.
 */
async function measure(
  page: Page,
  load: () => Promise<unknown>,
  assetsByApp: Map<string, Map<string, string[]>>,
  survey = false,
): Promise<PageSample> {
  const encodings: Record<string, number> = {};
  const cacheControl: Record<string, number> = {};
  const identityFiles: string[] = [];
  // the API as the network sees it, the service worker's own requests included (its conditional reads)
  let api304 = 0;
  let apiMoved = 0;
  const onApi = async (res: import('playwright-core').Response) => {
    if (!new URL(res.url()).pathname.startsWith('/api/') || res.fromServiceWorker()) return;
    if (res.status() === 304) api304++;
    const sizes = await res
      .request()
      .sizes()
      .catch(() => undefined);
    if (sizes) apiMoved += Math.max(0, sizes.responseBodySize) + sizes.responseHeadersSize;
  };
  const onResponse = async (res: import('playwright-core').Response) => {
    if (!/\.js(\?|$)/.test(res.url())) return;
    const h = await res.allHeaders().catch(() => ({}) as Record<string, string>);
    const enc = h['content-encoding'] ?? 'identity';
    encodings[enc] = (encodings[enc] ?? 0) + 1;
    if (enc === 'identity') identityFiles.push(`${new URL(res.url()).pathname} (${h['content-length'] ?? '?'} B, status ${res.status()})`);
    const cc = `${/\.[0-9a-f]{10}\.js/.test(res.url()) ? 'hashed' : 'unhashed'}: ${h['cache-control'] ?? 'none'}`;
    cacheControl[cc] = (cacheControl[cc] ?? 0) + 1;
  };
  if (survey) {
    page.context().on('response', onApi);
    page.on('response', onResponse);
  }
  await loadUntilChart(page, load);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  page.off('response', onResponse);
  page.context().off('response', onApi);
  const m = await page.evaluate((marks) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const js = res.filter((r) => /\.js(\?|$)/.test(new URL(r.name).pathname));
    const api = res.filter((r) => new URL(r.name).pathname.startsWith('/api/'));
    const sum = (xs: PerformanceResourceTiming[], k: 'decodedBodySize' | 'encodedBodySize' | 'transferSize') =>
      xs.reduce((s, r) => s + r[k], 0);
    return {
      chartMs: (window as unknown as { __chartPaintMs: number }).__chartPaintMs,
      domContentLoadedMs: nav.domContentLoadedEventEnd,
      jsRaw: sum(js, 'decodedBodySize'),
      jsEncoded: sum(js, 'encodedBodySize'),
      jsTransferred: sum(js, 'transferSize'),
      jsRequests: js.length,
      requests: res.length + 1,
      networkRequests: res.filter((r) => r.transferSize > 0).length + (nav.transferSize > 0 ? 1 : 0),
      allTransferred: sum(res, 'transferSize') + nav.transferSize,
      renderers: (window as unknown as { __renderers: Array<{ version: string }> }).__renderers.map((r) => r.version),
      jsFiles: js.map((r) => new URL(r.name).pathname),
      apiRequests: api.length,
      // what the same calls would move without compression or conditional requests (bodies only)
      apiUncompressed: sum(api, 'decodedBodySize'),
      milestones: {
        responded: nav.responseStart,
        parsed: nav.domInteractive,
        ...Object.fromEntries(
          Object.entries(marks).flatMap(([k, name]) => {
            const mark = performance.getEntriesByName(name, 'mark')[0];
            return mark ? [[k, mark.startTime]] : [];
          }),
        ),
        app: (window as unknown as { __appPaintMs?: number }).__appPaintMs,
        chart: (window as unknown as { __chartPaintMs: number }).__chartPaintMs,
      } as Partial<Record<Milestone, number>>,
    };
  }, STARTUP_MARKS);
  const sharedFrom: Record<string, string[]> = {};
  // an app's copy counts as loaded when every sync chunk of one of its share keys was loaded
  for (const [pkg, keys] of [
    ['react', ['react', 'react/jsx-runtime']],
    ['react-dom', ['react-dom', 'react-dom/client']],
  ] as const) {
    sharedFrom[pkg] = [];
    for (const [app, shared] of assetsByApp) {
      const loaded = keys.some((k) => {
        const files = shared.get(k);
        return files?.length && files.every((f) => m.jsFiles.includes(f));
      });
      if (loaded) sharedFrom[pkg].push(app);
    }
  }
  return survey ? { ...m, sharedFrom, encodings, cacheControl, identityFiles, api304, apiTransferred: apiMoved } : { ...m, sharedFrom };
}

/** Each app's mf-manifest.json: shared package → the URL paths of its sync JS assets. */
async function sharedAssets(origin: string): Promise<Map<string, Map<string, string[]>>> {
  const out = new Map<string, Map<string, string[]>>();
  const bases = [['shell', '/'], ...REMOTE_KEYS.map((k) => [`mf-${k}`, `/remotes/${k}/`])] as const;
  for (const [app, base] of bases) {
    const manifest = (await (await fetch(`${origin}${base}mf-manifest.json`)).json()) as {
      shared: Array<{ name: string; assets: { js: { sync: string[] } } }>;
    };
    const map = new Map<string, string[]>();
    for (const s of manifest.shared)
      map.set(
        s.name,
        s.assets.js.sync.map((a) => base + a),
      );
    out.set(app, map);
  }
  return out;
}

export async function runFrontend(
  runs = Number(process.env.BENCH_PAGE_RUNS ?? 40),
  surveyRuns = Number(process.env.BENCH_SURVEY_RUNS ?? 3),
  revisitRuns = Number(process.env.BENCH_REVISIT_RUNS ?? 12),
): Promise<FrontendResult> {
  const failures: string[] = [];
  // said as it happens too: a step that fails (a load timing out) can hold a run up for minutes
  const fail = (message: string) => {
    failures.push(message);
    process.stderr.write(`  could not measure: ${message}\n`);
  };
  const results: PageResult[] = [];
  const revisits: PageResult[] = [];
  const returning: PageResult[] = [];
  const surveys: PageResult[] = [];
  const env: Record<string, string> = {
    SHELL_PORT: String(SHELL_PORT),
    API_PORT: String(STACK_API_PORT),
    PUBLIC_URL: `http://localhost:${SHELL_PORT}`,
    ALLOWED_ORIGINS: [SHELL_PORT, SINGLE_PORT]
      .map((p) => `http://localhost:${p}`)
      .concat([0, 1].map((i) => `https://localhost:${H2_FRONT_PORT + i}`))
      .join(','),
    DATABASE_URL: BENCH_DATABASE_URL,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_EMAIL: '1000000',
    MAIL_TRANSPORT: 'none',
  };
  REMOTE_KEYS.forEach((k, i) => (env[`MF_${k.toUpperCase()}_PORT`] = String(SHELL_PORT + 1 + i)));
  const children: Child[] = [];
  let browser: Browser | undefined;
  let chromium: string;
  try {
    // a server left on these ports would be measured instead of this build: refuse
    for (const port of [
      SHELL_PORT,
      SINGLE_PORT,
      STACK_API_PORT,
      SHELL_PORT + 1,
      SHELL_PORT + 2,
      SHELL_PORT + 3,
      SHELL_PORT + 4,
      H2_FRONT_PORT,
      H2_FRONT_PORT + 1,
    ]) {
      const busy = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) }).then(
        () => true,
        () => false,
      );
      if (busy) throw new Error(`port ${port} is already in use; stop that server or set BENCH_SHELL_PORT`);
    }
    // `npm start`'s own script, as e2e/lib/globalSetup.ts runs it (it builds only what is missing)
    children.push(spawnChild(process.execPath, tsNodeArgs(path.join(ROOT, 'scripts/start.ts')), env, 'stack'));
    children.push(
      spawnChild(
        process.execPath,
        tsNodeArgs(path.join(BENCH_DIR, 'single-bundle/serve.ts'), [String(SINGLE_PORT), `http://127.0.0.1:${STACK_API_PORT}`]),
        {},
        'single',
      ),
    );
    const fed = `http://127.0.0.1:${SHELL_PORT}`;
    const single = `http://127.0.0.1:${SINGLE_PORT}`;
    await waitForUrl(`${fed}/api/health`, 150_000).catch((e) => {
      throw new Error(`${e.message}\n${children[0]!.output().slice(-3000)}`);
    });
    await waitForUrl(`${single}/api/health`, 30_000).catch((e) => {
      throw new Error(`${e.message}\n${children[1]!.output().slice(-3000)}`);
    });
    for (const k of REMOTE_KEYS) await waitForUrl(`${fed}/remotes/${k}/mf-manifest.json`, 30_000);
    const assetsByApp = await sharedAssets(fed);

    // A 3-year user, signed in as the app does after login (auth in sessionStorage).
    const email = userEmail(1);
    const auth = await signInBenchUser(fed, email, BENCH_PASSWORD);

    browser = await launchBrowser();
    chromium = browser.version();
    // Runs alternate between the two builds so that a machine growing slower or faster during the bench moves both
    // alike instead of landing in their ratio, and which build goes first alternates from one run to the next, so
    // that whatever the load before leaves behind (a busy server, the browser's clean-up) falls on both alike.
    const samples = new Map<string, { cold: PageSample[]; warm: PageSample[]; hot: PageSample[] }>();
    const slot = (variant: string, p: string) => {
      const key = `${variant} ${p}`;
      if (!samples.has(key)) samples.set(key, { cold: [], warm: [], hot: [] });
      return samples.get(key)!;
    };
    for (let i = 0; i < runs; i++) {
      for (const p of PAGES) {
        for (const variant of i % 2 ? [...VARIANTS].reverse() : VARIANTS) {
          // the browser's flags (e2e/lib/browser.ts) resolve only localhost
          const origin = (variant === 'federated' ? fed : single).replace('127.0.0.1', 'localhost');
          const { cold, warm, hot } = slot(variant, p);
          let context: BrowserContext | undefined;
          try {
            context = await watchedContext(browser, await auth());
            const page = await context.newPage();
            cold.push(await measure(page, () => page.goto(origin + p, { waitUntil: 'commit' }), assetsByApp));
            warm.push(await measure(page, () => page.reload({ waitUntil: 'commit' }), assetsByApp));
            hot.push(await measure(page, () => page.reload({ waitUntil: 'commit' }), assetsByApp));
          } catch (e) {
            if (process.env.BENCH_DEBUG && context) {
              const pg = context.pages()[0];
              console.error(
                await pg?.evaluate(
                  () =>
                    document.body.innerText.slice(0, 800) +
                    '\n' +
                    document.querySelectorAll('canvas').length +
                    ' canvases ' +
                    [...document.querySelectorAll('canvas')].map((c) => c.outerHTML).join(' '),
                ),
              );
            }
            fail(`${variant} ${p} run ${i + 1}: ${(e as Error).message.split('\n')[0]}`);
          } finally {
            await context?.close();
          }
        }
      }
    }
    for (const variant of VARIANTS) {
      for (const p of PAGES) {
        const { cold, warm, hot } = slot(variant, p);
        results.push(
          { variant, page: p, cache: 'cold', samples: cold },
          { variant, page: p, cache: 'warm', samples: warm },
          { variant, page: p, cache: 'hot', samples: hot },
        );
        const chart = (xs: PageSample[]) => median(xs.map((s) => s.chartMs)).toFixed(0);
        process.stderr.write(`  ${variant} ${p}: chart cold ${chart(cold)} ms, warm ${chart(warm)} ms, hot ${chart(hot)} ms\n`);
      }
    }
    // Headers and API bytes, on loads of their own: listening to every response would slow the timed loads (measure).
    // The returning visits too: the worker's install compiles every remote's files, CPU that ran on into whichever
    // build's timed loads came next.
    for (const variant of VARIANTS) {
      const origin = (variant === 'federated' ? fed : single).replace('127.0.0.1', 'localhost');
      for (const p of PAGES) {
        const cold: PageSample[] = [];
        const warm: PageSample[] = [];
        const again: PageSample[] = [];
        for (let i = 0; i < surveyRuns; i++) {
          let context: BrowserContext | undefined;
          try {
            context = await watchedContext(browser, await auth());
            const page = await context.newPage();
            cold.push(await measure(page, () => page.goto(origin + p, { waitUntil: 'commit' }), assetsByApp, true));
            warm.push(await measure(page, () => page.reload({ waitUntil: 'commit' }), assetsByApp, true));
            if (variant === 'federated') {
              // a returning visit: the worker installed by the first visit controls the page and has read the
              // answers once through its own cache, as after any earlier visit
              await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });
              await page.reload();
              await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
              again.push(await measure(page, () => page.reload({ waitUntil: 'commit' }), assetsByApp, true));
            }
          } catch (e) {
            fail(`survey of ${variant} ${p} run ${i + 1}: ${(e as Error).message.split('\n')[0]}`);
          } finally {
            await context?.close();
          }
        }
        surveys.push({ variant, page: p, cache: 'cold', samples: cold }, { variant, page: p, cache: 'warm', samples: warm });
        if (again.length) returning.push({ variant, page: p, cache: 'warm', samples: again });
      }
    }
    // Returning visits, timed: what someone coming back sees. The federated page is then controlled by its worker
    // (installed a few seconds after the first visit), which has stopped in the meantime; the single bundle has none.
    const revisitSamples = new Map<string, PageSample[]>();
    for (let i = 0; i < revisitRuns; i++) {
      for (const p of PAGES) {
        for (const variant of i % 2 ? [...VARIANTS].reverse() : VARIANTS) {
          const origin = (variant === 'federated' ? fed : single).replace('127.0.0.1', 'localhost');
          const key = `${variant} ${p}`;
          if (!revisitSamples.has(key)) revisitSamples.set(key, []);
          let context: BrowserContext | undefined;
          try {
            context = await watchedContext(browser, await auth());
            const page = await context.newPage();
            await loadUntilChart(page, () => page.goto(origin + p, { waitUntil: 'commit' }));
            if (variant === 'federated')
              await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
            // the visit before: code caches written, the worker's copies of the answers read
            await loadUntilChart(page, () => page.reload({ waitUntil: 'commit' }));
            await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
            if (variant === 'federated') {
              const cdp = await context.newCDPSession(page);
              await cdp.send('ServiceWorker.enable');
              await cdp.send('ServiceWorker.stopAllWorkers');
              await cdp.detach();
            }
            await page.waitForTimeout(300);
            revisitSamples.get(key)!.push(await measure(page, () => page.reload({ waitUntil: 'commit' }), assetsByApp));
          } catch (e) {
            fail(`returning visit to ${variant} ${p} run ${i + 1}: ${(e as Error).message.split('\n')[0]}`);
          } finally {
            await context?.close();
          }
        }
      }
    }
    for (const variant of VARIANTS)
      for (const p of PAGES) revisits.push({ variant, page: p, cache: 'hot', samples: revisitSamples.get(`${variant} ${p}`) ?? [] });
    const redraws: RedrawResult[] = [];
    // BENCH_PAGES_ONLY=1: no redraw or Lighthouse runs (a quicker look while working); BENCH_SLOW3G=0: no Slow 3G
    const pagesOnly = process.env.BENCH_PAGES_ONLY === '1';
    for (const width of pagesOnly ? [] : [1280, 375]) {
      try {
        const r = await measureGraphRedraw(browser, fed.replace('127.0.0.1', 'localhost'), await auth(), 3, width);
        redraws.push(r);
        process.stderr.write(
          `  graph redraw at ${width} px: ${median(r.scriptingMs).toFixed(1)} ms scripting (${r.drawn} of ${r.entries} drawn)\n`,
        );
      } catch (e) {
        fail(`graph redraw at ${width} px: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    const slow3g: Slow3gRow[] = [];
    /** One cold load under Slow 3G: its first paint, the app, the chart and the bytes moved. */
    const slow3gLoad = async (b: Browser, protocol: Slow3gRow['protocol'], variant: Slow3gRow['variant'], origin: string, p: string) => {
      let context: BrowserContext | undefined;
      try {
        context = await watchedContext(b, await auth());
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
        await loadUntilChart(page, () => page.goto(origin + p, { waitUntil: 'commit', timeout: 120_000 }), 180_000);
        const row = await page.evaluate(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return {
            fcpMs: paint?.startTime ?? NaN,
            appMs: (window as unknown as { __appPaintMs?: number }).__appPaintMs ?? NaN,
            chartMs: (window as unknown as { __chartPaintMs: number }).__chartPaintMs,
            transferred: res.reduce((t, r) => t + r.transferSize, nav.transferSize),
          };
        });
        slow3g.push({ protocol, variant, page: p, ...row });
        process.stderr.write(
          `  Slow 3G over ${protocol} ${variant} ${p}: first paint ${row.fcpMs.toFixed(0)} ms, app ${row.appMs.toFixed(0)} ms, chart ${row.chartMs.toFixed(0)} ms\n`,
        );
      } catch (e) {
        fail(`Slow 3G over ${protocol} ${variant} ${p}: ${(e as Error).message.split('\n')[0]}`);
      } finally {
        await context?.close();
      }
    };
    if (process.env.BENCH_SLOW3G !== '0') {
      for (const variant of VARIANTS)
        for (const p of PAGES)
          await slow3gLoad(browser, 'HTTP/1.1', variant, (variant === 'federated' ? fed : single).replace('127.0.0.1', 'localhost'), p);
      // the same loads over HTTP/2, as a deployment serves them: nginx in front of both builds
      let front: H2Front | undefined;
      let h2Browser: Browser | undefined;
      try {
        front = await startH2Front([SHELL_PORT, SINGLE_PORT], H2_FRONT_PORT);
        h2Browser = await launchBrowser([`--ignore-certificate-errors-spki-list=${front.spki}`]);
        for (const variant of VARIANTS)
          for (const p of PAGES) await slow3gLoad(h2Browser, 'HTTP/2', variant, front.origins[variant === 'federated' ? 0 : 1]!, p);
      } catch (e) {
        fail(`Slow 3G over HTTP/2: ${(e as Error).message.split('\n')[0]}`);
      } finally {
        await h2Browser?.close();
        await front?.stop();
      }
    }
    let lighthouse: LighthouseRow[] = [];
    if (!pagesOnly)
      try {
        lighthouse = await runLighthouse(fed.replace('127.0.0.1', 'localhost'), email, BENCH_PASSWORD);
      } catch (e) {
        fail(`lighthouse: ${(e as Error).message.split('\n')[0]}`);
      }
    return { runs, user: email, results, failures, chromium, redraws, lighthouse, slow3g, returning, surveys, revisits };
  } finally {
    await browser?.close();
    for (const c of children) await c.stop();
  }
}

if (isMain(import.meta.url)) {
  const r = await runFrontend(Number(process.env.BENCH_PAGE_RUNS ?? 2));
  for (const x of [...r.results, ...r.revisits.map((v) => ({ ...v, cache: 'returning' }))]) {
    const m = (f: (s: PageSample) => number) => median(x.samples.map(f)).toFixed(0);
    console.log(
      `${x.variant} ${x.page} ${x.cache}: chart ${m((s) => s.chartMs)} ms, JS ${m((s) => s.jsTransferred / 1024)} KiB in ${m((s) => s.jsRequests)} requests, ${m((s) => s.requests)} requests in all`,
    );
  }
  console.log(r.failures);
  // BENCH_DUMP=file: every sample as JSON, for a closer look at one quick run
  if (process.env.BENCH_DUMP)
    writeFileSync(process.env.BENCH_DUMP, JSON.stringify([...r.results, ...r.revisits.map((v) => ({ ...v, cache: 'returning' }))]));
}
