import { expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../app.js';
import { passwordResets } from '../db/schema.js';
import { memoryTransport } from '../mail/transport.js';
import { call, describeDb, register, testConfig, uniqueEmail, type Ctx } from '../test/harness.js';
import { hashResetToken } from './password-reset.js';
import { countIdentities, insertIdentity } from '../repositories/identities.js';
import { loadConfig, type Config } from '../config.js';
import { listPushSubscriptions, savePushSubscription } from '../repositories/push-subscriptions.js';
import { findReminderSettings, saveReminderSettings } from '../repositories/reminders.js';
import { ReminderService, toSchedule } from '../reminders/service.js';
import { nextDailyAt } from '../reminders/schedule.js';
import { Zone } from '../import/zone.js';
import type { PushSender } from '../push/sender.js';

const NEW_PASSWORD = 'violet-Harbour-42-kite';
const INVALID = 'This reset link is invalid or has expired';

function appWithMail(ctx: Ctx, overrides: Partial<Config> = {}) {
  const mail = memoryTransport();
  const app = createApp({
    db: ctx.db,
    config: testConfig({ publicUrl: 'https://weights.example', ...overrides }),
    clock: ctx.clock,
    log: ctx.log,
    mail,
  });
  return { app, mail };
}

const tokenOf = (text: string) => /reset-password#token=([a-z2-7]+)/.exec(text)?.[1];

describeDb('password reset', (ctx) => {
  it('says how reset links are delivered, to anyone: by e-mail, into the server log (the default), or not at all', async () => {
    const ask = async (mail?: Config['mail']) => {
      const r = await call(appWithMail(ctx, { mail }).app, 'GET', '/api/auth/password-reset');
      expect(r.status).toBe(200);
      return r.body;
    };
    expect(await ask()).toEqual({ delivery: 'server-log' });
    expect(await ask({ transport: 'console' })).toEqual({ delivery: 'server-log' });
    expect(await ask({ transport: 'smtp', smtp: { host: 'mail.example', port: 587, tls: 'starttls' } })).toEqual({ delivery: 'email' });
    expect(await ask({ transport: 'file', file: '/tmp/mails.jsonl' })).toEqual({ delivery: 'email' });
    expect(await ask({ transport: 'none' })).toEqual({ delivery: 'off' });
  });

  it('in production with MAIL_TRANSPORT unset no link is printed, mail is said to be off, and every address gets the same answer', async () => {
    const { mail } = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(32), DATA_DIR: '/tmp/x' } as NodeJS.ProcessEnv);
    // the app's own transport, as main.ts makes it from the configuration
    const app = ctx.makeApp({ mail });
    const u = await register(app);
    expect((await call(app, 'GET', '/api/auth/password-reset')).body).toEqual({ delivery: 'off' });
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      const unknown = await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: uniqueEmail('nobody') } });
      const known = await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect([unknown.status, known.status]).toEqual([202, 202]);
      expect(unknown.text).toBe(known.text);
      expect(known.body).toEqual({});
    } finally {
      spy.mockRestore();
    }
    expect(printed.join('')).not.toContain('reset-password#token=');
  });

  it('answers an unknown address exactly like a known one, and mails only the known one', async () => {
    const { app, mail } = appWithMail(ctx);
    const u = await register(app);
    const unknown = await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: uniqueEmail('nobody') } });
    const known = await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email.toUpperCase() } });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(unknown.text).toBe(known.text);
    expect(known.body).toEqual({});
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.to).toBe(u.email);
    expect(mail.sent[0]!.subject).toBe('Reset your password');
    expect(mail.sent[0]!.text).toMatch(/^https:\/\/weights\.example\/reset-password#token=[a-z2-7]{32}$/m);
    expect(mail.sent[0]!.text).toContain('30 minutes');
  });

  it('stores only the SHA-256 of the token, expiring in 30 minutes', async () => {
    const { app, mail } = appWithMail(ctx);
    const u = await register(app);
    await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } });
    const token = tokenOf(mail.sent[0]!.text)!;
    const rows = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, u.user.id));
    expect(rows).toHaveLength(1);
    expect(Buffer.compare(rows[0]!.tokenHash, hashResetToken(token))).toBe(0);
    expect(rows[0]!.tokenHash.toString('latin1')).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(30 * 60 * 1000);
    expect(rows[0]!.usedAt).toBeNull();
  });

  it('sets the new password once: old password refused, new one logs in, the link then dead', async () => {
    const { app, mail } = appWithMail(ctx);
    const u = await register(app);
    await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } });
    const token = tokenOf(mail.sent[0]!.text)!;
    const ok = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: NEW_PASSWORD } });
    expect(ok.status).toBe(204);
    expect((await call(app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    expect((await call(app, 'POST', '/api/auth/login', { body: { email: u.email, password: NEW_PASSWORD } })).status).toBe(200);
    const again = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: 'another-Long-pass-9' } });
    expect(again.status).toBe(400);
    expect(again.body.error.details).toEqual([{ field: 'token', issue: INVALID }]);
  });

  it('a link mailed before a change of email or of password no longer works', async () => {
    const { app, mail } = appWithMail(ctx);
    for (const change of ['email', 'password'] as const) {
      const u = await register(app);
      mail.sent.length = 0;
      await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } });
      const token = tokenOf(mail.sent[0]!.text)!;
      const body = change === 'email' ? { email: uniqueEmail('moved') } : { password: 'fresh-Meadow-58-lantern' };
      const patched = await call(app, 'PATCH', '/api/users/me', { token: u.token, body: { ...body, currentPassword: u.password } });
      expect(patched.status, change).toBe(200);
      const used = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: NEW_PASSWORD } });
      expect(used.status, change).toBe(400);
      expect(used.body.error.details, change).toEqual([{ field: 'token', issue: INVALID }]);
    }
  });

  it('ends every session of the user', async () => {
    const { app, mail } = appWithMail(ctx);
    const u = await register(app);
    const other = await call(app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password, remember: true } });
    await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } });
    const token = tokenOf(mail.sent[0]!.text)!;
    expect((await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: NEW_PASSWORD } })).status).toBe(204);
    expect((await call(app, 'GET', '/api/auth/token', { cookie: u.cookie })).status).toBe(401);
    expect((await call(app, 'GET', '/api/auth/token', { cookie: other.cookie })).status).toBe(401);
    expect((await call(app, 'GET', '/api/users/me', { token: u.token })).status).toBe(403);
  });

  it('revokes every API token and unlinks every sign-in provider: nothing made with the old access outlives it', async () => {
    const { app, mail } = appWithMail(ctx);
    const u = await register(app);
    const made = await call(app, 'POST', '/api/tokens', { token: u.token, body: { name: 'script', scope: 'read-write' } });
    const apiToken = made.body.token as string;
    expect((await call(app, 'GET', '/api/weights', { token: apiToken })).status).toBe(200);
    const userId = u.user.id as string;
    await insertIdentity(ctx.db, { userId, provider: 'github', subject: `gh-${userId}`, email: null, now: ctx.clock.now() });
    expect(await countIdentities(ctx.db, userId)).toBe(1);

    await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } });
    // the token's own announcement came first
    const token = tokenOf(mail.sent.find((m) => m.subject === 'Reset your password')!.text)!;
    expect((await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: NEW_PASSWORD } })).status).toBe(204);
    expect((await call(app, 'GET', '/api/weights', { token: apiToken })).status).toBe(403);
    expect((await call(app, 'POST', '/api/weights', { token: apiToken, body: { date: '2024-01-01', weightKg: 80 } })).status).toBe(403);
    expect(await countIdentities(ctx.db, userId)).toBe(0);
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: u.email, password: NEW_PASSWORD } });
    expect((await call(app, 'GET', '/api/tokens', { token: login.body.accessToken })).body).toEqual([]);
  });

  it('forgets every push device, keeping the reminders themselves: a job already queued e-mails the owner, pushes to nobody', async () => {
    const { app, mail } = appWithMail(ctx);
    const u = await register(app);
    const userId = u.user.id as string;
    const now = ctx.clock.now();
    const device = { endpoint: `https://push.example/${userId}`, p256dh: 'p'.repeat(20), auth: 'a'.repeat(16), device: 'Their phone' };
    await savePushSubscription(ctx.db, userId, device, now, 10);
    const chosen = {
      dailyEnabled: true,
      dailyTime: 600,
      dailyWeekdays: 127,
      dailyEmail: true,
      dailyPush: true,
      weeklyReportEnabled: true,
      quietHoursEnabled: false,
      quietStart: 1320,
      quietEnd: 420,
    };
    const zone = new Zone(u.user.timeZone as string);
    const dueAt = nextDailyAt(
      toSchedule({ ...chosen, userId, nextDailyAt: null, nextWeeklyAt: null, updatedAt: now }),
      zone,
      now.getTime(),
    )!;
    await saveReminderSettings(ctx.db, userId, { ...chosen, nextDailyAt: new Date(dueAt), nextWeeklyAt: null }, now);

    await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } });
    const token = tokenOf(mail.sent.find((m) => m.subject === 'Reset your password')!.text)!;
    expect((await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: NEW_PASSWORD } })).status).toBe(204);

    expect(await listPushSubscriptions(ctx.db, userId)).toEqual([]);
    const settings = await findReminderSettings(ctx.db, userId);
    expect(settings).toMatchObject({ dailyEnabled: true, dailyEmail: true, weeklyReportEnabled: true, dailyTime: 600 });
    // the reminder queued before the reset reaches the owner's address and no device
    const pushed: string[] = [];
    const push: PushSender = {
      publicKey: 'test',
      send: async (target) => {
        pushed.push(target.endpoint);
        return { ok: true };
      },
    };
    const service = new ReminderService({
      db: ctx.db,
      mail,
      push,
      log: ctx.log,
      jwtSecret: 'x'.repeat(32),
      publicUrl: 'https://weights.example',
    });
    const result = await service.deliver({ userId, kind: 'daily', dueAt: new Date(dueAt).toISOString() }, new Date(dueAt));
    expect(result.sent).toEqual(['email']);
    expect(pushed).toEqual([]);
  });

  it('refuses an expired link (30 minutes) and an unknown one', async () => {
    const { app, mail } = appWithMail(ctx);
    const u = await register(app);
    await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } });
    const token = tokenOf(mail.sent[0]!.text)!;
    ctx.clock.advance(30 * 60 * 1000);
    const expired = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: NEW_PASSWORD } });
    expect(expired.status).toBe(400);
    expect(expired.body.error.details).toEqual([{ field: 'token', issue: INVALID }]);
    const unknown = await call(app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: 'a'.repeat(32), password: NEW_PASSWORD },
    });
    expect(unknown.status).toBe(400);
    expect((await call(app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(200);
  });

  it('applies the register password rules without spending the link', async () => {
    const { app, mail } = appWithMail(ctx);
    const u = await register(app);
    await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } });
    const token = tokenOf(mail.sent[0]!.text)!;
    const common = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: 'password123' } });
    expect(common.status).toBe(422);
    expect(common.body.error.details[0].field).toBe('password');
    const short = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.body.error.details[0]).toEqual({ field: 'password', issue: 'Password must be at least 8 characters' });
    const extra = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: NEW_PASSWORD, userId: 'x' } });
    expect(extra.status).toBe(422);
    expect((await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: NEW_PASSWORD } })).status).toBe(204);
  });

  it('rate-limits per address (known or not alike) and per IP', async () => {
    const rule = { limit: 2, windowSeconds: 3600 };
    const { app } = appWithMail(ctx, { passwordResetLimits: { perIp: { limit: 100, windowSeconds: 3600 }, perEmail: rule } });
    const u = await register(app);
    for (const email of [u.email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 2; i++)
        expect((await call(app, 'POST', '/api/auth/password-reset/request', { body: { email } })).status).toBe(202);
      const blocked = await call(app, 'POST', '/api/auth/password-reset/request', { body: { email } });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const perIp = appWithMail(ctx, { passwordResetLimits: { perIp: rule, perEmail: { limit: 100, windowSeconds: 3600 } } }).app;
    const ip = '198.51.100.9';
    for (let i = 0; i < 2; i++)
      expect((await call(perIp, 'POST', '/api/auth/password-reset/request', { body: { email: uniqueEmail() }, ip })).status).toBe(202);
    expect((await call(perIp, 'POST', '/api/auth/password-reset/request', { body: { email: uniqueEmail() }, ip })).status).toBe(429);
    // another address is not blocked
    const elsewhere = { body: { email: uniqueEmail() }, ip: '198.51.100.10' };
    expect((await call(perIp, 'POST', '/api/auth/password-reset/request', elsewhere)).status).toBe(202);
  });

  it('refuses a body that is not {email}', async () => {
    const { app } = appWithMail(ctx);
    expect((await call(app, 'POST', '/api/auth/password-reset/request', { body: {} })).status).toBe(422);
    expect((await call(app, 'POST', '/api/auth/password-reset/request', { rawBody: '{}', contentType: 'text/plain' })).status).toBe(415);
  });
});
