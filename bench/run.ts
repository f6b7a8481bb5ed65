// `npm run bench`: seed → query plans → API load with ceilings → build times → page metrics, then
// bench/RESULTS.md. Exits non-zero only when a measurement could not be taken at all, never on a time.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seed } from './seed.js';
import { explainWeightQueries } from './plans.js';
import { CEILING, ENDPOINT_KEYS, ENDPOINTS, HELLO, runApiLoad, type LoadRow } from './api-load.js';
import type { CpuShares } from './lib/cpu.js';
import { measureBuilds } from './build-times.js';
import { MILESTONES, PAGES, VARIANTS, runFrontend, type Milestone, type PageResult, type PageSample, type Slow3gRow } from './frontend.js';
import { BENCH_DATABASE_URL, BENCH_DIR, ROOT, fmt, median, table } from './lib/common.js';
import { medianOfPresent, ratioInterval } from './lib/stats.js';

const started = Date.now();
const loadAtStart = os.loadavg();
const failures: string[] = [];
const step = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
  const t = Date.now();
  process.stderr.write(`bench: ${name}…\n`);
  try {
    const r = await fn();
    process.stderr.write(`bench: ${name} done in ${((Date.now() - t) / 1000).toFixed(0)} s\n`);
    return r;
  } catch (e) {
    failures.push(`${name}: ${(e as Error).stack ?? e}`);
    process.stderr.write(`bench: ${name} FAILED: ${(e as Error).message}\n`);
    return undefined;
  }
};

const seeded = await step('seed', () => seed());
const plans = seeded ? await step('query plans', () => explainWeightQueries()) : undefined;
const load = seeded ? await step('API load', () => runApiLoad()) : undefined;
const builds = await step('build times', () => measureBuilds());
const front = seeded && builds ? await step('frontend', () => runFrontend()) : undefined;
if (load) failures.push(...load.failures);
if (front) {
  failures.push(...front.failures);
  for (const r of front.results) if (!r.samples.length) failures.push(`frontend: no sample for ${r.variant} ${r.page} ${r.cache}`);
}
const totalS = (Date.now() - started) / 1000;

// ---------------------------------------------------------------------------------------------
const sh = (cmd: string, args: string[]) => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8' }).trim();
  } catch {
    return 'n/a';
  }
};
const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
let pgVersion = 'n/a';
try {
  const c = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await c.connect();
  pgVersion = (await c.query('show server_version')).rows[0].server_version;
  await c.end();
} catch {
  /* reported as n/a */
}
const autocannonVersion = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/autocannon/package.json'), 'utf8')).version;
const kb = (b: number) => `${fmt(b / 1024, 1)} KiB`;
const ms = (x: number) => (Number.isFinite(x) ? `${fmt(x, 0)} ms` : 'n/a');
const signedMs = (x: number) => (Number.isFinite(x) ? `${x > 0 ? '+' : x < 0 ? '−' : ''}${fmt(Math.abs(x), 0)} ms` : 'n/a');
/** Each start-up milestone's median over a cell's loads (a load that never reached one does not count for it). */
const milestoneMedians = (r: PageResult): Record<Milestone, number> =>
  Object.fromEntries(MILESTONES.map((k) => [k, medianOfPresent(r.samples.map((s) => s.milestones?.[k]))])) as Record<Milestone, number>;
const pct = (x: number) => (Number.isFinite(x) ? `${fmt(x * 100, 1)} %` : 'n/a');
const lat = (x: number) => (x < 10 ? fmt(x, 2) : fmt(x, 0));

const out: string[] = [];
const rowOf = (rows: LoadRow[], target: string, c: number) => rows.find((r) => r.target === target && r.connections === c);

/** The runs of one build, page and cache, if the frontend step ran. */
const resultOf = (variant: PageResult['variant'], page: string, cache: PageResult['cache'], of = front?.results) =>
  of?.find((r) => r.variant === variant && r.page === page && r.cache === cache);
/** Each page and cache both builds were measured at, the federated runs beside the single bundle's. */
function* measuredPairs() {
  for (const page of PAGES)
    for (const cache of ['cold', 'warm', 'hot'] as const) {
      const fed = resultOf('federated', page, cache);
      const one = resultOf('single bundle', page, cache);
      if (fed?.samples.length && one?.samples.length) yield { page, cache, fed, one };
    }
}
/** The same, from the surveyed loads (every response listened to, never timed). */
const surveyOf = (variant: PageResult['variant'], page: string, cache: PageResult['cache']) =>
  resultOf(variant, page, cache, front?.surveys);
/** A median of a figure only surveyed loads have. */
const surveyed = (r: PageResult, k: 'api304' | 'apiTransferred') => median(r.samples.map((x) => x[k] ?? NaN));

/** The 95 % interval of the federated ÷ single-bundle time to chart (bench/lib/stats.ts). */
const chartInterval = (fed: PageResult, one: PageResult) =>
  ratioInterval(
    fed.samples.map((x) => x.chartMs),
    one.samples.map((x) => x.chartMs),
  );

/** The same, as the headline writes it after the two medians. */
function interval(fed: PageResult, one: PageResult): string {
  const ci = chartInterval(fed, one);
  return ci ? `; 95 % interval of the ratio ${fmt(ci[0], 2)}–${fmt(ci[1], 2)}×` : '';
}

