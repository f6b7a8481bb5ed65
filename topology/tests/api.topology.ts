// The API and the static files through nginx (TLS, HTTP/2, compression, headers), and a user's reads right after
// their writes while nginx spreads the requests over every API process. Run by `npm run topology`, which sets
// TOPOLOGY_URL, TOPOLOGY_ACCESS_LOG and NODE_EXTRA_CA_CERTS (the run's certificate).
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:http2';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/apps';

const BASE = process.env.TOPOLOGY_URL!;
const HTTP_PORT = process.env.TOPOLOGY_HTTP_PORT!;
const ACCESS_LOG = process.env.TOPOLOGY_ACCESS_LOG!;

type Json = Record<string, unknown>;

async function send(method: string, p: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${BASE}${p}`, {
    method,
    headers: {
      origin: BASE,
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body: body as Json & Json[], text };
}

async function registerUser() {
  const email = `topology-${crypto.randomUUID()}@example.com`;
  const password = `pw-${crypto.randomUUID()}`;
  const r = await send('POST', '/api/auth/register', { body: { firstName: 'Topo', lastName: 'Logy', email, password } });
  expect(r.status).toBe(201);
  return { email, password, token: r.body.accessToken as string, cookies: r.headers.getSetCookie() };
}

/** Lines of nginx's access log written since `from` (a byte offset). */
const accessLogSince = (from: number) => readFileSync(ACCESS_LOG, 'utf8').slice(from).split('\n').filter(Boolean);
const accessLogSize = () => readFileSync(ACCESS_LOG).length;

describe.runIf(BASE)('nginx in front', () => {
  it('speaks HTTP/2 over TLS and sends plain HTTP to HTTPS', async () => {
    const session = connect(BASE);
    try {
      const { status, protocol } = await new Promise<{ status: number; protocol: string }>((resolve, reject) => {
        const req = session.request({ ':path': '/api/health/live' });
        req.on('response', (h) => resolve({ status: Number(h[':status']), protocol: session.alpnProtocol ?? '' }));
        req.on('error', reject);
        req.end();
      });
      expect({ status, protocol }).toEqual({ status: 200, protocol: 'h2' });
    } finally {
      session.close();
    }
    const plain = await fetch(`http://localhost:${HTTP_PORT}/analytics?x=1`, { redirect: 'manual' });
    expect(plain.status).toBe(308);
    expect(plain.headers.get('location')).toBe(`${BASE}/analytics?x=1`);
  });

  it('serves the static files itself: precompressed brotli or gzip, hashed files cached for a year, pages revalidated', async () => {
    const dist = process.env.TOPOLOGY_SHELL_DIST ?? path.join(ROOT, 'shell/dist');
    const asset = (readdirSync(dist, { recursive: true }) as string[]).find((f) => /\.[0-9a-f]{10}\.js$/.test(f))!;
    const br = await send('GET', `/${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe(process.env.TOPOLOGY_BROTLI === 'false' ? 'gzip' : 'br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.text).toBe(readFileSync(path.join(dist, asset), 'utf8'));
    const gz = await fetch(`${BASE}/${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');

    const page = await send('GET', '/analytics');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root"');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect((await send('GET', '/no-such-file.js')).status).toBe(404);

    const remotes = await send('GET', '/remotes.json');
    expect(remotes.headers.get('cache-control')).toBe('no-cache');
    const entries = (remotes.body.remotes as { name: string; entry: string }[]).map((r) => r.entry);
    expect(entries).toEqual(['auth', 'overview', 'analytics', 'settings'].map((k) => `/remotes/${k}/mf-manifest.json`));
    for (const entry of entries) {
      const manifest = await send('GET', entry);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('runs a journey through the API: secure cookie, refresh, ETag, export, sign-out', async () => {
    const user = await registerUser();
    const refresh = user.cookies.find((c) => c.startsWith('wt_refresh='))!;
    // the API knows the client came over HTTPS (X-Forwarded-Proto from nginx, a trusted proxy)
    expect(refresh).toMatch(/;\s*Secure/i);
    for (const [date, weightKg] of [
      ['2026-10-01', 81.2],
      ['2026-10-02', 80.9],
      ['2026-10-09', 80.1],
    ] as const)
      expect((await send('POST', '/api/weights', { token: user.token, body: { date, weightKg } })).status).toBe(201);
    const list = await send('GET', '/api/weights?start_date=2026-10-01&end_date=2026-10-31', { token: user.token });
    expect(list.body.map((e) => e.date)).toEqual(['2026-10-01', '2026-10-02', '2026-10-09']);
    // the API's own headers, once each: nginx adds its page headers to pages only
    expect(list.headers.get('x-content-type-options')).toBe('nosniff');
    expect(list.headers.get('referrer-policy')).toBe('no-referrer');
    expect(list.headers.get('content-security-policy')).toBeNull();
    const etag = list.headers.get('etag')!;
    const again = await send('GET', '/api/weights?start_date=2026-10-01&end_date=2026-10-31', {
      token: user.token,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const weekly = await send('GET', '/api/weights/average/weekly?start_date=2026-10-01&end_date=2026-10-31', { token: user.token });
    expect(weekly.body.map((w) => w.count)).toEqual([2, 1]);

    const token = await send('GET', '/api/auth/token', { headers: { cookie: refresh.split(';')[0]! } });
    expect(token.status).toBe(200);
    const csv = await send('GET', '/api/users/me/export?format=csv', { token: token.body.accessToken as string });
    expect(csv.text.split(/\r?\n/)[0]).toBe('date,weight_kg,weight_lb,notes');
    expect((await send('POST', '/api/auth/logout', { headers: { cookie: refresh.split(';')[0]! } })).status).toBe(204);
    expect((await send('GET', '/api/users/me', { token: token.body.accessToken as string })).status).toBe(403);
  });

  it("the API's own refusals come through unchanged (a JSON body over 1 MiB)", async () => {
    const user = await registerUser();
    const r = await send('POST', '/api/weights', {
      token: user.token,
      body: JSON.stringify({ date: '2026-01-01', weightKg: 80, notes: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ message: expect.any(String), requestId: r.headers.get('x-request-id') });
  });

  it('a user reads what they just wrote, whichever API process answers', async () => {
    const user = await registerUser();
    const from = accessLogSize();
    const dates: string[] = [];
    for (let i = 1; i <= 24; i++) {
      const date = `2026-09-${String(i).padStart(2, '0')}`;
      dates.push(date);
      expect((await send('POST', '/api/weights', { token: user.token, body: { date, weightKg: 70 + i / 10 } })).status).toBe(201);
      const list = await send('GET', '/api/weights?start_date=2026-09-01&end_date=2026-09-30', { token: user.token });
      expect(list.body.map((e) => e.date)).toEqual(dates);
      const goal = { startWeightKg: 80, targetWeightKg: 70 + i / 10, startDate: '2026-09-01', targetDate: '2027-03-01' };
      expect((await send('PATCH', '/api/goals', { token: user.token, body: goal })).status).toBe(200);
      expect((await send('GET', '/api/goals', { token: user.token })).body).toMatchObject({ targetWeightKg: 70 + i / 10 });
    }
    const upstreams = new Set(accessLogSince(from).map((l) => /upstream=(\S+)/.exec(l)?.[1]));
    expect(upstreams.size).toBe(Number(process.env.TOPOLOGY_API_COUNT));
  });
});
