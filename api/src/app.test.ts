import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { createApp } from './app.js';
import { REPO_ROOT } from './config.js';
import { openPostgres } from './db/client.js';
import { call, describeDb, GOOD_PASSWORD, register, testConfig, TestClock, uniqueEmail } from './test/harness.js';

const PUBLIC = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /api/auth/token',
  'POST /api/auth/logout',
  'GET /api/auth/password-reset',
  'POST /api/auth/password-reset/request',
  'POST /api/auth/password-reset/confirm',
  'GET /api/auth/providers',
  'POST /api/auth/external/:provider/start',
  'GET /api/auth/external/:provider/callback',
  'GET /api/auth/external/pending',
  'POST /api/auth/external/pending/link',
  'POST /api/auth/external/pending/email',
  'DELETE /api/auth/external/pending',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/avatars/:id',
  'GET /api/unsubscribe/:token',
  'POST /api/unsubscribe/:token',
]);

/** The public routes the README's API section lists, as `METHOD /path` with `{id}` written `:id`. */
function documentedPublicRoutes(): Set<string> {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /<!-- public-routes -->([\s\S]*?)<!-- \/public-routes -->/.exec(readme)?.[1] ?? '';
  return new Set(
    [...section.matchAll(/`(GET|POST|PATCH|PUT|DELETE) (\/api\/[^`]+)`/g)].map((m) => `${m[1]} ${m[2]!.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

const sample = (path: string) =>
  path.replace(':date', '2026-01-01').replace(':period', 'weekly').replace(':id', 'abc').replace(':provider', 'google');

describeDb('app', (ctx) => {
  it('every route except the public ones answers 401 without a token (route table)', async () => {
    const routes = ctx.app.routes.filter((r) => r.method !== 'ALL');
    const seen = new Set<string>();
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (PUBLIC.has(key)) continue;
      const res = await call(ctx.app, r.method, sample(r.path), ['POST', 'PATCH', 'PUT'].includes(r.method) ? { body: {} } : {});
      expect(res.status, key).toBe(401);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect(seen.size).toBeGreaterThanOrEqual(20);
    // and each public route is in the table, and the README lists exactly these
    for (const p of PUBLIC) expect(seen.has(p), p).toBe(true);
    expect([...documentedPublicRoutes()].sort()).toEqual([...PUBLIC].sort());
  });

  it('security headers on success and error responses; JSON with charset; no X-Powered-By', async () => {
    const u = await register(ctx.app);
    const responses = [
      await call(ctx.app, 'GET', '/api/users/me', { token: u.token }),
      await call(ctx.app, 'GET', '/api/users/me'),
      await call(ctx.app, 'GET', '/api/no/such/route'),
      await call(ctx.app, 'POST', '/api/weights', { token: u.token, rawBody: '{bad', contentType: 'application/json' }),
      await call(ctx.app, 'GET', '/api/health'),
    ];
    for (const r of responses) {
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(r.headers.get('x-powered-by')).toBeNull();
      expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('errors: JSON 404, uniform shape, request id equal to the header, no stack or SQL; client ids ignored', async () => {
    const r = await call(ctx.app, 'GET', '/api/nothing-here', { headers: { 'X-Request-Id': 'client-chosen' } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: { message: expect.any(String), details: [], requestId: r.headers.get('x-request-id') } });
    expect(r.body.error.requestId).not.toBe('client-chosen');
    expect((await call(ctx.app, 'GET', '/nothing')).status).toBe(404);
    expect(r.text).not.toMatch(/at .*\.ts|select |\/work\//i);
  });

  it('a route asked with a method it does not have: 405 naming the ones it has, in the error shape', async () => {
    const u = await register(ctx.app);
    const put = await call(ctx.app, 'PUT', '/api/weights', { token: u.token, body: { date: '2026-01-01', weightKg: 80 } });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(put.body.error).toMatchObject({ message: 'PUT is not allowed here', details: [] });
    const patch = await call(ctx.app, 'PATCH', '/api/weights/date/2026-01-01', { token: u.token, body: {} });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('DELETE, GET, HEAD');
    expect((await call(ctx.app, 'GET', '/api/imports/1234/commit', { token: u.token })).headers.get('allow')).toBe('POST');
    // no method has it: still 404
    expect((await call(ctx.app, 'PUT', '/api/nothing-here')).status).toBe(404);
  });

  it('JSON bodies: 415 other content type, 400 malformed, 413 over 1 MiB (chunked too)', async () => {
    const u = await register(ctx.app);
    const wrongType = await call(ctx.app, 'POST', '/api/weights', {
      token: u.token,
      rawBody: 'weightKg=80&date=2026-01-01',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(wrongType.status).toBe(415);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { rawBody: '{}', contentType: 'text/plain' })).status).toBe(415);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { rawBody: '{}' })).status).toBe(415);
    for (const raw of ['{', '', 'nul', '{"a":1}}', "{'a':1}"]) {
      const r = await call(ctx.app, 'POST', '/api/auth/login', { rawBody: raw, contentType: 'application/json' });
      expect(r.status, raw).toBe(400);
    }
    const big = JSON.stringify({ weightKg: 80, date: '2026-01-01', notes: 'x'.repeat(1024 * 1024) });
    const r = await call(ctx.app, 'POST', '/api/weights', { token: u.token, rawBody: big, contentType: 'application/json' });
    expect(r.status).toBe(413);
    // chunked: no Content-Length, a stream of 64 KiB chunks
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 3 * 1024 * 1024) return controller.close();
        sent += 65536;
        controller.enqueue(new Uint8Array(65536).fill(0x20));
      },
    });
    const res = await ctx.app.request('/api/weights', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${u.token}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(2 * 1024 * 1024);
    // nesting no body needs (a megabyte of brackets held the event loop in JSON.parse): 400; brackets in a string are text
    const deep = await call(ctx.app, 'POST', '/api/auth/login', {
      rawBody: '['.repeat(500_000) + ']'.repeat(500_000),
      contentType: 'application/json',
    });
    expect(deep.status).toBe(400);
    expect(deep.body.error.message).toBe('Request body is nested too deeply');
    // values no body needs (a megabyte of empty objects, or of keys, held it most of a second): 400, unparsed
    for (const rawBody of [
      '[' + Array(260_000).fill('{}').join(',') + ']',
      JSON.stringify(Object.fromEntries(Array.from({ length: 85_000 }, (_, i) => [`k${i}`, 1]))),
    ]) {
      const wide = await call(ctx.app, 'POST', '/api/auth/register', { rawBody, contentType: 'application/json' });
      expect(wide.status).toBe(400);
      expect(wide.body.error.message).toBe('Request body holds too many values');
    }
    const bracketsInNotes = await call(ctx.app, 'POST', '/api/weights', {
      token: u.token,
      rawBody: JSON.stringify({ weightKg: 80, date: '2026-01-01', notes: '[[[[{{{{"\\'.repeat(20) }),
      contentType: 'application/json',
    });
    expect(bracketsInNotes.status).toBe(201);
    // JSON that is not an object
    for (const raw of ['[]', '"x"', 'null', '42']) {
      const r2 = await call(ctx.app, 'POST', '/api/weights', { token: u.token, rawBody: raw, contentType: 'application/json' });
      expect(r2.status, raw).toBe(422);
    }
  });

  it('a JSON body still arriving at its deadline: 408 in the error shape, Connection: close; uploads keep their long allowance', async () => {
    const app = ctx.makeApp({ jsonBodyDeadlineMs: 300 });
    const u = await register(app);
    /** A body of these pieces, one every `everyMs` (forever when `pieces` runs out and `endless`). */
    const trickled = (pieces: Uint8Array[], everyMs: number, endless = false) => {
      let i = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((r) => setTimeout(r, everyMs));
          if (i < pieces.length) controller.enqueue(pieces[i++]!);
          else if (endless) controller.enqueue(new TextEncoder().encode(' '));
          else controller.close();
        },
      });
    };
    const send = (path: string, body: ReadableStream<Uint8Array>, contentType: string) =>
      app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': contentType, Authorization: `Bearer ${u.token}` },
        body,
        duplex: 'half',
      } as RequestInit);

    const started = Date.now();
    const slow = await send('/api/weights', trickled([new TextEncoder().encode('{')], 50, true), 'application/json');
    expect(slow.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(slow.headers.get('connection')).toBe('close');
    expect(await slow.json()).toEqual({
      error: { message: 'The request body took too long to arrive', details: [], requestId: slow.headers.get('x-request-id') },
    });
    // in time, in pieces: saved
    const entry = new TextEncoder().encode(JSON.stringify({ weightKg: 80, date: '2026-01-01' }));
    const pieces = [entry.slice(0, 10), entry.slice(10)];
    expect((await send('/api/weights', trickled(pieces, 50), 'application/json')).status).toBe(201);
    // a file upload taking longer than a JSON body may is still read (its allowance is the server's, minutes)
    const form = new FormData();
    form.set('file', new Blob(['date,weight\n2024-01-01,80\n'], { type: 'text/csv' }), 'weights.csv');
    const multipart = new Response(form);
    const bytes = new Uint8Array(await multipart.arrayBuffer());
    const tenths = Array.from({ length: 10 }, (_, k) => bytes.slice((k * bytes.length) / 10, ((k + 1) * bytes.length) / 10));
    const upload = await send('/api/imports', trickled(tenths, 60), multipart.headers.get('content-type')!);
    expect(upload.status).toBe(202);
  });

  it('text the database cannot hold or would change (a NUL, half a surrogate pair) is a 422 naming the field, never a 500', async () => {
    const u = await register(ctx.app);
    const field = (r: { body: { error: { details: { field: string }[] } } }) => r.body.error.details.map((d) => d.field);
    const nulEmail = 'a\u0000@example.com';
    for (const [path, body] of [
      ['/api/auth/login', { email: nulEmail, password: 'whatever1' }],
      ['/api/auth/password-reset/request', { email: nulEmail }],
    ] as const) {
      const r = await call(ctx.app, 'POST', path, { body });
      expect(r.status, path).toBe(422);
      expect(field(r), path).toEqual(['email']);
    }
    const keys = {
      p256dh: 'BJlfw8_X0CEaChCCncnPFPZ61k6CwuhrJawFWr6xK7z5vWUmp2px1o4Islzb4eVTuJylLSDEzgilhAVsqvzT4EI',
      auth: 'F_B4ddhNin42zSLCVcokTw',
    };
    const push = await call(ctx.app, 'POST', '/api/push/subscriptions', {
      token: u.token,
      body: { endpoint: 'https://push.example.com/send/x', keys, device: 'Phone\u0000' },
    });
    expect(push.status).toBe(422);
    expect(field(push)).toEqual(['device']);
    const notes = await call(ctx.app, 'POST', '/api/weights', {
      token: u.token,
      body: { date: '2025-01-01', weightKg: 80, notes: 'ok \ud800' },
    });
    expect(notes.status).toBe(422);
    expect(field(notes)).toEqual(['notes']);
    // a name of nothing but a zero-width space would show as no name at all
    const name = await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: { firstName: '\u200b' } });
    expect(name.status).toBe(422);
    expect(field(name)).toEqual(['firstName']);
    // an upload's file name is shown back, so a NUL in it is dropped rather than refused
    const boundary = 'b0undary';
    const multipart = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename*=UTF-8''we%00ights.csv`,
      'Content-Type: text/csv',
      '',
      'date,weight\n2025-01-01,80\n',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const started = await call(ctx.app, 'POST', '/api/imports', {
      token: u.token,
      rawBody: multipart,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    expect(started.status, started.text).toBe(202);
    expect(started.body.fileName).toBe('weights.csv');
  });

  it('error details are capped: 900 unknown keys give the first 20 and a count, in a small answer', async () => {
    const u = await register(ctx.app);
    const body: Record<string, unknown> = { weightKg: 80, date: '2026-01-01' };
    for (let i = 0; i < 900; i++) body[`k${i}`] = i;
    const r = await call(ctx.app, 'POST', '/api/weights', { token: u.token, body });
    expect(r.status).toBe(422);
    expect(r.body.error.details).toHaveLength(20);
    expect(r.body.error.details[0]).toEqual({ field: 'k0', issue: 'Unknown field' });
    expect(r.body.error.detailsOmitted).toBe(880);
    expect(r.text.length).toBeLessThan(4096);
    // a few problems are all listed, with no count
    const few = await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { weightKg: -1, date: 'x' } });
    expect(few.body.error.details).toHaveLength(2);
    expect(few.body.error).not.toHaveProperty('detailsOmitted');
  });

  it('CORS: allowed origin reflected; unknown and null origins never', async () => {
    const ok = await call(ctx.app, 'GET', '/api/health', { headers: { Origin: 'http://localhost:3000' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    // a shell on another origin may call every route the way the app does: PUT for reminders, conditional reads
    const preflight = await call(ctx.app, 'OPTIONS', '/api/reminders', {
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    const methods = preflight.headers.get('access-control-allow-methods')!.split(', ');
    for (const { method } of ctx.app.routes.filter((r) => r.method !== 'ALL')) expect(methods, method).toContain(method);
    expect(preflight.headers.get('access-control-allow-headers')!.split(', ')).toEqual(
      expect.arrayContaining(['Authorization', 'Content-Type', 'If-None-Match']),
    );
    for (const origin of ['https://evil.example', 'null']) {
      const r = await call(ctx.app, 'GET', '/api/health', { headers: { Origin: origin } });
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
      const pre = await call(ctx.app, 'OPTIONS', '/api/weights', {
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('health: ok with the database; live', async () => {
    const h = await call(ctx.app, 'GET', '/api/health');
    expect(h.status).toBe(200);
    expect(h.body).toEqual({ status: 'ok', db: 'ok' });
    expect((await call(ctx.app, 'GET', '/api/health/live')).body).toEqual({ status: 'ok' });
  });

  it('OpenAPI 3.1 document and a self-contained HTML docs page', async () => {
    const doc = await call(ctx.app, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    for (const p of ['/api/auth/register', '/api/weights', '/api/weights/average/{period}', '/api/goals', '/api/users/me/avatar'])
      expect(doc.body.paths[p], p).toBeDefined();
    expect(doc.body.components.schemas.WeightEntry).toBeDefined();
    expect(doc.body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.body.paths['/api/weights'].post.security).toEqual([{ bearerAuth: [] }]);
    const html = await ctx.app.request('/api/docs');
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    const text = await html.text();
    expect(text).toContain('/api/weights/average/{period}');
    expect(text).not.toMatch(/<script|https?:\/\/(?!localhost)[a-z]/i);
  });

  it('logs: one JSON line per request with the request id; never passwords, tokens, cookies or health values', async () => {
    ctx.logs.length = 0;
    const password = 'MARKER-pass-9f3k2j';
    const email = uniqueEmail('marker');
    const reg = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { firstName: 'Marker', lastName: 'User', email, password },
    });
    const token = reg.body.accessToken as string;
    await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password } });
    await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'MARKER-wrong-77' } });
    await call(ctx.app, 'GET', '/api/auth/token', { cookie: reg.cookie });
    await call(ctx.app, 'POST', '/api/weights', { token, body: { weightKg: 123.456, date: '2026-03-14', notes: 'MARKER-note' } });
    await call(ctx.app, 'GET', '/api/weights/date/2026-03-14?x=MARKER-query', { token });
    await call(ctx.app, 'PATCH', '/api/users/me', { token, body: { heightCm: 187.654, dateOfBirth: '1977-07-07' } });
    const bad = await call(ctx.app, 'GET', '/api/nope-MARKER');
    const all = ctx.logs.join('\n');
    expect(ctx.logs.length).toBeGreaterThanOrEqual(8);
    for (const secret of [
      password,
      'MARKER-wrong-77',
      token,
      token.split('.')[2]!,
      reg.cookie!.split('=')[1]!,
      '123.456',
      '187.654',
      '1977-07-07',
      '2026-03-14',
      'MARKER-note',
      'MARKER-query',
    ]) {
      expect(all, secret).not.toContain(secret);
    }
    expect(all).toContain(bad.body.error.requestId);
    for (const line of ctx.logs) expect(JSON.parse(line)).toMatchObject({ requestId: expect.any(String) });
  });

  it('register then login through the documented journey (sanity)', async () => {
    const email = uniqueEmail();
    await call(ctx.app, 'POST', '/api/auth/register', { body: { firstName: 'A', lastName: 'B', email, password: GOOD_PASSWORD } });
    const r = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: GOOD_PASSWORD, remember: true } });
    expect(r.status).toBe(200);
  });
});

it('a transaction PostgreSQL gave up for a concurrent change (deadlock) answers 409, try again, not 500', async () => {
  const deadlock = () => {
    const cause = Object.assign(new pg.DatabaseError('deadlock detected', 0, 'error'), { code: '40P01', severity: 'ERROR' });
    throw new DrizzleQueryError('update "users" set ...', [], cause);
  };
  // every call to the database meets the deadlock
  const db = new Proxy({}, { get: () => deadlock }) as unknown as Parameters<typeof createApp>[0]['db'];
  const logs: string[] = [];
  const app = createApp({ db, config: testConfig(), clock: new TestClock(), log: (_level, line) => logs.push(JSON.stringify(line)) });
  const login = await call(app, 'POST', '/api/auth/login', { body: { email: 'a@example.com', password: 'whatever-1' } });
  expect(login.status).toBe(409);
  expect(login.headers.get('Retry-After')).toBe('1');
  expect(login.body.error.message).toMatch(/nothing was saved, try again/);
  expect(logs.some((l) => l.includes('concurrent change'))).toBe(true);
});

it('an unreachable database gives 503s with the error shape, and health reports it', async () => {
  const database = await openPostgres('postgres://postgres@127.0.0.1:1/none', 2);
  try {
    const app = createApp({ db: database.db, config: testConfig(), clock: new TestClock(), log: () => {}, ping: database.ping });
    const h = await app.request('/api/health');
    expect(h.status).toBe(503);
    expect(await h.json()).toEqual({ status: 'unavailable', db: 'unavailable' });
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: 'a@example.com', password: 'whatever-1' } });
    expect(login.status).toBe(503);
    expect(login.body.error.requestId).toEqual(expect.any(String));
    expect((await app.request('/api/health/live')).status).toBe(200);
  } finally {
    await database.close();
  }
}, 30_000);

it('a database that never answers: health says so within its 3 s instead of hanging', async () => {
  const database = await openPostgres('postgres://postgres@127.0.0.1:1/none', 2);
  try {
    const app = createApp({
      db: database.db,
      config: testConfig(),
      clock: new TestClock(),
      log: () => {},
      ping: () => new Promise<void>(() => {}),
    });
    const h = await app.request('/api/health');
    expect(h.status).toBe(503);
    expect(await h.json()).toEqual({ status: 'unavailable', db: 'unavailable' });
  } finally {
    await database.close();
  }
}, 30_000);

describeDb('unexpected errors', (ctx) => {
  it("log the database's own code and message, not drizzle's wrapper (which holds the SQL and its parameters)", async () => {
    const u = await register(ctx.app);
    // a database missing a table (a migration not applied): every goal query fails with 42P01
    await ctx.db.execute(sql`drop table goals`);
    ctx.logs.length = 0;
    const r = await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: { targetWeightKg: 65 } });
    expect(r.status).toBe(500);
    const line = ctx.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(line).toMatchObject({ level: 'error', requestId: r.body.error.requestId, code: '42P01', cause: 'relation "…" does not exist' });
    expect(JSON.stringify(line)).not.toMatch(/Failed query|params|select/i);
  });
});