function headline(): string[] {
  const lines: string[] = [];
  if (load) {
    const c = load.connections.includes(16) ? 16 : load.connections[load.connections.length - 1]!;
    const h = rowOf(load.rows, HELLO, c);
    for (const e of ENDPOINTS) {
      const r = rowOf(load.rows, e, c);
      const p = rowOf(load.rows, CEILING[e], c);
      if (r && h)
        lines.push(
          `- **${e}** at ${c} connections: ${fmt(r.rps)} req/s, p99 ${lat(r.p99)} ms = **${p ? pct(r.rps / p.rps) : 'n/a'} of pgbench running its own SQL**, ${pct(r.rps / h.rps)} of the hello-world ceiling.`,
        );
    }
  }
  if (front) {
    for (const page of PAGES) {
      const f = resultOf('federated', page, 'cold');
      const s = resultOf('single bundle', page, 'cold');
      if (!f?.samples.length || !s?.samples.length) continue;
      const m = (r: PageResult, k: keyof PageSample) => median(r.samples.map((x) => x[k] as number));
      lines.push(
        `- **${page}, cold cache**: federation costs ${fmt(m(f, 'jsEncoded') / m(s, 'jsEncoded'), 2)}× the compressed JS (${kb(m(f, 'jsEncoded'))} vs ${kb(m(s, 'jsEncoded'))}), ` +
          `${fmt(m(f, 'requests'))} vs ${fmt(m(s, 'requests'))} requests, and ${fmt(m(f, 'chartMs') / m(s, 'chartMs'), 2)}× the time to chart (${ms(m(f, 'chartMs'))} vs ${ms(m(s, 'chartMs'))}${interval(f, s)}).`,
      );
      for (const [cache, label] of [
        ['warm', 'warm cache'],
        ['hot', 'hot (code caches read)'],
      ] as const) {
        const fw = resultOf('federated', page, cache);
        const sw = resultOf('single bundle', page, cache);
        if (fw?.samples.length && sw?.samples.length)
          lines.push(
            `- **${page}, ${label}**: ${fmt(m(fw, 'chartMs') / m(sw, 'chartMs'), 2)}× the time to chart (${ms(m(fw, 'chartMs'))} vs ${ms(m(sw, 'chartMs'))}${interval(fw, sw)}).`,
          );
      }
      const [fb, sb] = [resultOf('federated', page, 'hot', front.revisits), resultOf('single bundle', page, 'hot', front.revisits)];
      if (fb?.samples.length && sb?.samples.length)
        lines.push(
          `- **${page}, returning visit** (the federated page's service worker in charge, stopped): ${fmt(m(fb, 'chartMs') / m(sb, 'chartMs'), 2)}× the time to chart (${ms(m(fb, 'chartMs'))} vs ${ms(m(sb, 'chartMs'))}${interval(fb, sb)}).`,
        );
    }
  }
  const mobile = (front?.lighthouse ?? []).filter((r) => r.formFactor === 'mobile');
  if (mobile.length)
    lines.push(
      `- **Lighthouse, mobile**: performance ${mobile.map((r) => `${r.page} ${r.scores.performance}`).join(', ')}; accessibility ${Math.min(...mobile.map((r) => r.scores.accessibility))}–${Math.max(...mobile.map((r) => r.scores.accessibility))}, best practices ${Math.min(...mobile.map((r) => r.scores['best-practices']))}, SEO ${Math.min(...mobile.map((r) => r.scores.seo))} at worst.`,
    );
  for (const r of front?.redraws ?? []) {
    lines.push(
      `- **Weight graph redraw, all time, ${r.width} px** (${fmt(r.entries)} entries, ${fmt(r.drawn)} drawn): **${fmt(median(r.scriptingMs), 1)} ms of scripting per redraw** (target < 50 ms), ${fmt(median(r.syncMs), 1)} ms from click to the next frame.`,
    );
  }
  if (plans)
    lines.push(
      `- Query plans: ${plans.filter((p) => p.indexUsed && !p.seqScan).length} of ${plans.length} weight queries use the (user_id, date) index with no sequential scan of weight_entries.`,
    );
  return lines;
}

out.push(`# Benchmark results`, '');
out.push(
  `Written by \`npm run bench\` on ${new Date(started).toISOString()} in ${fmt(totalS, 0)} s. Figures, not pass/fail thresholds: the machine is shared and noisy.`,
  '',
);
out.push('## Headline', '', ...headline(), '');
out.push('## Machine', '');
out.push(
  table(
    ['', ''],
    [
      ['CPU', `${cpu} (${os.cpus().length} cores)`],
      ['Memory', `${fmt(os.totalmem() / 2 ** 30, 1)} GiB`],
      ['OS', `${os.type()} ${os.release()}`],
      ['Load average at start (1/5/15 min)', loadAtStart.map((x) => x.toFixed(2)).join(' / ')],
      [
        'Load average at end',
        os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' / '),
      ],
      ['Node.js', process.version],
      ['PostgreSQL', pgVersion],
      ['pgbench', load?.pgbenchVersion ?? 'n/a'],
      ['autocannon', autocannonVersion],
      ['Chromium', front?.chromium ?? sh('/usr/bin/chromium', ['--version'])],
    ],
  ),
  '',
);

