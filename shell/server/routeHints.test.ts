// @vitest-environment node
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_ROUTES, screenForPath as shellScreenForPath } from '../src/screens/remoteRoutes';
import { createShellServer } from './app';
import { bootTags, hintTags, remotesTag, screenForPath, withHints, type RemoteManifest, type RouteHintsOptions } from './routeHints';
import { serveDist } from './static';

const SHELL_BOOT =
  '<script defer src="/assets/app.shell.js" fetchpriority="high"></script><link rel="preload" href="/assets/app.shell.css" as="style" />' +
  '<script defer src="/assets/react.shell.js" fetchpriority="high"></script>';

/** Any tag that loads one of the overview remote's files. */
const OVERVIEW_HINT = /(src|href)="\/remotes\/overview\//;

// every remote but the one a test starts points at the discard port, where nothing listens
const NOWHERE = {
  MF_AUTH_PORT: '9',
  MF_OVERVIEW_PORT: '9',
  MF_ANALYTICS_PORT: '9',
  MF_SETTINGS_PORT: '9',
  API_UPSTREAM: 'http://127.0.0.1:9',
};

function manifest(release: string): RemoteManifest {
  const js = (...files: string[]) => ({ js: { sync: files }, css: { sync: [] as string[] } });
  return {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      {
        path: './Overview',
        assets: { js: { sync: [`assets/expose.${release}.js`] }, css: { sync: [`assets/expose.${release}.css`] } },
      },
    ],
    shared: [
      { name: 'react', assets: js(`assets/react.${release}.js`) },
      { name: '@app/kit/graph', assets: js(`assets/graph.${release}.js`, `assets/chart.${release}.js`) },
    ],
  };
}

describe('route hints', () => {
  it('know the same first screen for every path as the shell’s route table', () => {
    for (const path of [...REMOTE_ROUTES.map((r) => r.path), '/dashboard', '/dashboard/', '/', '/nowhere'])
      expect(screenForPath(path), path).toBe(shellScreenForPath(path));
  });

  it('run the entry, the exposed chunks and the shared chunks the shell lacks after the shell’s first script, and preload the styles', () => {
    const tags = hintTags({ url: '/remotes/overview/', name: 'mf_overview' }, manifest('r1'), 'Overview', new Set(['react']));
    expect(tags).toEqual([
      '<script defer src="/remotes/overview/remoteEntry.js" fetchpriority="high"></script>',
      '<link rel="preload" href="/remotes/overview/assets/expose.r1.css" as="style" fetchpriority="low" data-remote-style="mf_overview" />',
      '<script defer src="/remotes/overview/assets/expose.r1.js" fetchpriority="high" data-remote-chunk="mf_overview"></script>',
      '<script defer src="/remotes/overview/assets/graph.r1.js" fetchpriority="high" data-remote-chunk="mf_overview"></script>',
      '<script defer src="/remotes/overview/assets/chart.r1.js" fetchpriority="high" data-remote-chunk="mf_overview"></script>',
    ]);
    expect(withHints('<html><head><title>x</title></head><body></body></html>', ['<link a />'])).toBe(
      '<html><head><title>x</title><link a /></head><body></body></html>',
    );
  });

  it('hint a remote on another origin at its own URL, and escape what they quote', () => {
    const tags = hintTags(
      { url: 'https://cdn.example.com/overview/v"2/', name: 'mf_overview' },
      manifest('r1'),
      'Overview',
      new Set(['react', '@app/kit/graph']),
    );
    expect(tags[0]).toBe('<script defer src="https://cdn.example.com/overview/v&quot;2/remoteEntry.js" fetchpriority="high"></script>');
    expect(tags.join('')).not.toContain('graph.r1.js');
  });

  it('name the remotes for the page, and its first screen, in a data block that cannot close its own tag', () => {
    expect(remotesTag([{ name: 'mf_overview', entry: '/remotes/overview/remoteEntry.r1.js' }])).toBe(
      '<script type="application/json" id="remotes">{"remotes":[{"name":"mf_overview","entry":"/remotes/overview/remoteEntry.r1.js"}]}</script>',
    );
    expect(
      remotesTag([{ name: 'mf_overview', entry: '/remotes/overview/remoteEntry.r1.js' }], {
        path: '/dashboard',
        screen: 'mf_overview/Overview',
      }),
    ).toContain('"path":"/dashboard","screen":"mf_overview/Overview"}</script>');
    const hostile = remotesTag([{ name: 'x', entry: 'https://cdn.example.com/</script><script>alert(1)</script>' }]);
    expect(hostile).not.toContain('</script><script>');
    expect(JSON.parse(hostile.slice(hostile.indexOf('>') + 1, hostile.lastIndexOf('<')))).toEqual({
      remotes: [{ name: 'x', entry: 'https://cdn.example.com/</script><script>alert(1)</script>' }],
    });
  });
});

