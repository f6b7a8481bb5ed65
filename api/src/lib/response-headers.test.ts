import { expect, it } from 'vitest';
import { call, describeDb, register, type Res } from '../test/harness.js';

const SHELL = 'http://localhost:3000';

/** What every answer carries, whichever way it was built; each header once (a repeated one reads "a, b"). */
function expectRequestHeaders(r: Res, label: string) {
  expect(r.headers.get('x-request-id'), label).toMatch(/^[0-9a-f-]{36}$/);
  expect(r.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(r.headers.get('cache-control'), label).toBe('no-store');
  expect(r.headers.get('referrer-policy'), label).toBe('no-referrer');
  expect(r.headers.get('x-powered-by'), label).toBeNull();
  if (r.status !== 204 && r.status !== 304) expect(r.headers.get('content-type'), label).toBe('application/json; charset=UTF-8');
}

describeDb('headers of answers built whole and of answers finished by the middlewares', (ctx) => {
  it('the profile, a saved weight and weight reads (fresh, kept, compressed) carry the same headers as any other answer', async () => {
    const u = await register(ctx.app);
    const origin = { Origin: SHELL };
    const saved = await call(ctx.app, 'POST', '/api/weights', {
      token: u.token,
      body: { date: '2025-03-01', weightKg: 81 },
      headers: origin,
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ id: expect.any(String), date: '2025-03-01', weightKg: 81, notes: null });
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: u.token, headers: origin });
    expect(me.body.email).toBe(u.email);
    const list = await call(ctx.app, 'GET', '/api/weights', { token: u.token, headers: origin });
    const kept = await call(ctx.app, 'GET', '/api/weights', { token: u.token, headers: origin });
    // over 1 KB: compressed for a client that accepts it
    for (let d = 10; d <= 28; d++)
      await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: `2025-02-${d}`, weightKg: 80 } });
    const packed = await call(ctx.app, 'GET', '/api/weights?start_date=2025-02-01', {
      token: u.token,
      headers: { ...origin, 'Accept-Encoding': 'gzip' },
    });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    // finished afterwards by request-context.ts and cors.ts
    const health = await call(ctx.app, 'GET', '/api/health', { headers: origin });
    const missing = await call(ctx.app, 'GET', '/api/no/such/route', { headers: origin });
    for (const [label, r] of Object.entries({ saved, me, list, kept, packed, health, missing })) {
      expectRequestHeaders(r, label);
      expect(r.headers.get('access-control-allow-origin'), label).toBe(SHELL);
      expect(r.headers.get('access-control-allow-credentials'), label).toBe('true');
      expect(r.headers.get('access-control-expose-headers'), label).toBe('Retry-After, X-Request-Id');
    }
    for (const r of [saved, me, health, missing]) expect(r.headers.get('vary')).toBe('Origin');
    for (const r of [list, kept, packed]) {
      expect(r.headers.get('vary')).toBe('Accept-Encoding, Origin');
      expect(r.headers.get('etag')).toMatch(/^W\/"\d+-[\w-]+"$/);
    }
    expect(kept.headers.get('etag')).toBe(list.headers.get('etag'));
    expect(kept.text).toBe(list.text);
    // each answer has its own request id
    expect(new Set([saved, me, list, kept].map((r) => r.headers.get('x-request-id'))).size).toBe(4);
  });

  it('an unknown or null origin gets no CORS header on the answers built whole either', async () => {
    const u = await register(ctx.app);
    for (const origin of ['https://evil.example', 'null']) {
      for (const path of ['/api/users/me', '/api/weights']) {
        const r = await call(ctx.app, 'GET', path, { token: u.token, headers: { Origin: origin } });
        expect(r.status).toBe(200);
        expectRequestHeaders(r, `${path} from ${origin}`);
        expect(r.headers.get('access-control-allow-origin')).toBeNull();
        expect(r.headers.get('access-control-allow-credentials')).toBeNull();
        expect(r.headers.get('vary')).toContain('Origin');
      }
    }
  });

  it('a 304 of a kept read still carries the tag and the headers of the request', async () => {
    const u = await register(ctx.app);
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: '2025-03-02', weightKg: 80 } });
    const first = await call(ctx.app, 'GET', '/api/weights', { token: u.token });
    const again = await call(ctx.app, 'GET', '/api/weights', { token: u.token, headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expectRequestHeaders(again, '304');
  });
});