if (seeded) {
  out.push('## Data', '');
  out.push(
    `Database \`${new URL(BENCH_DATABASE_URL).pathname.slice(1)}\` on 127.0.0.1: ${fmt(seeded.totalUsers)} bench users (${seeded.users} × ${seeded.years} years + 1 × ${seeded.longYears} years), ` +
      `${fmt(seeded.totalEntries)} weight entries (${seeded.tableSize} with indexes), ${fmt(seeded.longUserEntries)} for the 10-year user; ` +
      `this run inserted ${fmt(seeded.insertedUsers)} users and ${fmt(seeded.insertedEntries)} entries in ${fmt(seeded.ms / 1000, 1)} s.`,
    '',
  );
}

if (load) {
  out.push('## API throughput', '');
  out.push(
    `autocannon ${autocannonVersion} in a separate process, ${load.durationS} s per cell after a 1 s warm-up, on loopback; the real API (\`api/src/main.ts\`, NODE_ENV=production, ` +
      `${load.apiWorkers} process, LOG_LEVEL=${load.logLevel}, rate limits raised) on PostgreSQL, signed in as the 10-year user. ` +
      `Ceilings measured in the same run: \`bench/hello-server.ts\` (a hello-world route on the same @hono/node-server setup) and, for each endpoint, pgbench (\`-M prepared\`, same client count) running that endpoint's own statements as one transaction: the session check with the data version, then its query (\`endpointSql\` in bench/api-load.ts). Latencies in ms.`,
    '',
  );
  out.push(
    table(
      ['target', 'connections', 'req/s', 'p50', 'p99', 'errors', 'non-2xx', 'requests'],
      load.rows.map((r) => [r.target, r.connections, fmt(r.rps), lat(r.p50), lat(r.p99), r.errors, r.non2xx, fmt(r.total)]),
    ),
    '',
  );
  out.push('### Each endpoint as a share of its ceilings', '');
  const rows: (string | number)[][] = [];
  for (const e of ENDPOINTS) {
    for (const c of load.connections) {
      const r = rowOf(load.rows, e, c);
      const h = rowOf(load.rows, HELLO, c);
      const p = rowOf(load.rows, CEILING[e], c);
      if (r) rows.push([e, c, fmt(r.rps), p ? pct(r.rps / p.rps) : 'n/a', h ? pct(r.rps / h.rps) : 'n/a', lat(r.p99)]);
    }
  }
  out.push(table(['endpoint', 'connections', 'req/s', 'of pgbench on its own SQL', 'of hello-world', 'p99 ms'], rows), '');
  const post16 = rowOf(load.rows, ENDPOINTS[2], 16);
  const postSql16 = rowOf(load.rows, CEILING[ENDPOINTS[2]], 16);
  out.push(
    "### Where a request's time goes",
    '',
    'Profiles (`node --cpu-prof`) of the API under 16 connections of GET /api/users/me. Before each process kept the sessions it ' +
      'had checked, a quarter of its CPU went to node-postgres (the session query every signed-in request made first, then ' +
      'parsing its row) and the process waited on PostgreSQL between requests. Now a checked session is kept for up to 5 s and ' +
      "dropped on the database's notice of any change to that user (`SESSION_CACHE_MS`, README), so a read whose answer is " +
      'kept makes no query at all. What was left then, about 95 µs of CPU a request: writing the answer to the socket (writev, ' +
      "37 % of the process's time), the access token's HMAC (12 %) and the headers (10 %: the request id, security and CORS " +
      'headers were set on the finished answer, turning its header list into a Headers object that @hono/node-server then ' +
      "copied out again), then JSON (3 %) and routing (3 %). Now a signature checked once is remembered by the token's text and " +
      'the hot answers are built once with every header of their request: about 50 µs a request, nearly half of it writev (46 %, ' +
      "the kernel's loopback TCP), the rest spread thin (routing 3 %, the header record 1.5 %, the token lookup 1 %)." +
      (post16 && postSql16
        ? ' POST /api/weights (16 connections saving for one user, the hardest case): every save used to move the data version on' +
          " the user's row and send the change notice inside its transaction, so each held that row, and PostgreSQL's one" +
          ' database-wide notice lock, until its WAL flush was done: the saves were flushed one at a time. pgbench on that SQL, one' +
          ' user at 16 clients, measured once: 3,400 tps, p99 22 ms; with 16 users 4,800 tps, p99 11 ms (the notice lock alone).' +
          " Now the version is the sum of the user's slots (one per database connection, written from one sequence) and the" +
          ' notice is sent after the commit, batched per process, in a transaction that does not wait for the disk: the same' +
          ' pgbench reaches 14,000 tps, p99 3.7 ms, for one user. In the API a profile of the saves then showed a tenth of the CPU' +
          " building a WHATWG Request for the body (now read from Node's request) and every save re-reading the session (a change" +
          ` of entries now only makes the kept data version stale). Its p99 at 16 connections is ${lat(post16.p99)} ms; pgbench on its` +
          ` statements, ${lat(postSql16.p99)} ms.`
        : ''),
    '',
  );
  if (load.scaling.length) {
    out.push('### Other setups', '');
    out.push(
      'GET /api/weights (1 year) with several API processes on PostgreSQL (API_WORKERS, the cluster module) and with the read cache off (every request reads PostgreSQL); and every endpoint on the embedded PGlite database `npm start` uses without DATABASE_URL (one user with a year of daily entries, so its weekly averages span that year, not ten). Compared with the one-process row of the same endpoint on PostgreSQL above.',
      '',
    );
    out.push(
      table(
        ['setup', 'endpoint', 'connections', 'req/s', 'vs 1 process on PostgreSQL', 'p99 ms', 'non-2xx'],
        load.scaling.map((r) => {
          const one =
            r.endpoint === ENDPOINTS[1] && r.setup.startsWith('embedded') ? undefined : rowOf(load!.rows, r.endpoint, r.connections);
          return [r.setup, r.endpoint, r.connections, fmt(r.rps), one ? `${fmt(r.rps / one.rps, 2)}×` : 'n/a', lat(r.p99), r.non2xx];
        }),
      ),
      '',
    );
    const cpuRows: (string | number)[][] = [];
    const cores = (x: number) => fmt(x, 2);
    const cpuRow = (label: string, c: number, rps: number, cpu?: CpuShares) => {
      if (cpu)
        cpuRows.push([label, c, fmt(rps), cores(cpu.api), cores(cpu.postgres), cores(cpu.loadgen), cores(cpu.other), cores(cpu.idle)]);
    };
    for (const c of load.connections.filter((x) => x > 1)) {
      const one = rowOf(load.rows, ENDPOINTS[0], c);
      if (one) cpuRow('GET /api/weights (1 year), 1 process', c, one.rps, one.cpu);
      for (const r of load.scaling.filter((x) => x.connections === c && x.setup.includes('API_WORKERS')))
        cpuRow(`GET /api/weights (1 year), ${r.setup.split(', ')[1]}`, c, r.rps, r.cpu);
      const me = rowOf(load.rows, ENDPOINTS[3], c);
      if (me) cpuRow('GET /api/users/me, 1 process', c, me.rps, me.cpu);
      const post = rowOf(load.rows, ENDPOINTS[2], c);
      if (post) cpuRow('POST /api/weights, 1 process', c, post.rps, post.cpu);
    }
    if (cpuRows.length) {
      out.push('### Where the CPU went', '');
      out.push(
        `Busy cores of this ${os.cpus().length}-core machine during each measurement, read from /proc: the API's processes, PostgreSQL's (every backend), the load generator (autocannon, as it measured itself), anything else, and idle. When the API's share cannot grow because the load generator and PostgreSQL hold the rest of the cores, more API processes cannot raise throughput on this machine.`,
        '',
      );
      out.push(table(['measurement', 'connections', 'req/s', 'API', 'PostgreSQL', 'load generator', 'other', 'idle'], cpuRows), '');
    }
  }
}

