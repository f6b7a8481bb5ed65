import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSmtpServer } from '../test/smtp.js';
import { selfSignedCert, type TestCert } from '@app/server-kit/tls';
import { call, describeDb, register, testConfig } from '../test/harness.js';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { parseSmtpEnv } from './config.js';
import { smtpTransport } from './transport.js';

let cert: TestCert;
const starttls = new TestSmtpServer(0, {});
const implicit = new TestSmtpServer(0, {});
const plain = new TestSmtpServer(0, { disabledCommands: ['STARTTLS'], allowInsecureAuth: true });

beforeAll(async () => {
  cert = selfSignedCert();
  // STARTTLS on 587-style: the server offers the upgrade and requires a password
  (starttls as unknown as { options: object }).options = {
    key: cert.key,
    cert: cert.cert,
    authOptional: false,
    onAuth: (auth: { username: string; password: string }, _s: unknown, cb: (e: Error | null, r?: { user: string }) => void) =>
      auth.username === 'mailer' && auth.password === 's3cret-pass'
        ? cb(null, { user: 'mailer' })
        : cb(new Error('Invalid username or password')),
  };
  (implicit as unknown as { options: object }).options = { secure: true, key: cert.key, cert: cert.cert };
  await Promise.all([starttls.start(), implicit.start(), plain.start()]);
}, 30_000);
afterAll(async () => {
  await Promise.all([starttls.stop(), implicit.stop(), plain.stop()]);
});

