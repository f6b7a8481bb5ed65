// @vitest-environment node
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShellServer, contentSecurityPolicy } from './app';
import { remoteOrigins, remotesManifest } from './remotes';

function fakeDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets/main.0123456789.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'var x');
  return dir;
}

const env = { API_UPSTREAM: 'http://127.0.0.1:9' }; // nothing listens on the discard port

describe('shell server', () => {
  const app = createShellServer({ distDir: fakeDist(), env, clientIp: () => '203.0.113.9' });

  it('serves remotes.json from the environment, revalidated on every load (304 while unchanged)', async () => {
    const res = await app.request('/remotes.json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const tag = res.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    const again = await app.request('/remotes.json', { headers: { 'If-None-Match': tag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(await res.json()).toEqual({
      remotes: [
        { name: 'mf_auth', entry: '/remotes/auth/mf-manifest.json' },
        { name: 'mf_overview', entry: '/remotes/overview/mf-manifest.json' },
        { name: 'mf_analytics', entry: '/remotes/analytics/mf-manifest.json' },
        { name: 'mf_settings', entry: '/remotes/settings/mf-manifest.json' },
      ],
    });
  });

  it('answers deep links with the app page and a strict CSP', async () => {
    const res = await app.request('/dashboard/overview');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('an unknown address that looks like a file name is the app (its 400 page) to a person, and a 404 to a script', async () => {
    for (const p of ['/jane.doe', '/dashboard/overview.old']) {
      const visit = await app.request(p, { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml' } });
      expect(visit.status, p).toBe(200);
      expect(await visit.text()).toContain('<div id="root">');
      const typed = await app.request(p, { headers: { accept: 'text/html' } });
      expect(typed.status, p).toBe(200);
    }
    expect((await app.request('/favicon.ico', { headers: { 'sec-fetch-mode': 'no-cors', accept: 'image/*' } })).status).toBe(404);
    expect((await app.request('/robots.txt')).status).toBe(404);
    // a missing build file stays missing, however it is asked for
    expect((await app.request('/assets/missing.js', { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } })).status).toBe(404);
  });

  it('pages and files are read only: another method gets 405 naming GET and HEAD, in the error shape', async () => {
    for (const [method, p] of [
      ['PUT', '/'],
      ['POST', '/dashboard'],
      ['POST', '/login'],
      ['DELETE', '/remoteEntry.js'],
      ['DELETE', '/remotes/auth/remoteEntry.js'],
    ]) {
      const res = await app.request(p!, { method });
      expect(res.status, `${method} ${p}`).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect((await res.json()).error.message).toMatch(/GET or HEAD/);
    }
  });

  it('caches hashed assets for a year and revalidates unhashed ones', async () => {
    const hashed = await app.request('/assets/main.0123456789.js');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const entry = await app.request('/remoteEntry.js');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect((await app.request('/assets/missing.js')).status).toBe(404);
    // the files' folder never answers with the app's page, whatever follows it
    for (const p of ['/assets/%ff', '/assets//etc/passwd', '/assets/missing']) expect((await app.request(p)).status, p).toBe(404);
    expect((await app.request('/dashboard/%ff')).status).toBe(200);
    // a reload: the unchanged entry answers 304 to its tag and to its date, with the validators and no body
    const tag = entry.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"\d+-\w+"$/);
    const byTag = await app.request('/remoteEntry.js', { headers: { 'If-None-Match': tag } });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get('cache-control')).toBe('no-cache');
    expect(await byTag.text()).toBe('');
    const byDate = await app.request('/remoteEntry.js', { headers: { 'If-Modified-Since': entry.headers.get('last-modified')! } });
    expect(byDate.status).toBe(304);
    expect((await app.request('/remoteEntry.js', { headers: { 'If-None-Match': 'W/"1-other"' } })).status).toBe(200);
    const page = await app.request('/dashboard/analytics');
    const pageAgain = await app.request('/dashboard/analytics', { headers: { 'If-None-Match': page.headers.get('etag')! } });
    expect(pageAgain.status).toBe(304);
  });

  it('answers 503 in the API error shape, with charset and request id, when the API is down', async () => {
    const lines: Record<string, unknown>[] = [];
    const quiet = createShellServer({ distDir: fakeDist(), env, clientIp: () => '203.0.113.9', log: (l) => lines.push(l) });
    const res = await quiet.request('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({ error: { message: 'The service is unavailable. Try again in a moment.', details: [], requestId } });
    expect(lines).toEqual([expect.objectContaining({ msg: 'proxy', requestId, status: 503 })]);
  });
});

describe('remotes configuration', () => {
  it('lets one remote move to another origin, and allows that origin in the CSP', () => {
    const moved = { REMOTE_OVERVIEW_URL: 'https://cdn.example.com/overview/v42' };
    expect(remotesManifest(moved).remotes[1]).toEqual({
      name: 'mf_overview',
      entry: 'https://cdn.example.com/overview/v42/mf-manifest.json',
    });
    expect(remoteOrigins(moved)).toEqual(['https://cdn.example.com']);
    expect(contentSecurityPolicy(remoteOrigins(moved))).toContain("script-src 'self' https://cdn.example.com");
  });
});

describe('shell redeploys', () => {
  it('serves the new index.html after dist/ is replaced, without a restart', async () => {
    const dist = fakeDist();
    const app = createShellServer({ distDir: dist, env });
    expect(await (await app.request('/dashboard')).text()).toContain('<div id="root">');
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root" data-release="2"></div>');
    expect(await (await app.request('/dashboard')).text()).toContain('data-release="2"');
  });
});

describe('remote proxy', () => {
  it('passes a precompressed remote file through byte for byte, with its encoding', async () => {
    const { createServer } = await import('node:http');
    const { gzipSync } = await import('node:zlib');
    const body = gzipSync(Buffer.from('console.log("remote entry");'.repeat(50)));
    let seenEncoding: string | undefined;
    const upstream = createServer((req, res) => {
      seenEncoding = req.headers['accept-encoding'];
      res.writeHead(200, { 'content-type': 'application/javascript', 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as import('node:net').AddressInfo).port;
    try {
      const app = createShellServer({ distDir: fakeDist(), env: { REMOTE_OVERVIEW_UPSTREAM: `http://127.0.0.1:${port}` } });
      const res = await app.request('/remotes/overview/remoteEntry.js', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(seenEncoding).toBe('gzip, br');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    } finally {
      upstream.close();
    }
  });

  it('answers 502 in the API error shape when the remote is down', async () => {
    const app = createShellServer({ distDir: fakeDist(), env: { REMOTE_OVERVIEW_UPSTREAM: 'http://127.0.0.1:9' }, log: () => {} });
    const res = await app.request('/remotes/overview/remoteEntry.js');
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await res.json()).toMatchObject({
      error: { message: 'The overview screen is unavailable right now', requestId: res.headers.get('x-request-id') },
    });
  });
});

describe('what the shell tells the API about the client', () => {
  /** An API stand-in that answers with the forwarded headers it was sent. */
  async function headersSeen(shellEnv: Record<string, string>, peer: string, headers: Record<string, string>) {
    const api = createServer((req, res) => {
      const pick = (h: IncomingHttpHeaders) => ({ for: h['x-forwarded-for'], proto: h['x-forwarded-proto'], host: h['x-forwarded-host'] });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(pick(req.headers)));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const upstream = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
      const shell = createShellServer({ distDir: fakeDist(), env: { API_UPSTREAM: upstream, ...shellEnv }, clientIp: () => peer });
      const res = await shell.request('http://app.example/api/users/me', { headers });
      return (await res.json()) as { for: string; proto: string; host: string };
    } finally {
      api.close();
    }
  }
  const forged = { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', host: 'app.example' };

  it('by default, the connection it came from, whatever the request says', async () => {
    expect(await headersSeen({}, '203.0.113.9', forged)).toEqual({ for: '203.0.113.9', proto: 'http', host: 'app.example' });
    // a local process is no proxy of ours unless named
    expect(await headersSeen({}, '127.0.0.1', forged)).toEqual({ for: '127.0.0.1', proto: 'http', host: 'app.example' });
  });

  it('behind a front proxy named in SHELL_TRUST_PROXY, the client, scheme and host that proxy saw', async () => {
    const front = { SHELL_TRUST_PROXY: '10.9.0.0/16' };
    const viaFront = { ...forged, 'x-forwarded-for': '6.6.6.6, 198.51.100.7', 'x-forwarded-host': 'weights.example' };
    expect(await headersSeen(front, '10.9.1.2', viaFront)).toEqual({ for: '198.51.100.7', proto: 'https', host: 'weights.example' });
    // anyone else sending the same headers is only themselves
    expect(await headersSeen(front, '203.0.113.9', viaFront)).toEqual({ for: '203.0.113.9', proto: 'http', host: 'app.example' });
  });

  it('refuses a setting that names no address', () => {
    expect(() => createShellServer({ distDir: fakeDist(), env: { SHELL_TRUST_PROXY: 'proxy.local' } })).toThrow(
      'SHELL_TRUST_PROXY: not an address or CIDR range: proxy.local',
    );
  });
});

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';
  /** An API stand-in, so a proxied answer is seen too. */
  async function withApi<T>(run: (upstream: string) => Promise<T>): Promise<T> {
    const api = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      return await run(`http://127.0.0.1:${(api.address() as AddressInfo).port}`);
    } finally {
      api.close();
    }
  }
  const paths = ['/dashboard/overview', '/assets/main.0123456789.js', '/remotes.json', '/api/users/me', '/assets/missing.js'];

  it('on every answer to a request that came over TLS, or through a front proxy of ours that took it over HTTPS', async () => {
    await withApi(async (upstream) => {
      const tls = createShellServer({ distDir: fakeDist(), env: { API_UPSTREAM: upstream }, clientIp: () => '203.0.113.9' });
      for (const p of paths) {
        const res = await tls.request(p, {}, { incoming: { socket: { encrypted: true } } });
        expect(res.headers.get('strict-transport-security'), p).toBe(HSTS);
      }
      const front = createShellServer({
        distDir: fakeDist(),
        env: { API_UPSTREAM: upstream, SHELL_TRUST_PROXY: '10.9.0.0/16' },
        clientIp: () => '10.9.1.2',
      });
      for (const p of paths) {
        const res = await front.request(p, { headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers.get('strict-transport-security'), p).toBe(HSTS);
      }
      // the proxy took it over plain HTTP: nothing
      expect(
        (await front.request('/dashboard', { headers: { 'x-forwarded-proto': 'http' } })).headers.has('strict-transport-security'),
      ).toBe(false);
    });
  });

  it('never over plain HTTP, whatever the request claims (localhost while developing stays reachable)', async () => {
    await withApi(async (upstream) => {
      const plain = createShellServer({ distDir: fakeDist(), env: { API_UPSTREAM: upstream }, clientIp: () => '127.0.0.1' });
      for (const p of paths) {
        const res = await plain.request(`http://localhost:3000${p}`, { headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers.has('strict-transport-security'), p).toBe(false);
      }
      // an absolute https URL sent over a plain connection proves nothing
      expect((await plain.request('https://localhost:3000/dashboard')).headers.has('strict-transport-security')).toBe(false);
      // a front proxy's word counts only from a front proxy named in SHELL_TRUST_PROXY
      const stranger = createShellServer({
        distDir: fakeDist(),
        env: { API_UPSTREAM: upstream, SHELL_TRUST_PROXY: '10.9.0.0/16' },
        clientIp: () => '203.0.113.9',
      });
      const res = await stranger.request('/dashboard', { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.has('strict-transport-security')).toBe(false);
    });
  });
});