if (plans) {
  out.push('## Query plans (10-year user)', '');
  out.push(
    'The SQL is captured from the repository functions (`api/src/repositories/weights.ts`) through a drizzle logger and explained with the same parameters: `EXPLAIN (ANALYZE, BUFFERS)`, second execution.',
    '',
  );
  out.push(
    table(
      ['query', 'execution', 'check'],
      plans.map((p) => [
        p.name,
        `${fmt(p.executionMs, 3)} ms`,
        `index used: ${p.indexUsed ? 'yes' : 'no'}, seq scan on weight_entries: ${p.seqScan ? 'yes' : 'no'}`,
      ]),
    ),
    '',
  );
  for (const p of plans) {
    out.push(
      `<details><summary>${p.name}</summary>`,
      '',
      '```sql',
      p.sql,
      `-- params: ${JSON.stringify(p.params)}`,
      '```',
      '',
      '```',
      p.plan,
      '```',
      '',
      `index used: ${p.indexUsed ? 'yes' : 'no'}, seq scan on weight_entries: ${p.seqScan ? 'yes' : 'no'}`,
      '',
      '</details>',
      '',
    );
  }
}

if (front) {
  out.push('## Pages', '');
  out.push(
    `Headless Chromium (e2e/lib/browser.ts flags, 1280×800), signed in as ${front.user} (3 years of entries) through sessionStorage. ` +
      `**federated** = the production build served by \`scripts/start.ts\` (shell + four remotes behind the shell's proxy, against the bench database); ` +
      `**single bundle** = \`bench/single-bundle/\`: the same shell entry and the remotes' screen components compiled into one non-federated bundle, served by the same \`createShellServer\`. ` +
      `Cold = a new browser context; warm = reload in the same context (the browser then writes each script's code cache: it compiles at once the functions that ran on the first load and stores them); hot = the next reload, which reads those caches, as later visits do. Medians of ${front.runs} runs each, the two builds alternating run by run so that drift in the machine's speed moves both alike, and which of them goes first alternating too.`,
    '',
    "**Time to chart** = from navigation start to the first drawing call on the weight graph's canvas, once the next animation frame finds drawn pixels there (getImageData); chart.js then animates for 500 ms. The page tells the bench through a binding: nothing of the bench's runs in the page while it loads, and the bench listens to none of its responses then (headers and API bytes are read on loads of their own, below). " +
      '**JS raw** = decoded body bytes; **JS compressed** = encoded body bytes (as served: brotli/gzip or identity); **JS transferred** = bytes over the network including headers (0 for a cache hit), all from Resource Timing. **Requests** = every resource plus the document; **network** = those not served from the HTTP cache.',
    '',
  );
  const rows: (string | number)[][] = [];
  for (const v of VARIANTS)
    for (const page of PAGES)
      for (const cache of ['cold', 'warm', 'hot'] as const) {
        const r = resultOf(v, page, cache);
        if (!r?.samples.length) {
          rows.push([v, page, cache, 'n/a', '', '', '', '', '', '', '']);
          continue;
        }
        const m = (k: keyof PageSample) => median(r.samples.map((x) => x[k] as number));
        rows.push([
          v,
          page,
          cache,
          ms(m('chartMs')),
          ms(m('domContentLoadedMs')),
          kb(m('jsRaw')),
          kb(m('jsEncoded')),
          kb(m('jsTransferred')),
          fmt(m('jsRequests')),
          fmt(m('requests')),
          fmt(m('networkRequests')),
        ]);
      }
  out.push(
    table(
      [
        'build',
        'page',
        'cache',
        'time to chart',
        'DOMContentLoaded',
        'JS raw',
        'JS compressed',
        'JS transferred',
        'JS files',
        'requests',
        'network',
      ],
      rows,
    ),
    '',
  );

  out.push('### Time to chart, federated ÷ single bundle', '');
  out.push(
    "The ratio of the two medians, and how sure it is: the 95 % interval over 4,000 resamplings of the runs, each run's pair of loads kept together (bench/lib/stats.ts). Targets: ≤ 1.1× cold, ≤ 1.05× warm.",
    '',
  );
  const ratioRows: (string | number)[][] = [];
  for (const { page, cache, fed, one } of measuredPairs()) {
    const chart = (r: PageResult) => r.samples.map((x) => x.chartMs);
    const ci = chartInterval(fed, one);
    ratioRows.push([
      page,
      cache,
      `${fmt(median(chart(fed)) / median(chart(one)), 3)}×`,
      ci ? `${fmt(ci[0], 3)}–${fmt(ci[1], 3)}×` : 'n/a',
      cache === 'cold' ? '≤ 1.1×' : cache === 'warm' ? '≤ 1.05×' : '',
    ]);
  }
  out.push(table(['page', 'cache', 'ratio of medians', '95 % interval', 'target'], ratioRows), '');

  out.push('### Returning visits', '');
  out.push(
    `What someone coming back sees, timed apart from the loads above (${front.revisits[0]?.samples.length ?? 0} runs per build and page, the builds alternating): a first visit, a reload, then the visit timed. ` +
      "The federated page is by then controlled by its service worker (installed a few seconds after the first visit), stopped in the meantime as after a while away: its scripts and styles are read from the worker's caches without it (static routes), the page and the API's answers through it once it has started. The single bundle has no worker; its visit reads its code caches (hot).",
    '',
  );
  const revisitRows: (string | number)[][] = [];
  for (const page of PAGES) {
    const fed = resultOf('federated', page, 'hot', front.revisits);
    const one = resultOf('single bundle', page, 'hot', front.revisits);
    if (!fed?.samples.length || !one?.samples.length) {
      revisitRows.push([page, 'n/a', 'n/a', 'n/a', 'n/a']);
      continue;
    }
    const chart = (r: PageResult) => median(r.samples.map((x) => x.chartMs));
    const ci = chartInterval(fed, one);
    revisitRows.push([
      page,
      ms(chart(fed)),
      ms(chart(one)),
      `${fmt(chart(fed) / chart(one), 3)}×`,
      ci ? `${fmt(ci[0], 3)}–${fmt(ci[1], 3)}×` : 'n/a',
    ]);
  }
  out.push(table(['page', 'federated, worker stopped', 'single bundle', 'ratio of medians', '95 % interval'], revisitRows), '');

  out.push("### Where a load's time goes", '');
  out.push(
    'Medians of the same timed loads, in ms from navigation start, of when each reached each start-up milestone: **responded** = the first byte of the page (responseStart; the federated page is sent once its server has asked the route remote for its manifest); **parsed** = the page parsed (domInteractive: its deferred scripts run from here); ' +
      "**start** = the shell's first statement (its reads sent); **modules** = every module of the app loaded and run (in the federated page, once the federation runtime has agreed on the shared modules and their scripts have run); " +
      "**render** = React asked to render; **screen** = the route's screen committed; **app** = the app's first frame; **chart** = the chart's first pixels. " +
      "The shell marks its own milestones (User Timing, `shell/src/startupMarks.ts`), so the browser's performance timeline shows them too. The row under each pair is the federated build's lead (−) or lag (+) at each milestone.",
    '',
  );
  const stageRows: (string | number)[][] = [];
  for (const { page, cache, fed, one } of measuredPairs()) {
    const [a, b] = [milestoneMedians(fed), milestoneMedians(one)];
    stageRows.push([page, cache, 'federated', ...MILESTONES.map((k) => ms(a[k]))]);
    stageRows.push(['', '', 'single bundle', ...MILESTONES.map((k) => ms(b[k]))]);
    stageRows.push(['', '', 'difference', ...MILESTONES.map((k) => signedMs(a[k] - b[k]))]);
  }
  out.push(table(['page', 'cache', 'build', ...MILESTONES], stageRows), '');

  out.push('### One React, one react-dom', '');
  out.push(
    'Renderers = react-dom renderers registered with a `__REACT_DEVTOOLS_GLOBAL_HOOK__` installed before any script (as e2e/tests/foundation.e2e.ts does). "Copies loaded from" = the apps whose shared chunks for that package (from each app\'s mf-manifest.json) were all loaded.',
    '',
  );
  const rrows: (string | number)[][] = [];
  for (const r of front.results) {
    const s = r.samples[0];
    if (!s) continue;
    const once =
      s.renderers.length === 1 &&
      (r.variant !== 'federated' || (s.sharedFrom.react?.length === 1 && s.sharedFrom['react-dom']?.length === 1));
    rrows.push([
      r.variant,
      r.page,
      r.cache,
      s.renderers.join(', ') || 'none',
      r.variant === 'federated' ? (s.sharedFrom.react ?? []).join(', ') : 'bundled',
      r.variant === 'federated' ? (s.sharedFrom['react-dom'] ?? []).join(', ') : 'bundled',
      once ? 'yes' : '**no**',
    ]);
  }
  out.push(
    table(['build', 'page', 'cache', 'renderers', 'react copies loaded from', 'react-dom copies loaded from', 'exactly once'], rrows),
    '',
  );

  out.push('### Compression and caching seen by the browser (cold loads, JS responses)', '');
  out.push(
    `Read on loads of their own (${front.surveys[0]?.samples.length ?? 0} per build and page) that listen to every response; the timed loads above do not, since that listening slows the page with more requests more.`,
    '',
  );
  const enc: (string | number)[][] = [];
  for (const r of front.surveys.filter((x) => x.cache === 'cold')) {
    const s = r.samples[0];
    if (!s) continue;
    enc.push([
      r.variant,
      r.page,
      Object.entries(s.encodings ?? {})
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
      Object.entries(s.cacheControl ?? {})
        .map(([k, v]) => `${k} (${v})`)
        .join('; '),
    ]);
  }
  out.push(table(['build', 'page', 'content-encoding (files)', 'cache-control (files)'], enc), '');

  out.push('### API bytes per screen load', '');
  out.push(
    "The screen's calls to the API in the federated build (medians of the surveyed loads): a first visit, a reload, and a returning visit: a load once the service worker installed by the first visit controls the page and has read the screen's answers through its cache, as on every visit after the first. Moved = headers and bodies as sent (compressed when the browser accepts it; a 304 moves headers only); without compression or conditional requests = the same answers' bodies unpacked, what every load moved before responses were compressed and list reads answered 304.",
    '',
  );
  const apiRows: (string | number)[][] = [];
  const visits = [
    ...front.surveys.filter((x) => x.variant === 'federated').map((r) => ({ r, label: r.cache === 'cold' ? 'first visit' : 'reload' })),
    ...(front.returning ?? []).map((r) => ({ r, label: 'returning visit (worker holding the answers)' })),
  ].sort((a, b) => a.r.page.localeCompare(b.r.page));
  for (const { r, label } of visits.filter((v) => v.r.samples.length)) {
    const med = (k: 'apiRequests' | 'apiUncompressed') => median(r.samples.map((x) => x[k]));
    apiRows.push([
      r.page,
      label,
      fmt(med('apiRequests')),
      fmt(surveyed(r, 'api304')),
      kb(surveyed(r, 'apiTransferred')),
      kb(med('apiUncompressed')),
    ]);
  }
  out.push(table(['page', 'load', 'API calls', 'answered 304', 'moved', 'without compression or 304'], apiRows), '');
}