const MAIL = {
  to: 'ada@example.com',
  subject: 'Time to weigh in',
  text: 'Hello Ada,\n\nÜnïcödé and a long line '.padEnd(200, 'x'),
  html: '<p>Hello Ada</p>',
  headers: { 'List-Unsubscribe': '<https://app.example/api/unsubscribe/t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

describe('SMTP transport against a real SMTP server', () => {
  it('STARTTLS with a password, trusting the server through SMTP_CA_FILE; headers, text and HTML arrive', async () => {
    const smtp = parseSmtpEnv({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(starttls.port),
      SMTP_USER: 'mailer',
      SMTP_PASSWORD: 's3cret-pass',
      SMTP_CA_FILE: cert.certFile,
    });
    expect(smtp.tls).toBe('starttls');
    const t = smtpTransport(smtp, 'Weightwise <no-reply@app.example>');
    await t.send(MAIL);
    await t.close!();
    const m = starttls.mails.at(-1)!;
    expect(m.secure).toBe(true);
    expect(m.user).toBe('mailer');
    expect(m.from).toBe('no-reply@app.example');
    expect(m.to).toEqual(['ada@example.com']);
    expect(m.parsed.subject).toBe('Time to weigh in');
    expect(m.parsed.text?.trim()).toBe(MAIL.text);
    expect(m.parsed.html).toContain('<p>Hello Ada</p>');
    expect(m.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(m.raw).toMatch(/^List-Unsubscribe: <https:\/\/app\.example\/api\/unsubscribe\/t>\r?$/m);
  });

  it('a wrong password is an error, and an untrusted certificate is refused', async () => {
    const wrong = smtpTransport(
      parseSmtpEnv({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(starttls.port),
        SMTP_USER: 'mailer',
        SMTP_PASSWORD: 'nope',
        SMTP_CA_FILE: cert.certFile,
      }),
      'a@b.c',
    );
    await expect(wrong.send(MAIL)).rejects.toThrow(/Invalid login|Invalid username/i);
    await wrong.close!();
    const untrusted = smtpTransport(
      parseSmtpEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(starttls.port), SMTP_USER: 'mailer', SMTP_PASSWORD: 's3cret-pass' }),
      'a@b.c',
    );
    await expect(untrusted.send(MAIL)).rejects.toThrow(/certificate/i);
    await untrusted.close!();
  });

  it('with starttls required, a server that hides STARTTLS gets no mail (and no password in clear text)', async () => {
    const before = plain.mails.length;
    const t = smtpTransport(
      parseSmtpEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(plain.port), SMTP_USER: 'mailer', SMTP_PASSWORD: 'x' }),
      'a@b.c',
    );
    await expect(t.send(MAIL)).rejects.toThrow();
    await t.close!();
    expect(plain.mails.length).toBe(before);
    // a relay on the same machine without TLS, when asked for explicitly
    const none = smtpTransport(parseSmtpEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(plain.port), SMTP_TLS: 'none' }), 'a@b.c');
    await none.send(MAIL);
    await none.close!();
    expect(plain.mails.length).toBe(before + 1);
    expect(plain.mails.at(-1)!.secure).toBe(false);
  });

  it('a real-length unsubscribe link survives header folding intact', async () => {
    const url = `https://weights.example.org/api/unsubscribe/${'0123456789abcdef'.repeat(2)}d.${'A'.repeat(27)}`;
    const t = smtpTransport(
      parseSmtpEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(implicit.port), SMTP_TLS: 'implicit', SMTP_CA_FILE: cert.certFile }),
      'a@b.c',
    );
    await t.send({ ...MAIL, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    await t.close!();
    const m = implicit.mails.at(-1)!;
    const unfolded = m.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toMatch(new RegExp(`^List-Unsubscribe: <${url.replace(/[.?]/g, '\\$&')}>\r?$`, 'm'));
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });

  it('implicit TLS (port 465 style)', async () => {
    const t = smtpTransport(
      parseSmtpEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(implicit.port), SMTP_TLS: 'implicit', SMTP_CA_FILE: cert.certFile }),
      'a@b.c',
    );
    await t.send(MAIL);
    await t.close!();
    expect(implicit.mails.at(-1)!.secure).toBe(true);
  });

  it('configuration: MAIL_TRANSPORT=smtp needs SMTP_HOST; a user needs a password; the port follows the TLS mode', () => {
    const base = { DATA_DIR: cert.dir, JWT_SECRET: 'x'.repeat(32), MAIL_TRANSPORT: 'smtp' };
    expect(() => loadConfig(base)).toThrow(/SMTP_HOST/);
    expect(() => loadConfig({ ...base, SMTP_HOST: 'mail.example', SMTP_USER: 'u' })).toThrow(/SMTP_PASSWORD/);
    const config = loadConfig({ ...base, SMTP_HOST: 'mail.example', SMTP_TLS: 'implicit', MAIL_FROM: 'Weightwise <hi@app.example>' });
    expect(config.mail).toEqual({ transport: 'smtp', smtp: expect.objectContaining({ host: 'mail.example', port: 465, tls: 'implicit' }) });
    expect(config.mailFrom).toBe('Weightwise <hi@app.example>');
    expect(() => loadConfig({ ...base, SMTP_HOST: 'mail.example', MAIL_FROM: 'x\r\nBcc: all@example.com' })).toThrow(/MAIL_FROM/);
  });
});

describeDb('password reset through SMTP', (ctx) => {
  it('the reset e-mail arrives at the SMTP server', async () => {
    const config = testConfig({
      mail: {
        transport: 'smtp',
        smtp: parseSmtpEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(implicit.port), SMTP_TLS: 'implicit', SMTP_CA_FILE: cert.certFile }),
      },
      mailFrom: 'Weightwise <no-reply@app.example>',
      publicUrl: 'https://app.example',
    });
    const app = createApp({ db: ctx.db, config, clock: ctx.clock, log: ctx.log });
    const u = await register(app);
    const before = implicit.mails.length;
    expect((await call(app, 'POST', '/api/auth/password-reset/request', { body: { email: u.email } })).status).toBe(202);
    await implicit.waitFor(before + 1);
    const m = implicit.mails.at(-1)!;
    expect(m.to).toEqual([u.email]);
    expect(m.parsed.subject).toBe('Reset your password');
    expect(m.parsed.text).toMatch(/https:\/\/app\.example\/reset-password#token=[a-z2-7]+/);
  });
});
