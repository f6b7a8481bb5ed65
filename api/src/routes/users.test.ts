import { expect, it } from 'vitest';
import sharp from 'sharp';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { listPushSubscriptions, savePushSubscription } from '../repositories/push-subscriptions.js';
import { call, DEFAULT_RATE_LIMITS, describeDb, GOOD_PASSWORD, register, uniqueEmail, type TestApp } from '../test/harness.js';

async function upload(app: TestApp, token: string, bytes: Uint8Array, filename = 'a.png', type = 'image/png') {
  const form = new FormData();
  form.append('avatar', new Blob([bytes], { type }), filename);
  const res = await app.request('/api/users/me/avatar', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** A PNG whose header claims huge dimensions (correct CRCs), with a tiny compressed IDAT. */
function pngBomb(w: number, h: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const idat = zlib.deflateSync(Buffer.alloc(w + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff', w = 600, h = 400) => {
  const withExif = sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 90 } } }).withMetadata({
    exif: { IFD0: { Copyright: 'SECRET-EXIF-MARKER', Artist: 'SECRET-EXIF-MARKER' } },
  });
  return withExif[format]().toBuffer();
};

describeDb('users', (ctx) => {
  it('GET /users/me returns the user without the hash', async () => {
    const u = await register(ctx.app);
    const r = await call(ctx.app, 'GET', '/api/users/me', { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(u.user);
    expect(Object.keys(r.body).sort()).toEqual(
      [
        'avatarUrl',
        'dateOfBirth',
        'email',
        'firstName',
        'gender',
        'heightCm',
        'id',
        'lastName',
        'role',
        'unitPreference',
        'weekStartsOn',
        'timeZone',
        'colorScheme',
      ].sort(),
    );
    expect(r.body).toMatchObject({ timeZone: 'UTC', colorScheme: 'SYSTEM' });
  });

  it('a time zone comes from sign-up and can be changed; unknown zones and schemes are refused', async () => {
    const r = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { firstName: 'Tz', lastName: 'Ann', email: uniqueEmail(), password: GOOD_PASSWORD, timeZone: 'America/Los_Angeles' },
    });
    expect(r.status).toBe(201);
    expect(r.body.timeZone).toBe('America/Los_Angeles');
    const bad = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { firstName: 'Tz', lastName: 'Bob', email: uniqueEmail(), password: GOOD_PASSWORD, timeZone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toContainEqual({ field: 'timeZone', issue: 'Time zone is not a known time zone (e.g. Europe/London)' });

    const token = r.body.accessToken;
    const ok = await call(ctx.app, 'PATCH', '/api/users/me', { token, body: { timeZone: 'Pacific/Auckland', colorScheme: 'DARK' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ timeZone: 'Pacific/Auckland', colorScheme: 'DARK' });
    for (const body of [{ timeZone: 'Europe/Nowhere' }, { timeZone: '' }, { timeZone: 5 }, { colorScheme: 'dark' }]) {
      const refused = await call(ctx.app, 'PATCH', '/api/users/me', { token, body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect((await call(ctx.app, 'GET', '/api/users/me', { token })).body).toMatchObject({
      timeZone: 'Pacific/Auckland',
      colorScheme: 'DARK',
    });
  });

  it('PATCH /users/me updates profile fields', async () => {
    const u = await register(ctx.app);
    const patch = {
      firstName: 'Grace',
      lastName: 'Hopper',
      heightCm: 172.5,
      dateOfBirth: '1990-05-17',
      gender: 'FEMALE',
      unitPreference: 'IMPERIAL',
      weekStartsOn: 1,
    };
    const r = await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: patch });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject(patch);
    const again = await call(ctx.app, 'GET', '/api/users/me', { token: u.token });
    expect(again.body).toMatchObject(patch);
    // nullable fields can be cleared
    const cleared = await call(ctx.app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { heightCm: null, dateOfBirth: null, gender: null },
    });
    expect(cleared.body).toMatchObject({ heightCm: null, dateOfBirth: null, gender: null });
  });

  it('PATCH validation: 422 on the named field', async () => {
    const u = await register(ctx.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ heightCm: 0 }, 'heightCm'],
      [{ heightCm: 300 }, 'heightCm'],
      [{ heightCm: '170' }, 'heightCm'],
      [{ dateOfBirth: '2026-11-21' }, 'dateOfBirth'], // today (clock) is not in the past
      [{ dateOfBirth: '2030-01-01' }, 'dateOfBirth'],
      [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth'],
      [{ dateOfBirth: '2001-02-29' }, 'dateOfBirth'],
      [{ gender: 'X' }, 'gender'],
      [{ unitPreference: 'metric' }, 'unitPreference'],
      [{ weekStartsOn: 2 }, 'weekStartsOn'],
      [{ weekStartsOn: '1' }, 'weekStartsOn'],
      [{ firstName: '' }, 'firstName'],
      [{ firstName: 'a\u0000b' }, 'firstName'],
      [{ lastName: 'x'.repeat(101) }, 'lastName'],
      [{ email: 'nope' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const r = await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('mass assignment: role, id, passwordHash and __proto__ are refused and the row is unchanged', async () => {
    const u = await register(ctx.app);
    const before = await ctx.db.execute(sql`select * from users where id = ${u.user.id}`);
    for (const raw of [
      '{"role":"ADMIN"}',
      '{"id":"00000000-0000-4000-8000-000000000000"}',
      '{"passwordHash":"x"}',
      '{"__proto__":{"role":"ADMIN"}}',
      '{"firstName":"Mallory","role":"ADMIN"}',
      '{"constructor":{"prototype":{"role":"ADMIN"}}}',
    ]) {
      const r = await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, rawBody: raw, contentType: 'application/json' });
      expect(r.status, raw).toBe(422);
      expect(r.body.error.details.length).toBeGreaterThan(0);
    }
    const after = await ctx.db.execute(sql`select * from users where id = ${u.user.id}`);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).body.role).toBe('USER');
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('email change needs the current password and a free address', async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const fresh = uniqueEmail('new');
    const missing = await call(ctx.app, 'PATCH', '/api/users/me', { token: a.token, body: { email: fresh } });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details[0].field).toBe('currentPassword');
    const wrong = await call(ctx.app, 'PATCH', '/api/users/me', {
      token: a.token,
      body: { email: fresh, currentPassword: 'not-it-at-all' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details[0].field).toBe('currentPassword');
    const taken = await call(ctx.app, 'PATCH', '/api/users/me', {
      token: a.token,
      body: { email: b.email, currentPassword: a.password },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.error.details).toEqual([{ field: 'email', issue: 'Email has already been taken' }]);
    const ok = await call(ctx.app, 'PATCH', '/api/users/me', { token: a.token, body: { email: fresh, currentPassword: a.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(fresh);
    // the same email (unchanged) needs no password
    expect((await call(ctx.app, 'PATCH', '/api/users/me', { token: a.token, body: { email: fresh } })).status).toBe(200);
  });

  it('two changes of email at the same moment leave one address claimed, the one the account has', async () => {
    const a = await register(ctx.app);
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    const answers = await Promise.all(
      [first, second].map((email) =>
        call(ctx.app, 'PATCH', '/api/users/me', { token: a.token, body: { email, currentPassword: a.password } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const now = (await call(ctx.app, 'GET', '/api/users/me', { token: a.token })).body.email as string;
    const other = now === first ? second : first;
    // the address the account no longer has is free again, and signs nobody in
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: other, password: a.password } });
    expect(login.status).toBe(401);
    const reg = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { firstName: 'Other', lastName: 'Person', email: other, password: GOOD_PASSWORD },
    });
    expect(reg.status).toBe(201);
  });

  it('the owner is told by e-mail when the address or the password changes: the old address, then the current one', async () => {
    const { app, mail } = ctx.withMailbox({ publicUrl: 'https://weights.example' });
    const u = await register(app);
    const fresh = uniqueEmail('moved');
    expect(
      (await call(app, 'PATCH', '/api/users/me', { token: u.token, body: { email: fresh, currentPassword: u.password } })).status,
    ).toBe(200);
    const changed = await call(app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { password: 'a-new-Pass-2024!', currentPassword: u.password },
    });
    expect(changed.status).toBe(200);
    // a profile change that touches neither sends nothing
    expect((await call(app, 'PATCH', '/api/users/me', { token: changed.body.accessToken, body: { firstName: 'Grace' } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const notices = mail.sent.filter((m) => /was changed$/.test(m.subject));
    expect(notices.map((m) => [m.to, m.subject])).toEqual([
      [u.email, 'Your email address was changed'],
      [fresh, 'Your password was changed'],
    ]);
    expect(notices[0]!.text).toContain(`changed to ${fresh}.`);
    for (const m of notices) {
      expect(m.text).toContain('https://weights.example/forgot-password');
      expect(m.text).not.toContain('a-new-Pass-2024!');
    }
  });

  it('password change: needs current password, refuses common ones, ends other sessions, revokes API tokens and rotates the current', async () => {
    const u = await register(ctx.app);
    const other = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    const apiToken = (await call(ctx.app, 'POST', '/api/tokens', { token: u.token, body: { name: 'script', scope: 'read' } })).body.token;
    expect((await call(ctx.app, 'GET', '/api/weights', { token: apiToken })).status).toBe(200);
    expect((await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: { password: 'brand-new-Secret-7' } })).status).toBe(422);
    const common = await call(ctx.app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { password: 'iloveyou123', currentPassword: u.password },
    });
    expect(common.status).toBe(422);
    expect(common.body.error.details[0].field).toBe('password');
    const r = await call(ctx.app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { password: 'brand-new-Secret-7', currentPassword: u.password },
    });
    expect(r.status).toBe(200);
    expect(r.body.accessToken).toEqual(expect.any(String));
    expect(r.cookie).toBeDefined();
    // the other device and the old current session are gone
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: other.cookie })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: other.body.accessToken })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/weights', { token: apiToken })).status).toBe(403);
    // the rotated session works
    expect((await call(ctx.app, 'GET', '/api/auth/token', { cookie: r.cookie })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: r.body.accessToken })).status).toBe(200);
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: 'brand-new-Secret-7' } });
    expect(login.status).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
  });

  it('password change forgets every push device (the current one too: none can be told apart); other changes keep them', async () => {
    const { app, mail } = ctx.withMailbox({ publicUrl: 'https://weights.example' });
    const u = await register(app);
    const userId = u.user.id as string;
    for (const name of ['Their phone', 'My laptop'])
      await savePushSubscription(
        ctx.db,
        userId,
        { endpoint: `https://push.example/${userId}/${name}`, p256dh: 'p'.repeat(20), auth: 'a'.repeat(16), device: name },
        ctx.clock.now(),
        10,
      );
    expect((await call(app, 'PATCH', '/api/users/me', { token: u.token, body: { firstName: 'Ada' } })).status).toBe(200);
    expect(await listPushSubscriptions(ctx.db, userId)).toHaveLength(2);
    const r = await call(app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { password: 'brand-new-Secret-7', currentPassword: u.password },
    });
    expect(r.status).toBe(200);
    expect(await listPushSubscriptions(ctx.db, userId)).toEqual([]);
    // neither the answer nor the notice says any device keeps its notifications
    expect(JSON.stringify(r.body)).not.toMatch(/push|notification/i);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const notice = mail.sent.find((m) => m.subject === 'Your password was changed')!;
    expect(notice.text).not.toMatch(/push|notification/i);
  });

  it('hostile text round-trips byte-identical', async () => {
    const u = await register(ctx.app);
    const firstName = `Robert'); DROP TABLE users;-- <script>alert(1)</script> 😀 \u202e`;
    const r = await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: { firstName } });
    expect(r.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).body.firstName).toBe(firstName);
  });

  it('avatar: PNG, JPEG, WebP, GIF, AVIF and TIFF are re-encoded to a ≤256 px WebP without metadata, served publicly', async () => {
    const u = await register(ctx.app);
    let previous: string | null = null;
    for (const format of ['png', 'jpeg', 'webp', 'gif', 'avif', 'tiff'] as const) {
      const r = await upload(ctx.app, u.token, await image(format));
      expect(r.status, format).toBe(200);
      expect(r.body.avatarUrl).toMatch(/^\/api\/avatars\/[a-z2-7]{20,}$/);
      expect(r.body.avatarUrl).not.toBe(previous);
      previous = r.body.avatarUrl;
      const img = await ctx.app.request(r.body.avatarUrl);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/webp');
      expect(img.headers.get('cache-control')).toMatch(/public.*max-age=\d{6,}.*immutable/);
      expect(img.headers.get('x-content-type-options')).toBe('nosniff');
      expect(img.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      const buf = Buffer.from(await img.arrayBuffer());
      const meta = await sharp(buf).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(256);
      expect(meta.exif).toBeUndefined();
      expect(buf.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
    }
    // the previous avatar rows are dropped
    const rows = await ctx.db.execute(sql`select count(*)::int as n from avatars where user_id = ${u.user.id}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).body.avatarUrl).toBe(previous);
  });

  it('avatar: HTML named .png and SVG → 415; >2 MiB → 413; missing field → 422; not multipart → 415', async () => {
    const u = await register(ctx.app);
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    expect((await upload(ctx.app, u.token, html, 'evil.png', 'image/png')).status).toBe(415);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload(ctx.app, u.token, svg, 'a.svg', 'image/svg+xml')).status).toBe(415);
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const r = await upload(ctx.app, u.token, big);
    expect(r.status).toBe(413);
    expect(r.body.error.requestId).toEqual(expect.any(String));
    const form = new FormData();
    form.append('other', 'x');
    const res = await ctx.app.request('/api/users/me/avatar', {
      method: 'POST',
      headers: { Authorization: `Bearer ${u.token}` },
      body: form,
    });
    expect(res.status).toBe(422);
    const json = await call(ctx.app, 'POST', '/api/users/me/avatar', { token: u.token, body: { avatar: 'x' } });
    expect(json.status).toBe(415);
    // thousands of tiny parts in the size allowed (they held the form parser a second or more) → 400, unparsed
    const many = new FormData();
    for (let i = 0; i < 15_000; i++) many.append(`f${i}`, 'x');
    const manyParts = await ctx.app.request('/api/users/me/avatar', {
      method: 'POST',
      headers: { Authorization: `Bearer ${u.token}` },
      body: many,
    });
    expect(manyParts.status).toBe(400);
    expect(((await manyParts.json()) as { error: { message: string } }).error.message).toBe('The form has more than 8 parts');
    // a corrupt PNG (right magic, garbage after) → 422, not 500
    const corrupt = new Uint8Array(100);
    corrupt.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(ctx.app, u.token, corrupt)).status).toBe(422);
  });

  it('avatar: an animated GIF keeps its first frame', async () => {
    const u = await register(ctx.app);
    const frame = (r: number, g: number, b: number) => Buffer.alloc(64 * 64 * 3, Buffer.from([r, g, b]));
    const gif = await sharp(Buffer.concat([frame(255, 0, 0), frame(0, 0, 255)]), {
      raw: { width: 64, height: 128, channels: 3, pageHeight: 64 },
    })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const r = await upload(ctx.app, u.token, gif, 'dance.gif', 'image/gif');
    expect(r.status).toBe(200);
    const webp = Buffer.from(await (await ctx.app.request(r.body.avatarUrl)).arrayBuffer());
    const meta = await sharp(webp).metadata();
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
    expect(data[2]).toBeLessThan(60);
  });

  it('avatar: an iPhone HEIC photo is refused with advice, not a failure', async () => {
    const u = await register(ctx.app);
    // an ISO-BMFF header with the heic brand, as iPhones write
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(200)]);
    const r = await upload(ctx.app, u.token, heic, 'IMG_0001.HEIC', 'image/heic');
    expect(r.status).toBe(415);
    expect(r.body.error.details).toEqual([
      { field: 'avatar', issue: 'HEIC photos cannot be read here. Use a JPEG, PNG, WebP, GIF, AVIF or TIFF image' },
    ]);
  });

  it('avatar: a pixel bomb is refused quickly', async () => {
    const u = await register(ctx.app);
    const bomb = pngBomb(60000, 60000); // a few hundred bytes claiming 3.6 gigapixels
    const t = performance.now();
    const r = await upload(ctx.app, u.token, bomb);
    expect(r.status).toBe(422);
    expect(performance.now() - t).toBeLessThan(2000);
  }, 60_000);

  it('DELETE /users/me/avatar → 204 and the image is gone', async () => {
    const u = await register(ctx.app);
    const up = await upload(ctx.app, u.token, await image('png'));
    const url = up.body.avatarUrl as string;
    expect((await call(ctx.app, 'DELETE', '/api/users/me/avatar', { token: u.token })).status).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).body.avatarUrl).toBeNull();
    expect((await call(ctx.app, 'GET', url)).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/avatars/doesnotexist')).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/avatars/..%2F..%2Fetc')).status).toBe(404);
  });

  it('the current password cannot be guessed without limit: email and password changes are throttled like login', async () => {
    const app = ctx.makeApp({ rateLimits: DEFAULT_RATE_LIMITS });
    const u = await register(ctx.app);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(app, 'PATCH', '/api/users/me', {
          token: u.token,
          body: { password: 'new-pass-phrase-9', currentPassword: `guess-${i}-pw` },
        }).then((r) => r.status),
      ),
    );
    const limit = DEFAULT_RATE_LIMITS.loginPerEmail.limit;
    expect(statuses.filter((s) => s === 422)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - limit);
    const blocked = await call(app, 'PATCH', '/api/users/me', {
      token: u.token,
      body: { email: uniqueEmail(), currentPassword: u.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/);
    // other profile changes need no password and stay possible
    expect((await call(app, 'PATCH', '/api/users/me', { token: u.token, body: { firstName: 'Still' } })).status).toBe(200);
  });

  it('a right current password after a wrong one goes through and forgets the failure', async () => {
    const app = ctx.makeApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerEmail: { limit: 2, windowSeconds: 900 } } });
    const u = await register(ctx.app);
    const change = (currentPassword: string) =>
      call(app, 'PATCH', '/api/users/me', { token: u.token, body: { email: uniqueEmail(), currentPassword } }).then((r) => r.status);
    expect(await change('wrong-one-here')).toBe(422);
    expect(await change(u.password)).toBe(200);
    expect(await change('wrong-two-here')).toBe(422);
    expect(await change(u.password)).toBe(200);
  });

  it('register with a fresh password, then the user can use it (sanity)', async () => {
    const r = await register(ctx.app, { password: GOOD_PASSWORD + '!' });
    expect(r.user.email).toContain('@example.com');
  });
});