if (front?.slow3g.length) {
  out.push('## Slow 3G', '');
  out.push(
    "One cold load per build and page with Chromium's network emulation at DevTools' Slow 3G preset (2,000 ms round trip, 50 kB/s each way), " +
      "from the shell's own server (HTTP/1.1: the browser opens at most six connections to it, and a file waits for one to free) and from " +
      'nginx in front of the same servers, over TLS with HTTP/2 (every file on one connection), as a deployment serves them (bench/lib/h2Front.ts). ' +
      'First paint = first-contentful-paint (the static skeleton of index.html); app = the first frame at which the app has replaced it; chart = as above.',
    '',
  );
  out.push(
    table(
      ['protocol', 'build', 'page', 'first paint', 'app', 'chart', 'transferred'],
      front.slow3g.map((r) => [r.protocol, r.variant, r.page, ms(r.fcpMs), ms(r.appMs), ms(r.chartMs), kb(r.transferred)]),
    ),
    '',
  );
}

if (front?.lighthouse.length) {
  out.push('## Lighthouse', '');
  out.push(
    `Lighthouse ${JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version} on the federated build in the same Chromium, ` +
      'signed in once with Remember me (storage kept between runs, so the dashboards restore the session as a returning visit does). ' +
      "Mobile is Lighthouse's default (Moto G class, simulated slow 4G and 4x CPU slowdown); desktop its desktop preset. " +
      `Each page ${front.lighthouse[0]?.performanceRuns.length ?? 1} times: the row is the run with the median performance score (every run's score in brackets); the other categories are the lowest of the runs. ` +
      'Targets: mobile performance >= 90, accessibility 100, best practices 100, SEO >= 95.',
    '',
  );
  out.push(
    table(
      [
        'form factor',
        'page',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'points lost (not performance)',
      ],
      front.lighthouse.map((r) => [
        r.formFactor,
        r.page,
        `${r.scores.performance} (${r.performanceRuns.join(', ')})`,
        r.scores.accessibility,
        r.scores['best-practices'],
        r.scores.seo,
        ms(r.fcpMs),
        ms(r.lcpMs),
        ms(r.tbtMs),
        fmt(r.cls, 3),
        r.failing.join(', ') || '—',
      ]),
    ),
    '',
  );
}