describe('the shell’s start-up hints', () => {
  it('name the app’s chunk and every shared module’s files once, but not what only a later action loads', () => {
    const kit = {
      name: '@app/kit',
      assets: { js: { sync: ['assets/dialog.js', 'assets/kit.js', 'assets/libs.js'] }, css: { sync: ['assets/kit.css'] } },
    };
    const react = { name: 'react', assets: { js: { sync: ['assets/react.js'] }, css: { sync: [] } } };
    const reactDom = { name: 'react-dom', assets: { js: { sync: ['assets/react.js'] }, css: { sync: [] } } };
    expect(
      bootTags({ shared: [kit, react, reactDom] }, ['assets/app.js', 'assets/app.css'], ['assets/dialog.js', 'assets/dialog.css']),
    ).toEqual([
      '<script defer src="/assets/app.js" fetchpriority="high"></script>',
      '<link rel="preload" href="/assets/app.css" as="style" />',
      '<script defer src="/assets/kit.js" fetchpriority="high"></script>',
      '<script defer src="/assets/libs.js" fetchpriority="high"></script>',
      '<link rel="preload" href="/assets/kit.css" as="style" />',
      '<script defer src="/assets/react.js" fetchpriority="high"></script>',
    ]);
  });
});

describe('the shell’s page with route hints', () => {
  const remoteDist = mkdtempSync(path.join(os.tmpdir(), 'remote-dist-'));
  const shellDist = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  let remote: ReturnType<typeof serve>;
  let port = 0;
  const requests: string[] = [];

  beforeAll(async () => {
    writeFileSync(path.join(remoteDist, 'mf-manifest.json'), JSON.stringify(manifest('r1')));
    mkdirSync(path.join(shellDist, 'assets'));
    writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head><title>W</title></head><body></body></html>');
    writeFileSync(
      path.join(shellDist, 'mf-manifest.json'),
      JSON.stringify({
        ...manifest('shell'),
        shared: [{ name: 'react', assets: { js: { sync: ['assets/react.shell.js'] }, css: { sync: [] } } }],
      }),
    );
    writeFileSync(path.join(shellDist, 'boot-assets.json'), JSON.stringify({ files: ['assets/app.shell.js', 'assets/app.shell.css'] }));
    const app = new Hono();
    app.use('*', async (c, next) => {
      requests.push(`${c.req.path} ${c.req.header('if-none-match') ? 'revalidate' : 'fresh'}`);
      await next();
    });
    app.use('*', serveDist(remoteDist));
    await new Promise<void>((resolve) => {
      remote = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(() => remote?.close());
  /** The shell's server with the overview at the test's remote and every other remote nowhere. */
  const shellFor = (routeHints?: RouteHintsOptions) =>
    createShellServer({ distDir: shellDist, env: { ...NOWHERE, MF_OVERVIEW_PORT: String(port) }, log: () => {}, routeHints });

  it('names the other routes’ remotes as last checked, without asking them again for each page', async () => {
    const shell = shellFor();
    // the overview's own page reads its manifest before it goes out
    const first = await (await shell.request('/dashboard/overview')).text();
    const asked = requests.length;
    for (let i = 0; i < 3; i++) {
      const other = await (await shell.request('/dashboard/settings')).text();
      expect(other).toContain('{"name":"mf_overview","entry":"/remotes/overview/remoteEntry.js"}');
      expect(other).not.toContain('/remotes/overview/assets/');
    }
    expect(requests.length).toBe(asked);
    expect(first).toContain('"screen":"mf_overview/Overview"');
  });

  it('has the pages of a route that come within a moment share one check of its remote, and checks it again after', async () => {
    const shell = shellFor({ sharedCheckMs: 600 });
    const first = await (await shell.request('/dashboard/overview')).text();
    expect(first).toContain('graph.r1.js');
    const asked = requests.length;
    // a burst of loads: none waits for the remote's server, and each names what the first one's check found
    for (let i = 0; i < 3; i++) {
      const res = await shell.request('/dashboard/overview');
      expect(await res.text()).toBe(first);
    }
    expect(requests.length).toBe(asked);

    // the remote redeployed alone (a manifest written in a later second); once the moment is over, the next load asks
    await new Promise((r) => setTimeout(r, 1100));
    writeFileSync(path.join(remoteDist, 'mf-manifest.json'), JSON.stringify(manifest('r3')));
    const next = await (await shell.request('/dashboard/overview')).text();
    expect(requests.slice(asked)).toEqual(['/mf-manifest.json revalidate']);
    expect(next).toContain('graph.r3.js');
    expect(next).not.toContain('graph.r1.js');

    // as the next tests expect it
    await new Promise((r) => setTimeout(r, 1100));
    writeFileSync(path.join(remoteDist, 'mf-manifest.json'), JSON.stringify(manifest('r1')));
  });

  it('hints the route’s remote, follows a redeployed remote on the next load, and goes without when it is down', async () => {
    // every page checks (no burst shares one), as the first load after a quiet moment does
    const shell = shellFor({ sharedCheckMs: 0 });
    const first = await shell.request('/dashboard/overview');
    const html = await first.text();
    // the shell registers each remote at its current entry, read from the page: no remotes.json, no manifest fetch
    expect(html).toContain('{"name":"mf_overview","entry":"/remotes/overview/remoteEntry.js"}');
    expect(html).toContain('{"name":"mf_settings","entry":"/remotes/settings/mf-manifest.json"}');
    expect(html).toContain('<script defer src="/remotes/overview/remoteEntry.js" fetchpriority="high"></script>');
    expect(html).toContain('src="/remotes/overview/assets/graph.r1.js"');
    expect(html).toContain('"path":"/dashboard/overview","screen":"mf_overview/Overview"}');
    expect(html).not.toContain('react.r1.js');
    expect(html).toContain(SHELL_BOOT);
    expect(html.indexOf(SHELL_BOOT)).toBeLessThan(html.indexOf('src="/remotes/overview/'));
    expect(html.indexOf('graph.r1.js')).toBeLessThan(html.indexOf('</head>'));

    // an unchanged remote: revalidated (304 upstream), the same page and tag
    const again = await shell.request('/dashboard/overview', { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(requests.slice(-1)).toEqual(['/mf-manifest.json revalidate']);

    // the remote redeployed alone (a manifest written in a later second): the next load hints its new files
    await new Promise((r) => setTimeout(r, 1100));
    writeFileSync(path.join(remoteDist, 'mf-manifest.json'), JSON.stringify(manifest('r2')));
    const redeployed = await shell.request('/dashboard/overview', { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(redeployed.status).toBe(200);
    expect(await redeployed.text()).toContain('graph.r2.js');

    // every page names the shell's own boot files; another route's remote, or none, gets no overview hints
    for (const page of ['/dashboard/settings', '/', '/login']) {
      const other = await (await shell.request(page)).text();
      expect(other).toContain(SHELL_BOOT);
      expect(other).not.toMatch(OVERVIEW_HINT);
    }

    // the page is compressed like the static files, and its tag is the same for every encoding of it
    const br = await shell.request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(SHELL_BOOT);
    const plain = await shell.request('/', { headers: { 'If-None-Match': br.headers.get('etag')! } });
    expect(plain.status).toBe(304);

    remote.close();
    const down = await shell.request('/dashboard/overview');
    expect(down.status).toBe(200);
    const downHtml = await down.text();
    expect(downHtml).toContain(SHELL_BOOT);
    expect(downHtml).not.toMatch(OVERVIEW_HINT);
    // down: named at its manifest, which the shell then cannot read: the route shows its panel
    expect(downHtml).toContain('{"name":"mf_overview","entry":"/remotes/overview/mf-manifest.json"}');
  });

  it('serves a route’s pages even when a check of its remote never settles, and checks it again after', async () => {
    const up: Server = createServer((_, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(manifest('r1'))),
    );
    await new Promise<void>((resolve) => up.listen(0, '127.0.0.1', resolve));
    // a fetch whose promise neither resolves nor rejects, aborted or not: as one aborted while it read a body can be
    let settles = false;
    let asked = 0;
    const fetchManifest: typeof fetch = (input, init) => {
      if (String(input).includes(`:${(up.address() as AddressInfo).port}/`)) asked++;
      return settles ? fetch(input, init) : new Promise<Response>(() => {});
    };
    try {
      const shell = createShellServer({
        distDir: shellDist,
        env: { ...NOWHERE, MF_OVERVIEW_PORT: String((up.address() as AddressInfo).port) },
        log: () => {},
        routeHints: { fetch: fetchManifest, sharedCheckMs: 0 },
      });
      for (let page = 0; page < 2; page++) {
        const res = await shell.request('/dashboard/overview');
        expect(res.status).toBe(200);
        expect(await res.text()).not.toMatch(OVERVIEW_HINT);
      }
      // each page asked again: a check that never settled was not held on to
      expect(asked).toBeGreaterThanOrEqual(2);
      settles = true;
      expect(await (await shell.request('/dashboard/overview')).text()).toMatch(OVERVIEW_HINT);
    } finally {
      up.close();
    }
  });

  it('does not wait long for a remote that hangs', async () => {
    const hanging: Server = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const shell = createShellServer({
        distDir: shellDist,
        env: { ...NOWHERE, MF_OVERVIEW_PORT: String((hanging.address() as AddressInfo).port) },
        log: () => {},
      });
      // it never answers: waiting for it would fail this test by its timeout
      const res = await shell.request('/dashboard/overview');
      expect(res.status).toBe(200);
      expect(await res.text()).not.toMatch(OVERVIEW_HINT);
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});
