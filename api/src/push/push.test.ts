import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { PushReceiver } from '@app/server-kit/push-receiver';
import { selfSignedCert, type TestCert } from '@app/server-kit/tls';
import { loadConfig } from '../config.js';
import { isAllowedEndpoint, loadPushConfig, type PushConfig } from './config.js';
import { webPushSender } from './sender.js';

let cert: TestCert;
let receiver: PushReceiver;
let config: PushConfig;

beforeAll(async () => {
  cert = selfSignedCert();
  receiver = new PushReceiver(cert);
  await receiver.start();
  const keys = webpush.generateVAPIDKeys();
  config = { ...keys, subject: 'mailto:ops@app.example', endpointHosts: ['127.0.0.1'], ca: cert.cert };
}, 30_000);
afterAll(() => receiver.stop());

const message = {
  title: 'Time to weigh in',
  body: "You haven't logged your weight today.",
  url: '/dashboard/overview',
  tag: 'daily-reminder',
};

describe('web push to a local push service', () => {
  it('arrives encrypted for the browser, signed with the VAPID key, with TTL, urgency and topic', async () => {
    const sub = receiver.subscribe();
    const outcome = await webPushSender(config).send({ endpoint: sub.endpoint, ...sub.keys }, message, { ttlSeconds: 600 });
    expect(outcome).toEqual({ ok: true });
    const got = receiver.received.at(-1)!;
    expect(JSON.parse(got.text)).toEqual(message);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.ttl).toBe('600');
    expect(got.headers.urgency).toBe('normal');
    expect(got.headers.topic).toBe('daily-reminder');
    expect(got.vapid.aud).toBe(receiver.origin);
    expect(got.vapid.sub).toBe('mailto:ops@app.example');
    expect(got.vapid.publicKey).toBe(config.publicKey);
    expect(got.vapid.exp * 1000).toBeGreaterThan(Date.now());
  });

  it('404 and 410 mean the subscription is gone; other failures are not', async () => {
    const send = webPushSender(config);
    for (const [status, gone] of [
      [410, true],
      [404, true],
      [429, false],
      [500, false],
    ] as const) {
      const sub = receiver.subscribe();
      receiver.statusFor.set(sub.endpoint.split('/').pop()!, status);
      expect(await send.send({ endpoint: sub.endpoint, ...sub.keys }, message)).toEqual({ ok: false, gone, status });
    }
    const nowhere = receiver.subscribe();
    expect(await send.send({ endpoint: 'https://127.0.0.1:1/push/x', ...nowhere.keys }, message)).toEqual({
      ok: false,
      gone: false,
      status: null,
    });
  });

  it('a push service with a certificate nobody vouched for is not sent to', async () => {
    const sub = receiver.subscribe();
    const outcome = await webPushSender({ ...config, ca: undefined }).send({ endpoint: sub.endpoint, ...sub.keys }, message);
    expect(outcome).toEqual({ ok: false, gone: false, status: null });
  });
});

describe('VAPID keys and push settings', () => {
  const opts = (dataDir: string, production = false) => ({
    dataDir,
    production,
    publicUrl: 'http://localhost:3000',
    mailFrom: 'Weightwise <no-reply@localhost>',
  });

  it('generated once when unset, kept in DATA_DIR (mode 600) and reused after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    const first = loadPushConfig({}, opts(dir)).push!;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'vapid-keys.json'), 'utf8')).privateKey).toBe(first.privateKey);
    expect(loadPushConfig({}, opts(dir)).push).toEqual(first);
    expect(first.subject).toBe('mailto:no-reply@localhost');
  });

  it('from the environment; both or neither; production without them keeps push off', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    const keys = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://app.example' };
    expect(loadPushConfig(env, opts(dir)).push).toMatchObject({ ...keys, subject: 'https://app.example' });
    expect(() => loadPushConfig({ VAPID_PUBLIC_KEY: keys.publicKey }, opts(dir))).toThrow(/go together/);
    expect(() => loadPushConfig({ ...env, VAPID_PRIVATE_KEY: 'short' }, opts(dir))).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadPushConfig({ ...env, VAPID_SUBJECT: 'http://app.example' }, opts(dir))).toThrow(/VAPID_SUBJECT/);
    const off = loadPushConfig({}, opts(dir, true));
    expect(off.push).toBeUndefined();
    expect(off.off).toMatch(/VAPID_PUBLIC_KEY/);
    const prod = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), DATA_DIR: dir });
    expect(prod.push).toBeUndefined();
  });

  it('only known push services are sent to, over https', () => {
    const hosts = ['fcm.googleapis.com', '*.push.apple.com'];
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://web.push.apple.com/QGx', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://push.apple.com.evil.example/x', hosts)).toBe(false);
    expect(isAllowedEndpoint('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://169.254.169.254/latest', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://user:pw@fcm.googleapis.com/x', hosts)).toBe(false);
    expect(isAllowedEndpoint('not a url', hosts)).toBe(false);
    // the public services on another port are no push service; a self-hosted one keeps its own
    expect(isAllowedEndpoint('https://fcm.googleapis.com:7977/x', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com:443/x', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://127.0.0.1:8443/push/x', ['127.0.0.1'])).toBe(true);
  });
});
