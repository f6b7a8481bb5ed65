import { beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import webpush from 'web-push';
import { call, describeDb, register, type Registered, type TestApp } from './test/harness.js';

const fill = (path: string, v: string) => path.replace(/:[a-z]+/g, v);

/** Web push on, so its routes store what they are sent rather than refusing at once (nothing is sent anywhere). */
const PUSH = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@app.example', endpointHosts: ['fcm.googleapis.com'] };

/** Text that breaks naive storage: NUL, controls, half surrogate pairs, among ordinary characters. */
const hostileText = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom('\u0000', '\ud800', '\udfff', '\t', ' ', '%', '/', '\u007f'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    maxLength,
  });

describeDb('property: no input produces a 5xx', (ctx) => {
  let u: Registered;
  let app: TestApp;
  beforeAll(() => {
    app = ctx.makeApp({ push: PUSH });
  });
  const routes = () => {
    const seen = new Set<string>();
    return app.routes
      .filter((r) => r.method !== 'ALL')
      .filter((r) => {
        const k = `${r.method} ${r.path}`;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
  };

  it('arbitrary JSON bodies to every route, with and without a token, answer < 500', async () => {
    u = await register(app);
    for (const r of routes()) {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), fc.boolean(), async (body, withToken) => {
          // a logout sent with the token ends that token's session, as it should: it gets none
          const init: Parameters<typeof call>[3] = withToken && !r.path.endsWith('/auth/logout') ? { token: u.token } : {};
          if (r.method !== 'GET' && r.method !== 'HEAD') init.rawBody = JSON.stringify(body) ?? 'null';
          if (init.rawBody !== undefined) init.contentType = 'application/json';
          const res = await call(app, r.method, fill(r.path, '2026-01-01'), init);
          expect(res.status, `${r.method} ${r.path} ${String(init.rawBody ?? '').slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.body.error.requestId).toEqual(expect.any(String));
        }),
        { numRuns: 40 },
      );
    }
    // the token still works afterwards (nothing above could change the password or end the session)
    expect((await call(app, 'GET', '/api/users/me', { token: u.token })).status).toBe(200);
  }, 120_000);

  it('objects shaped like the real bodies, with arbitrary values, answer < 500', async () => {
    u ??= await register(app);
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 1 }),
      fc.double(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('2024-02-29', '2023-02-29', '1900-01-01', '9999-12-31', '0000-01-01', '', '\u0000'),
    );
    const keys = fc.constantFrom(
      'weightKg',
      'date',
      'notes',
      'email',
      'password',
      'firstName',
      'lastName',
      'remember',
      'heightCm',
      'dateOfBirth',
      'gender',
      'unitPreference',
      'weekStartsOn',
      'startWeightKg',
      'targetWeightKg',
      'startDate',
      'targetDate',
      'currentPassword',
      '__proto__',
      'constructor',
    );
    const bodies = fc.dictionary(keys, value, { maxKeys: 5 });
    for (const [method, path] of [
      ['POST', '/api/weights'],
      ['PATCH', '/api/goals'],
      ['PATCH', '/api/users/me'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/register'],
    ] as const) {
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const raw = JSON.stringify(body);
          const res = await call(app, method, path, { token: u.token, rawBody: raw, contentType: 'application/json' });
          expect(res.status, `${method} ${path} ${raw.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    }
    // a push subscription as a browser sends it, its endpoint on an allowed push service and its device name hostile
    const subscription = fc.record(
      {
        endpoint: fc.oneof(
          hostileText(12).map((t) => `https://fcm.googleapis.com/fcm/send/${t}`),
          fc.string({ unit: 'grapheme', maxLength: 40 }),
        ),
        keys: fc.constant({ p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }),
        device: hostileText(20),
        expirationTime: fc.constantFrom(null, 0, 1e308),
      },
      { requiredKeys: ['endpoint', 'keys'] },
    );
    await fc.assert(
      fc.asyncProperty(subscription, async (body) => {
        const raw = JSON.stringify(body);
        const res = await call(app, 'POST', '/api/push/subscriptions', { token: u.token, rawBody: raw, contentType: 'application/json' });
        expect(res.status, `POST /api/push/subscriptions ${raw.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('arbitrary strings as path dates and query parameters answer < 500', async () => {
    u ??= await register(app);
    const raw = fc.string({ unit: fc.constantFrom(...'0123456789-%abcxyzE:./+ '.split('')), maxLength: 20 });
    const any = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent), raw);
    await fc.assert(
      fc.asyncProperty(any, any, any, fc.constantFrom('weekly', 'monthly', 'yearly'), async (a, b, c, period) => {
        for (const [method, path] of [
          ['GET', `/api/weights/date/${a}`],
          ['DELETE', `/api/weights/date/${a}`],
          ['GET', `/api/weights?start_date=${a}&end_date=${b}&userId=${c}`],
          ['GET', `/api/weights/average/${period}?start_date=${a}&end_date=${b}&week_starts_on=${c}`],
          ['GET', `/api/weights/average/${a}`],
          ['GET', `/api/avatars/${a}`],
        ] as const) {
          const res = await call(app, method, path, { token: u.token });
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
        }
      }),
      { numRuns: 80 },
    );
  }, 120_000);
});