if (front?.redraws.length) {
  out.push('## Weight graph redraw with years of data', '');
  out.push(
    'The overview on "All Time" for the same user, redrawn 10 times per run by ticking "Show trend" (model rebuilt: thinning, trend, goal, then `chart.update()` and its 500 ms animation). ' +
      "Scripting is Chromium's `ScriptDuration` (Performance.getMetrics) over the 10 redraws ÷ 10; sync is the median time from the click to the next animation frame.",
    '',
  );
  out.push(
    table(
      ['width', 'entries', 'drawn', 'scripting per redraw (median)', 'runs', 'click → next frame (median)'],
      front.redraws.map((r) => [
        `${r.width} px`,
        fmt(r.entries),
        fmt(r.drawn),
        `${fmt(median(r.scriptingMs), 1)} ms`,
        r.scriptingMs.map((x) => x.toFixed(1)).join(', '),
        `${fmt(median(r.syncMs), 1)} ms`,
      ]),
    ),
    '',
  );
}

if (builds) {
  out.push('## Production build time', '');
  out.push(`\`rspack build --mode production\` per app (precompression excluded), ${builds[0]?.runsMs.length ?? 0} runs, median.`, '');
  out.push(
    table(
      ['app', 'median', 'runs'],
      builds.map((b) => [b.app, `${fmt(b.medianMs / 1000, 2)} s`, b.runsMs.map((x) => (x / 1000).toFixed(2)).join(', ')]),
    ),
    '',
  );
}

