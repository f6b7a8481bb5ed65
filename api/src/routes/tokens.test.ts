import sharp from 'sharp';
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp } from '../app.js';
import { call, describeDb, register, testConfig } from '../test/harness.js';

describeDb('personal API tokens', (ctx) => {
  it('create (shown once, hash only), list without secrets, last used at most once a minute, revoke', async () => {
    const u = await register(ctx.app);
    const created = await call(ctx.app, 'POST', '/api/tokens', { token: u.token, body: { name: 'Home Assistant', scope: 'read' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Home Assistant',
      scope: 'read',
      createdAt: ctx.clock.now().toISOString(),
      token: expect.stringMatching(/^wt_[a-z2-7]{52}$/),
    });
    const secret = created.body.token as string;
    const stored = await ctx.db.execute(sql`select encode(token_hash, 'hex') as h from api_tokens where id = ${created.body.id}`);
    const hash = (stored as unknown as { rows: { h: string }[] }).rows[0]!.h;
    expect(hash).toHaveLength(64);
    expect(hash).not.toContain(secret.slice(3, 20));
    const list = await call(ctx.app, 'GET', '/api/tokens', { token: u.token });
    expect(list.body).toEqual([
      { id: created.body.id, name: 'Home Assistant', scope: 'read', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(list.text).not.toContain(secret);

    expect((await call(ctx.app, 'GET', '/api/weights', { token: secret })).status).toBe(200);
    const used1 = (await call(ctx.app, 'GET', '/api/tokens', { token: u.token })).body[0].lastUsedAt;
    expect(used1).toBe(ctx.clock.now().toISOString());
    ctx.clock.advance(30_000);
    await call(ctx.app, 'GET', '/api/weights', { token: secret });
    expect((await call(ctx.app, 'GET', '/api/tokens', { token: u.token })).body[0].lastUsedAt).toBe(used1);
    ctx.clock.advance(31_000);
    await call(ctx.app, 'GET', '/api/weights', { token: secret });
    expect((await call(ctx.app, 'GET', '/api/tokens', { token: u.token })).body[0].lastUsedAt).toBe(ctx.clock.now().toISOString());

    expect((await call(ctx.app, 'DELETE', `/api/tokens/${created.body.id}`, { token: u.token })).status).toBe(204);
    expect((await call(ctx.app, 'DELETE', `/api/tokens/${created.body.id}`, { token: u.token })).status).toBe(404);
    expect((await call(ctx.app, 'DELETE', '/api/tokens/not-a-uuid', { token: u.token })).status).toBe(404);
    const revoked = await call(ctx.app, 'GET', '/api/weights', { token: secret });
    expect(revoked.status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/tokens', { token: u.token })).body).toEqual([]);
  });

  it('the owner is told by e-mail of every new token, by its name and access, never its secret', async () => {
    const { app, mail } = ctx.withMailbox({ publicUrl: 'https://weights.example' });
    const u = await register(app);
    const created = await call(app, 'POST', '/api/tokens', { token: u.token, body: { name: 'Home Assistant', scope: 'read-write' } });
    expect(created.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const sent = mail.sent.filter((m) => m.subject === 'A new API token for your account');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(u.email);
    expect(sent[0]!.text).toContain('\nIts name: Home Assistant\nIts access: read and write\n');
    expect(sent[0]!.text).toContain('https://weights.example/dashboard/settings');
    expect(sent[0]!.text).not.toContain(created.body.token);
    // a name written to pass for the notice's own words stays on its line, its line breaks gone
    const name = 'phone\nNothing to do: it was renewed automatically.\u2028https://evil.example';
    expect((await call(app, 'POST', '/api/tokens', { token: u.token, body: { name, scope: 'read' } })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = mail.sent.filter((m) => m.subject === 'A new API token for your account')[1]!;
    expect(second.text).toContain(
      '\nIts name: phone Nothing to do: it was renewed automatically. https://evil.example\nIts access: read only\n',
    );
    expect(second.text.split('\n').filter((line) => line.includes('evil.example'))).toHaveLength(1);
  });

  it('scopes: read is GET only; read-write writes; neither manages tokens, the profile or the account', async () => {
    const u = await register(ctx.app);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const mk = async (scope: string) =>
      (await call(ctx.app, 'POST', '/api/tokens', { token: u.token, body: { name: scope, scope } })).body.token as string;
    const read = await mk('read');
    const rw = await mk('read-write');
    const entry = { date: '2026-01-01', weightKg: 80 };
    const denied = await call(ctx.app, 'POST', '/api/weights', { token: read, body: entry });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('This token is read-only');
    expect((await call(ctx.app, 'DELETE', '/api/weights/date/2026-01-01', { token: read })).status).toBe(403);
    expect((await call(ctx.app, 'POST', '/api/weights', { token: rw, body: entry })).status).toBe(201);
    expect((await call(ctx.app, 'GET', '/api/weights', { token: read })).body).toEqual([expect.objectContaining(entry)]);
    expect((await call(ctx.app, 'GET', '/api/users/me/export?format=csv', { token: read })).status).toBe(200);
    for (const token of [read, rw]) {
      expect((await call(ctx.app, 'GET', '/api/tokens', { token })).status).toBe(403);
      expect((await call(ctx.app, 'POST', '/api/tokens', { token, body: { name: 'x', scope: 'read' } })).status).toBe(403);
      expect(
        (await call(ctx.app, 'PATCH', '/api/users/me', { token, body: { password: 'another-Pass-77', currentPassword: u.password } }))
          .status,
      ).toBe(403);
      expect(
        (await call(ctx.app, 'PATCH', '/api/users/me', { token, body: { email: 'x@example.com', currentPassword: u.password } })).status,
      ).toBe(403);
      expect((await call(ctx.app, 'DELETE', '/api/users/me', { token, body: { currentPassword: u.password } })).status).toBe(403);
      const form = new FormData();
      form.set('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      const upload = await call(ctx.app, 'POST', '/api/users/me/avatar', { token, rawBody: form });
      expect(upload.status).toBe(403);
      expect(upload.body.error.message).toBe('API tokens cannot change the profile picture');
      expect((await call(ctx.app, 'DELETE', '/api/users/me/avatar', { token })).status).toBe(403);
    }
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).body.avatarUrl ?? null).toBeNull();
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(200);
    // unknown and malformed personal tokens: 403 like any invalid bearer token
    expect((await call(ctx.app, 'GET', '/api/weights', { token: 'wt_' + 'a'.repeat(52) })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/weights', { token: 'wt_x' })).status).toBe(403);
  });

  it("user isolation and validation: B cannot list or revoke A's tokens", async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const t = await call(ctx.app, 'POST', '/api/tokens', { token: a.token, body: { name: 'a', scope: 'read' } });
    expect((await call(ctx.app, 'GET', '/api/tokens', { token: b.token })).body).toEqual([]);
    expect((await call(ctx.app, 'DELETE', `/api/tokens/${t.body.id}`, { token: b.token })).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/weights', { token: t.body.token })).status).toBe(200);
    for (const body of [
      { name: '', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x' },
      { name: 'x', scope: 'read', userId: b.user.id },
    ])
      expect((await call(ctx.app, 'POST', '/api/tokens', { token: a.token, body })).status, JSON.stringify(body)).toBe(422);
  });

  const appWith = (tokenLimits: NonNullable<Parameters<typeof testConfig>[0]>['tokenLimits']) =>
    createApp({ db: ctx.db, config: testConfig({ tokenLimits }), clock: ctx.clock, log: ctx.log });
  const make = (app: ReturnType<typeof createApp>, token: string, name = 'script') =>
    call(app, 'POST', '/api/tokens', { token, body: { name, scope: 'read' } });

  it('an account holds a bounded number of live tokens: past it, a 409 on the name field; revoking one makes room', async () => {
    const app = appWith({ live: 3, createPerUser: { limit: 100, windowSeconds: 3600 } });
    const u = await register(app);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await make(app, u.token, `t${i}`));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    const refused = await make(app, u.token, 'one more');
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      { field: 'name', issue: 'You have 3 tokens, the most an account can hold. Revoke one you no longer use to make another.' },
    ]);
    expect((await call(app, 'GET', '/api/tokens', { token: u.token })).body).toHaveLength(3);
    // another account is not affected
    expect((await make(app, (await register(app)).token)).status).toBe(201);
    expect((await call(app, 'DELETE', `/api/tokens/${made[0]!.body.id}`, { token: u.token })).status).toBe(204);
    expect((await make(app, u.token, 'replacement')).status).toBe(201);
    expect((await make(app, u.token, 'again')).status).toBe(409);
  });

  it('parallel creations cannot pass the cap together', async () => {
    const app = appWith({ live: 3, createPerUser: { limit: 100, windowSeconds: 3600 } });
    const u = await register(app);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => make(app, u.token, `p${i}`)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await call(app, 'GET', '/api/tokens', { token: u.token })).body).toHaveLength(3);
  });

  it('creations per hour are limited (each sends an e-mail): 429 with Retry-After; a refused one does not count', async () => {
    const app = appWith({ live: 1, createPerUser: { limit: 2, windowSeconds: 60 } });
    const u = await register(app);
    const first = await make(app, u.token);
    expect(first.status).toBe(201);
    // at the cap: refused without counting towards the hour
    for (let i = 0; i < 3; i++) expect((await make(app, u.token)).status).toBe(409);
    await call(app, 'DELETE', `/api/tokens/${first.body.id}`, { token: u.token });
    const second = await make(app, u.token);
    expect(second.status).toBe(201);
    await call(app, 'DELETE', `/api/tokens/${second.body.id}`, { token: u.token });
    const third = await make(app, u.token);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.body.error.details).toEqual([
      { field: 'general', issue: 'You have made 2 tokens in the last minute. Try again in 1 minute(s).' },
    ]);
    expect((await call(app, 'GET', '/api/tokens', { token: u.token })).body).toEqual([]);
    // another account has its own hour
    expect((await make(app, (await register(app)).token)).status).toBe(201);
    ctx.clock.advance(61_000);
    expect((await make(app, u.token)).status).toBe(201);
  });
});
