import { afterAll, beforeAll, expect, it } from 'vitest';
import webpush from 'web-push';
import { createApp } from '../app.js';
import { memoryTransport } from '../mail/transport.js';
import { webPushSender } from '../push/sender.js';
import { findReminderSettings, listSends } from '../repositories/reminders.js';
import { PushReceiver } from '@app/server-kit/push-receiver';
import { selfSignedCert } from '@app/server-kit/tls';
import { call, describeDb, register, testConfig, type Registered, type TestApp } from '../test/harness.js';
import { ReminderService, type ReminderJob } from './service.js';
import { unsubscribeToken } from './unsubscribe.js';

const cert = selfSignedCert();
const receiver = new PushReceiver(cert);
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

const SETTINGS = {
  dailyEnabled: true,
  dailyTime: '07:30',
  dailyWeekdays: [1, 2, 3, 4, 5],
  dailyEmail: true,
  dailyPush: true,
  weeklyReportEnabled: true,
  quietHoursEnabled: true,
  quietStart: '22:00',
  quietEnd: '07:00',
};

describeDb('reminders', (ctx) => {
  const mail = memoryTransport();
  const push = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@app.example', endpointHosts: ['127.0.0.1'], ca: cert.cert };
  const config = testConfig({ push, publicUrl: 'https://app.example' });
  let app: TestApp;
  let service: ReminderService;
  let jobs: ReminderJob[];
  const enqueue = async (job: ReminderJob) => {
    jobs.push(job);
  };
  /** A fresh access token after the test clock moved on (they last 15 minutes). */
  const fresh = async (u: Registered) => {
    const r = await call(app, 'GET', '/api/auth/token', { cookie: u.cookie });
    if (r.status !== 200) throw new Error(`refresh failed: ${r.status}`);
    return r.body.accessToken as string;
  };
  const signUp = async (timeZone: string): Promise<Registered> => {
    const u = await register(app);
    await call(app, 'PATCH', '/api/users/me', { token: u.token, body: { timeZone, weekStartsOn: 1 } });
    return u;
  };

  beforeAll(() => {
    service = new ReminderService({
      db: ctx.db,
      mail,
      push: webPushSender(push),
      log: ctx.log,
      jwtSecret: config.jwtSecret,
      publicUrl: 'https://app.example',
    });
    app = createApp({ db: ctx.db, config, clock: ctx.clock, log: ctx.log, mail, reminders: service });
  });

  it('everything is off until saved; the VAPID public key is there for the browser', async () => {
    const u = await signUp('Europe/London');
    const r = await call(app, 'GET', '/api/reminders', { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      settings: expect.objectContaining({ dailyEnabled: false, weeklyReportEnabled: false, dailyTime: '07:30' }),
      push: { available: true, publicKey: push.publicKey },
      nextDailyAt: null,
      nextWeeklyReportAt: null,
    });
  });

  it('saving answers when the next reminder and report fall due, in the user time zone', async () => {
    ctx.clock.set('2026-11-21T12:00:00Z'); // a Saturday
    const u = await signUp('America/New_York');
    const r = await call(app, 'PUT', '/api/reminders', { token: u.token, body: SETTINGS });
    expect(r.status).toBe(200);
    expect(r.body.nextDailyAt).toBe('2026-11-23T12:30:00.000Z');
    expect(r.body.nextWeeklyReportAt).toBe('2026-11-23T13:00:00.000Z');
    expect((await call(app, 'GET', '/api/reminders', { token: u.token })).body.settings).toEqual(SETTINGS);
  });

  it('refuses what cannot work, naming the field', async () => {
    const u = await signUp('UTC');
    const cases: Array<[object, string, RegExp]> = [
      [{ dailyTime: '23:00' }, 'dailyTime', /quiet hours/],
      [{ dailyTime: '7:30' }, 'dailyTime', /07:30/],
      [{ dailyWeekdays: [] }, 'dailyWeekdays', /at least one day/],
      [{ dailyWeekdays: [1, 1] }, 'dailyWeekdays', /once/],
      [{ dailyWeekdays: [7] }, 'dailyWeekdays.0', /.+/],
      [{ dailyEmail: false, dailyPush: false }, 'dailyEmail', /e-mail, push/],
      [{ quietEnd: '24:00' }, 'quietEnd', /time/],
      [{ extra: 1 }, 'extra', /Unknown field/],
    ];
    for (const [patch, field, issue] of cases) {
      const r = await call(app, 'PUT', '/api/reminders', { token: u.token, body: { ...SETTINGS, ...patch } });
      expect(r.status, field).toBe(422);
      expect(r.body.error.details).toContainEqual({ field, issue: expect.stringMatching(issue) });
    }
    // quiet hours off: any time goes
    expect(
      (await call(app, 'PUT', '/api/reminders', { token: u.token, body: { ...SETTINGS, dailyTime: '23:00', quietHoursEnabled: false } }))
        .status,
    ).toBe(200);
  });

  it('a daily reminder goes out by e-mail and push at its time, only on a day without an entry, once', async () => {
    ctx.clock.set('2026-11-22T12:00:00Z');
    const u = await signUp('Europe/Berlin');
    const sub = receiver.subscribe();
    const added = await call(app, 'POST', '/api/push/subscriptions', { token: u.token, body: { ...sub, device: 'Chromium on Linux' } });
    expect(added.status).toBe(201);
    await call(app, 'PUT', '/api/reminders', { token: u.token, body: SETTINGS });

    // Monday 23 Nov, 07:30 in Berlin is 06:30 UTC: not due a minute before
    jobs = [];
    await service.tick(new Date('2026-11-23T06:29:00Z'), enqueue);
    expect(jobs.filter((j) => j.userId === u.user.id)).toEqual([]);
    await service.tick(new Date('2026-11-23T06:30:20Z'), enqueue);
    const mine = jobs.filter((j) => j.userId === u.user.id);
    expect(mine).toEqual([{ userId: u.user.id, kind: 'daily', dueAt: '2026-11-23T06:30:00.000Z' }]);

    const mailsBefore = mail.sent.length;
    const pushesBefore = receiver.received.length;
    const result = await service.deliver(mine[0]!, new Date('2026-11-23T06:30:30Z'));
    expect(result).toEqual({ decision: { send: true, period: '2026-11-23' }, sent: ['email', 'push'] });
    const m = mail.sent.at(-1)!;
    expect(m.to).toBe(u.email);
    expect(m.subject).toBe('Time to weigh in');
    expect(m.text).toContain("You haven't logged your weight today, Monday 23 November");
    expect(m.text).toContain('https://app.example/dashboard/overview');
    const link = /https:\/\/app\.example\/api\/unsubscribe\/(\S+)/.exec(m.text)![0];
    expect(m.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.sent.length).toBe(mailsBefore + 1);
    await receiver.waitFor(pushesBefore + 1);
    expect(JSON.parse(receiver.received.at(-1)!.text)).toMatchObject({ title: 'Time to weigh in', url: '/dashboard/overview' });

    // the same job again (a retry, another worker): nothing more is sent
    await service.deliver(mine[0]!, new Date('2026-11-23T06:31:00Z'));
    expect(mail.sent.length).toBe(mailsBefore + 1);
    expect(receiver.received.length).toBe(pushesBefore + 1);
    expect((await listSends(ctx.db, u.user.id)).map((s) => [s.kind, s.channel, s.period, s.sentAt !== null])).toEqual(
      expect.arrayContaining([
        ['daily', 'email', '2026-11-23', true],
        ['daily', 'push', '2026-11-23', true],
      ]),
    );

    // Tuesday: the next one was scheduled; logging a weight first means no reminder
    jobs = [];
    await service.tick(new Date('2026-11-24T06:30:05Z'), enqueue);
    const tuesday = jobs.find((j) => j.userId === u.user.id)!;
    expect(tuesday.dueAt).toBe('2026-11-24T06:30:00.000Z');
    ctx.clock.set('2026-11-24T06:00:00Z');
    expect((await call(app, 'POST', '/api/weights', { token: await fresh(u), body: { date: '2026-11-24', weightKg: 80.2 } })).status).toBe(
      201,
    );
    expect(await service.deliver(tuesday, new Date('2026-11-24T06:30:10Z'))).toEqual({
      decision: { send: false, reason: 'entry-logged' },
      sent: [],
    });
    expect(mail.sent.length).toBe(mailsBefore + 1);
  });

  it('a stopped service catches up within two hours, not later; a changed time zone is not sent at the old time', async () => {
    ctx.clock.set('2026-11-22T12:00:00Z');
    const u = await signUp('Europe/London');
    await call(app, 'PUT', '/api/reminders', { token: u.token, body: { ...SETTINGS, dailyPush: false, weeklyReportEnabled: false } });
    jobs = [];
    // down from before 07:30 until 09:00 on Monday: still sent
    await service.tick(new Date('2026-11-23T09:00:00Z'), enqueue);
    expect(jobs.filter((j) => j.userId === u.user.id)).toHaveLength(1);
    // down from Monday 09:00 until Wednesday 12:00: Tuesday's and Wednesday's are past their limit; Thursday's is next
    jobs = [];
    await service.tick(new Date('2026-11-25T12:00:00Z'), enqueue);
    expect(jobs.filter((j) => j.userId === u.user.id)).toEqual([]);
    expect((await call(app, 'GET', '/api/reminders', { token: u.token })).body.nextDailyAt).toBe('2026-11-23T07:30:00.000Z');
    // moving to Tokyo on Wednesday: the next tick computes the row anew, so Thursday 07:30 in Tokyo (22:30 UTC on
    // Wednesday, before the 07:30 London time it held) is not missed, and nothing comes at the London time
    ctx.clock.set('2026-11-25T12:00:00Z');
    await call(app, 'PATCH', '/api/users/me', { token: await fresh(u), body: { timeZone: 'Asia/Tokyo' } });
    jobs = [];
    await service.tick(new Date('2026-11-25T12:01:00Z'), enqueue);
    expect(jobs.filter((j) => j.userId === u.user.id)).toEqual([]);
    expect((await findReminderSettings(ctx.db, u.user.id))!.nextDailyAt!.toISOString()).toBe('2026-11-25T22:30:00.000Z');
    await service.tick(new Date('2026-11-25T22:30:10Z'), enqueue);
    expect(jobs.filter((j) => j.userId === u.user.id)).toEqual([{ userId: u.user.id, kind: 'daily', dueAt: '2026-11-25T22:30:00.000Z' }]);
    jobs = [];
    await service.tick(new Date('2026-11-26T07:30:00Z'), enqueue);
    expect(jobs.filter((j) => j.userId === u.user.id)).toEqual([]);
  });

  it('a save right after a time-zone change, in a process that still keeps the old row, uses the new zone', async () => {
    ctx.clock.set('2026-11-22T12:00:00Z'); // a Sunday
    const u = await signUp('Europe/London');
    const other = await ctx.otherProcess();
    // the database's notice of the change has not reached the other process yet: it keeps the London row
    other.sessionCache.forget = () => undefined;
    expect((await call(other.app, 'GET', '/api/reminders', { token: u.token })).status).toBe(200);
    expect((await call(app, 'PATCH', '/api/users/me', { token: u.token, body: { timeZone: 'Asia/Tokyo' } })).status).toBe(200);
    const r = await call(other.app, 'PUT', '/api/reminders', { token: u.token, body: { ...SETTINGS, dailyPush: false } });
    expect(r.status).toBe(200);
    // Monday 07:30 in Tokyo, not in London (2026-11-23T07:30Z)
    expect(r.body.nextDailyAt).toBe('2026-11-22T22:30:00.000Z');
    expect((await findReminderSettings(ctx.db, u.user.id))!.nextDailyAt!.toISOString()).toBe('2026-11-22T22:30:00.000Z');
  });

  it('the weekly report: average against last week, trend rate, goal forecast, entries logged', async () => {
    ctx.clock.set('2026-11-01T12:00:00Z');
    const u = await signUp('Europe/London');
    for (let i = 0; i < 21; i++) {
      const date = new Date(Date.UTC(2026, 10, 2 + i)).toISOString().slice(0, 10); // 2 Nov … 22 Nov
      if (date >= '2026-11-16' && (date === '2026-11-18' || date === '2026-11-20')) continue;
      ctx.clock.set(`${date}T08:00:00Z`);
      const r = await call(app, 'POST', '/api/weights', { token: await fresh(u), body: { date, weightKg: 85 - i * 0.1 } });
      expect(r.status).toBe(201);
    }
    const token = await fresh(u);
    await call(app, 'PATCH', '/api/goals', {
      token,
      body: { startWeightKg: 85, targetWeightKg: 80, startDate: '2026-11-02', targetDate: '2027-02-15' },
    });
    expect((await call(app, 'PUT', '/api/reminders', { token, body: { ...SETTINGS, dailyEnabled: false } })).status).toBe(200);
    jobs = [];
    await service.tick(new Date('2026-11-23T08:00:30Z'), enqueue);
    const job = jobs.find((j) => j.userId === u.user.id && j.kind === 'weekly')!;
    expect(job.dueAt).toBe('2026-11-23T08:00:00.000Z');
    const result = await service.deliver(job, new Date('2026-11-23T08:01:00Z'));
    expect(result).toEqual({ decision: { send: true, period: '2026-11-16' }, sent: ['email'] });
    const m = mail.sent.at(-1)!;
    expect(m.subject).toBe('Your week: 83.3 kg on average, 0.7 kg down');
    expect(m.text).toContain('Your week, 16–22 Nov 2026:');
    expect(m.text).toContain('Average: 83.3 kg (last week 84.0 kg: 0.7 kg down)');
    expect(m.text).toMatch(/Trend: losing 0\.\d kg a week/);
    expect(m.text).toMatch(/Goal 80\.0 kg: most likely \d+ \w{3}( 2027)?, between .+/);
    expect(m.text).toContain('Entries logged: 5 of 7 days');
    expect(m.html).toContain('<p>Entries logged: 5 of 7 days</p>');
    expect(m.headers!['List-Unsubscribe']).toMatch(/^<https:\/\/app\.example\/api\/unsubscribe\/[0-9a-f]{32}w\./);
  });

  it('one-click unsubscribe works without signing in: the page changes nothing, the POST turns off that e-mail only', async () => {
    ctx.clock.set('2026-11-21T12:00:00Z');
    const u = await signUp('UTC');
    await call(app, 'PUT', '/api/reminders', { token: u.token, body: SETTINGS });
    const token = unsubscribeToken(config.jwtSecret, u.user.id, 'daily');
    const page = await call(app, 'GET', `/api/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.text).toContain('Stop getting daily reminder e-mails?');
    expect((await call(app, 'GET', '/api/reminders', { token: u.token })).body.settings.dailyEmail).toBe(true);

    // RFC 8058: what a mail client sends
    const r = await call(app, 'POST', `/api/unsubscribe/${token}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain('You will no longer get daily reminder e-mails');
    const after = (await call(app, 'GET', '/api/reminders', { token: u.token })).body;
    expect(after.settings).toEqual({ ...SETTINGS, dailyEmail: false });
    // again: still fine
    expect((await call(app, 'POST', `/api/unsubscribe/${token}`)).status).toBe(200);
    // the weekly report has its own link
    await call(app, 'POST', `/api/unsubscribe/${unsubscribeToken(config.jwtSecret, u.user.id, 'weekly')}`);
    expect((await call(app, 'GET', '/api/reminders', { token: u.token })).body.settings).toEqual({
      ...SETTINGS,
      dailyEmail: false,
      weeklyReportEnabled: false,
    });
    // without push the daily reminder has nowhere to go: it goes off
    const v = await signUp('UTC');
    await call(app, 'PUT', '/api/reminders', { token: v.token, body: { ...SETTINGS, dailyPush: false } });
    await call(app, 'POST', `/api/unsubscribe/${unsubscribeToken(config.jwtSecret, v.user.id, 'daily')}`);
    const vs = (await call(app, 'GET', '/api/reminders', { token: v.token })).body;
    expect(vs.settings.dailyEnabled).toBe(false);
    expect(vs.nextDailyAt).toBeNull();
  });

  const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  it('a forged or altered link is refused, for everyone', async () => {
    const u = await signUp('UTC');
    const token = unsubscribeToken(config.jwtSecret, u.user.id, 'daily');
    const forged = [
      unsubscribeToken('another-secret-0123456789abcdef0123', u.user.id, 'daily'),
      token.replace(/d\./, 'w.'),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      // the same MAC spelled with the last character's spare bits set: decodes to the very same bytes
      `${token.slice(0, -1)}${B64URL[B64URL.indexOf(token.at(-1)!) ^ 1]}`,
      'nonsense',
    ];
    for (const t of forged) {
      const r = await call(app, 'POST', `/api/unsubscribe/${encodeURIComponent(t)}`, { headers: { Accept: 'text/html' } });
      expect(r.status, t).toBe(400);
      expect(r.text).toContain('This unsubscribe link is not valid');
      const api = await call(app, 'POST', `/api/unsubscribe/${encodeURIComponent(t)}`);
      expect(api.status).toBe(400);
      expect(api.body.error.details).toEqual([{ field: 'token', issue: 'This unsubscribe link is not valid' }]);
    }
  });

  it('push devices: per user, on allowed push services only; a gone device is forgotten', async () => {
    const a = await signUp('UTC');
    const b = await signUp('UTC');
    const sub = receiver.subscribe();
    const bad = await call(app, 'POST', '/api/push/subscriptions', {
      token: a.token,
      body: { ...sub, endpoint: 'https://169.254.169.254/latest/meta-data' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([{ field: 'endpoint', issue: 'This push service is not one this server sends to' }]);
    // 1,500 characters of another script are 4.5 KB as stored: refused for their length, never a failed insert
    const wide = await call(app, 'POST', '/api/push/subscriptions', {
      token: a.token,
      body: { ...sub, endpoint: `${sub.endpoint}/${'漢字'.repeat(750)}` },
    });
    expect(wide.status).toBe(422);
    expect(wide.body.error.details).toEqual([{ field: 'endpoint', issue: 'Endpoint must be at most 2048 characters' }]);
    const first = await call(app, 'POST', '/api/push/subscriptions', { token: a.token, body: { ...sub, device: 'Firefox on Windows' } });
    const again = await call(app, 'POST', '/api/push/subscriptions', { token: a.token, body: { ...sub, device: 'Firefox on Windows 11' } });
    expect(again.body.id).toBe(first.body.id);
    expect((await call(app, 'GET', '/api/push/subscriptions', { token: a.token })).body).toEqual([
      { id: first.body.id, device: 'Firefox on Windows 11', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect((await call(app, 'GET', '/api/push/subscriptions', { token: b.token })).body).toEqual([]);
    expect((await call(app, 'DELETE', `/api/push/subscriptions/${first.body.id}`, { token: b.token })).status).toBe(404);

    const before = receiver.received.length;
    const test = await call(app, 'POST', '/api/push/test', { token: a.token });
    expect(test.body).toEqual({ delivered: 1, removed: 0 });
    expect(JSON.parse(receiver.received[before]!.text)).toMatchObject({ title: 'Notifications are on' });

    receiver.statusFor.set(sub.endpoint.split('/').pop()!, 410);
    expect((await call(app, 'POST', '/api/push/test', { token: a.token })).body).toEqual({ delivered: 0, removed: 1 });
    expect((await call(app, 'GET', '/api/push/subscriptions', { token: a.token })).body).toEqual([]);
    const none = await call(app, 'POST', '/api/push/test', { token: a.token });
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe('No device has push notifications turned on');
  });

  it('one browser pushes for one account: the next person turning pushes on in it takes it over from the one before', async () => {
    const a = await signUp('UTC');
    const b = await signUp('UTC');
    const sub = receiver.subscribe();
    expect((await call(app, 'POST', '/api/push/subscriptions', { token: a.token, body: { ...sub, device: 'Family PC' } })).status).toBe(
      201,
    );
    expect((await call(app, 'POST', '/api/push/subscriptions', { token: b.token, body: { ...sub, device: 'Family PC' } })).status).toBe(
      201,
    );
    expect((await call(app, 'GET', '/api/push/subscriptions', { token: a.token })).body).toEqual([]);
    expect((await call(app, 'GET', '/api/push/subscriptions', { token: b.token })).body).toHaveLength(1);
    expect((await call(app, 'POST', '/api/push/test', { token: a.token })).status).toBe(409);
  });

  it('an endpoint or device name holding a NUL, a control character or half a surrogate pair is refused (422), never a 500', async () => {
    const u = await signUp('UTC');
    const sub = receiver.subscribe();
    for (const endpoint of [
      `${sub.endpoint}\u0000x`,
      `${sub.endpoint}\ud800`,
      `${sub.endpoint}\udc00x`,
      `${sub.endpoint}/a\tb`,
      `${sub.endpoint} x`,
    ]) {
      const r = await call(app, 'POST', '/api/push/subscriptions', { token: u.token, body: { ...sub, endpoint } });
      expect(r.status, JSON.stringify(endpoint)).toBe(422);
      expect(r.body.error.details).toEqual([{ field: 'endpoint', issue: 'Endpoint must be an https URL' }]);
    }
    const device = await call(app, 'POST', '/api/push/subscriptions', { token: u.token, body: { ...sub, device: 'Phone \ud83d' } });
    expect(device.status).toBe(422);
    expect(device.body.error.details[0].field).toBe('device');
    expect((await call(app, 'GET', '/api/push/subscriptions', { token: u.token })).body).toEqual([]);
  });

  it('an account has at most 10 push devices and asks for at most 10 test notifications an hour', async () => {
    const a = await signUp('UTC');
    const add = (sub: ReturnType<typeof receiver.subscribe>) =>
      call(app, 'POST', '/api/push/subscriptions', { token: a.token, body: { ...sub, device: 'A browser' } });
    const subs = Array.from({ length: 12 }, () => receiver.subscribe());
    // in parallel, so the cap holds for requests that arrive together
    const added = await Promise.all(subs.map(add));
    expect(added.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = added.find((r) => r.status === 409)!;
    expect(refused.body.error.message).toBe(
      'Push notifications are on for 10 devices already; turn them off on one you no longer use first',
    );
    // a device already on may still renew its subscription
    const kept = subs[added.findIndex((r) => r.status === 201)]!;
    expect((await add(kept)).status).toBe(201);
    expect((await call(app, 'GET', '/api/push/subscriptions', { token: a.token })).body).toHaveLength(10);

    const before = receiver.received.length;
    for (let i = 0; i < 10; i++) expect((await call(app, 'POST', '/api/push/test', { token: a.token })).status).toBe(200);
    expect(receiver.received.length - before).toBe(100);
    const limited = await call(app, 'POST', '/api/push/test', { token: a.token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.error.details[0].issue).toMatch(
      /^You have sent 10 test notifications in the last hour\. Try again in \d+ minute\(s\)\.$/,
    );
    expect(receiver.received.length - before).toBe(100);
  });

  it('the JSON export holds the reminder settings and the push devices (never their keys or endpoints)', async () => {
    const u = await signUp('UTC');
    expect((await call(app, 'GET', '/api/users/me/export?format=json', { token: u.token })).body).toMatchObject({
      reminders: null,
      pushDevices: [],
    });
    await call(app, 'PUT', '/api/reminders', { token: u.token, body: SETTINGS });
    const sub = receiver.subscribe();
    await call(app, 'POST', '/api/push/subscriptions', { token: u.token, body: { ...sub, device: 'Chrome on Android' } });
    const r = await call(app, 'GET', '/api/users/me/export?format=json', { token: u.token });
    expect(r.body.reminders).toEqual(SETTINGS);
    expect(r.body.pushDevices).toEqual([
      { id: expect.any(String), device: 'Chrome on Android', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(r.text).not.toContain(sub.keys.auth);
    expect(r.text).not.toContain('127.0.0.1');
  });

  it('a server without push keys says so', async () => {
    const noPush = createApp({ db: ctx.db, config: testConfig(), clock: ctx.clock, log: ctx.log, mail });
    const u = await register(noPush);
    expect((await call(noPush, 'GET', '/api/reminders', { token: u.token })).body.push).toEqual({ available: false, publicKey: null });
    const r = await call(noPush, 'PUT', '/api/reminders', { token: u.token, body: SETTINGS });
    expect(r.status).toBe(422);
    expect(r.body.error.details).toEqual([{ field: 'dailyPush', issue: 'Push notifications are not available on this server' }]);
  });
});