out.push('## Re-running', '');
out.push(
  '```sh',
  'npm run bench            # everything, writes bench/RESULTS.md (PostgreSQL on 127.0.0.1:5432, Chromium at /usr/bin/chromium)',
  'npx tsx bench/seed.ts --users 1000 --years 3 --long-years 10   # seed only (idempotent)',
  'npx tsx bench/plans.ts   # query plans only',
  'npx tsx bench/api-load.ts   # API load and ceilings only',
  '```',
  '',
  'Environment: `BENCH_USERS`, `BENCH_YEARS`, `BENCH_LONG_YEARS` (seed), `BENCH_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/weight_bench, created if missing), ' +
    '`BENCH_CONNECTIONS` (1,16,64), `BENCH_DURATION` (5 s), `BENCH_API_WORKERS` (1), `BENCH_API_LOG_LEVEL` (warn), `BENCH_BUILD_RUNS` (3), `BENCH_PAGE_RUNS` (40), `BENCH_SURVEY_RUNS` (3: loads that read headers and API bytes, and the returning visits), `BENCH_REVISIT_RUNS` (12: timed returning visits), `BENCH_LH_RUNS` (3), `BENCH_PAGES_ONLY=1` (no redraw or Lighthouse), `BENCH_SLOW3G=0`, `BENCH_SHELL_PORT` (3610; API on +1000, remotes +1…+4, single bundle +10), `BENCH_VERBOSE=1` (child output).',
  '',
);
if (failures.length) out.push('## Measurements that could not be taken', '', ...failures.map((f) => `- ${f.split('\n')[0]}`), '');

writeFileSync(path.join(BENCH_DIR, 'RESULTS.md'), out.join('\n'));
/** Flat, stable keys for scripts that compare runs (api.<endpoint>.c<connections>.<figure>, federation.<page>.<cache>.<ratio>). */
function figures(): Record<string, number> {
  const f: Record<string, number> = {};
  for (const r of load?.rows ?? []) {
    const e = ENDPOINTS.find((x) => x === r.target);
    if (!e) continue;
    const base = `api.${ENDPOINT_KEYS[e]}.c${r.connections}`;
    f[`${base}.rps`] = r.rps;
    f[`${base}.p99_ms`] = r.p99;
    const ceiling = rowOf(load!.rows, CEILING[e], r.connections);
    if (ceiling) f[`${base}.share_of_sql_ceiling`] = r.rps / ceiling.rps;
    const hello = rowOf(load!.rows, HELLO, r.connections);
    if (hello) f[`${base}.share_of_hello`] = r.rps / hello.rps;
  }
  for (const { page, cache, fed, one } of measuredPairs()) {
    const m = (res: PageResult, k: keyof PageSample) => median(res.samples.map((x) => x[k] as number));
    const base = `federation.${page.split('/').pop()}.${cache}`;
    f[`${base}.bytes_ratio`] = m(fed, 'jsEncoded') / m(one, 'jsEncoded');
    f[`${base}.requests_ratio`] = m(fed, 'requests') / m(one, 'requests');
    f[`${base}.time_ratio`] = m(fed, 'chartMs') / m(one, 'chartMs');
    const ci = chartInterval(fed, one);
    if (ci) [f[`${base}.time_ratio_low`], f[`${base}.time_ratio_high`]] = ci;
    const [fedAt, oneAt] = [milestoneMedians(fed), milestoneMedians(one)];
    for (const k of MILESTONES) {
      if (Number.isFinite(fedAt[k])) f[`${base}.milestone_ms.${k}.federated`] = fedAt[k];
      if (Number.isFinite(oneAt[k])) f[`${base}.milestone_ms.${k}.single`] = oneAt[k];
    }
    f[`api_bytes.${page.split('/').pop()}.${cache}.uncompressed`] = m(fed, 'apiUncompressed');
    const fedSurvey = surveyOf('federated', page, cache);
    if (fedSurvey?.samples.length) {
      f[`api_bytes.${page.split('/').pop()}.${cache}.transferred`] = surveyed(fedSurvey, 'apiTransferred');
      f[`api_bytes.${page.split('/').pop()}.${cache}.answered_304`] = surveyed(fedSurvey, 'api304');
    }
    const again = front?.returning?.find((x) => x.page === page);
    if (cache === 'warm' && again?.samples.length) {
      f[`api_bytes.${page.split('/').pop()}.returning.transferred`] = surveyed(again, 'apiTransferred');
      f[`api_bytes.${page.split('/').pop()}.returning.answered_304`] = surveyed(again, 'api304');
    }
  }
  const cpuFigures = (base: string, cpu?: CpuShares) => {
    if (!cpu) return;
    for (const k of ['api', 'postgres', 'loadgen', 'other', 'idle'] as const) f[`${base}.cpu_cores.${k}`] = cpu[k];
  };
  for (const r of load?.rows ?? []) {
    const e = ENDPOINTS.find((x) => x === r.target);
    if (e) cpuFigures(`api.${ENDPOINT_KEYS[e]}.c${r.connections}`, r.cpu);
  }
  for (const r of load?.scaling ?? []) {
    const key = r.setup.startsWith('embedded') ? 'embedded' : r.setup.includes('READ_CACHE_MB=0') ? 'uncached' : 'workers';
    const endpoint = ENDPOINT_KEYS[r.endpoint as (typeof ENDPOINTS)[number]] ?? 'weights_1y';
    f[`api.${endpoint}.${key}.c${r.connections}.rps`] = r.rps;
    f[`api.${endpoint}.${key}.c${r.connections}.p99_ms`] = r.p99;
    cpuFigures(`api.${endpoint}.${key}.c${r.connections}`, r.cpu);
    const one = rowOf(load!.rows, ENDPOINTS[0], r.connections);
    if (one && key === 'workers') f[`api.weights_1y.workers.c${r.connections}.speedup`] = r.rps / one.rps;
  }
  for (const r of front?.redraws ?? []) f[`graph.redraw_${r.width}px.scripting_ms`] = median(r.scriptingMs);
  // HTTP/1.1 keeps the keys of the runs before HTTP/2 was measured too
  const slow3gKey = (protocol: Slow3gRow['protocol']) => (protocol === 'HTTP/2' ? 'slow3g_h2' : 'slow3g');
  for (const r of front?.slow3g ?? []) {
    const base = `${slow3gKey(r.protocol)}.${r.variant === 'federated' ? 'federated' : 'single'}.${r.page.split('/').pop()}`;
    f[`${base}.first_paint_ms`] = r.fcpMs;
    f[`${base}.app_ms`] = r.appMs;
    f[`${base}.chart_ms`] = r.chartMs;
  }
  for (const page of PAGES) {
    for (const protocol of ['HTTP/1.1', 'HTTP/2'] as const) {
      const of = (variant: string) => front?.slow3g.find((r) => r.protocol === protocol && r.variant === variant && r.page === page);
      const [fed, one] = [of('federated'), of('single bundle')];
      if (fed && one) f[`federation.${page.split('/').pop()}.${slow3gKey(protocol)}.time_ratio`] = fed.chartMs / one.chartMs;
    }
    const [fedBack, oneBack] = [
      resultOf('federated', page, 'hot', front?.revisits),
      resultOf('single bundle', page, 'hot', front?.revisits),
    ];
    if (fedBack?.samples.length && oneBack?.samples.length) {
      const base = `federation.${page.split('/').pop()}.returning`;
      f[`${base}.time_ratio`] = median(fedBack.samples.map((x) => x.chartMs)) / median(oneBack.samples.map((x) => x.chartMs));
      const ci = chartInterval(fedBack, oneBack);
      if (ci) [f[`${base}.time_ratio_low`], f[`${base}.time_ratio_high`]] = ci;
    }
  }
  for (const r of front?.lighthouse ?? [])
    for (const [category, score] of Object.entries(r.scores))
      f[`lighthouse.${r.formFactor}.${r.page === '/' ? 'landing' : r.page.split('/').pop()}.${category}`] = score;
  return f;
}

// the same figures for tools: the headline as text plus the raw measurements
writeFileSync(
  path.join(BENCH_DIR, 'results.json'),
  JSON.stringify(
    {
      writtenAt: new Date().toISOString(),
      seconds: totalS,
      figures: figures(),
      headline: headline(),
      plans,
      load,
      builds,
      frontend: front,
      failures,
    },
    null,
    2,
  ) + '\n',
);
process.stderr.write(
  `bench: wrote bench/RESULTS.md in ${fmt(totalS, 0)} s${failures.length ? ` with ${failures.length} failure(s)` : ''}\n`,
);
for (const f of failures) process.stderr.write(`  ${f}\n`);
process.exit(failures.length ? 1 : 0);
