import { expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, MAIL_OFF_IN_PRODUCTION, REPO_ROOT } from './config.js';
import { QUEUE_PER_RUNNING } from './auth/password-work.js';

it('refuses to start in production without a JWT secret of >= 32 bytes', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' } as NodeJS.ProcessEnv)).toThrow(/JWT_SECRET/);
  expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' } as NodeJS.ProcessEnv)).toThrow(/32 bytes/);
  const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32), DATA_DIR: '/tmp/x' } as NodeJS.ProcessEnv);
  expect(c.jwtSecret).toBe('s'.repeat(32));
});

it('generates and persists a secret under DATA_DIR outside production; defaults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-config-'));
  const a = loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv);
  const b = loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv);
  expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
  expect(b.jwtSecret).toBe(a.jwtSecret);
  expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(a.jwtSecret);
  expect(a).toMatchObject({ port: 4000, host: '127.0.0.1', trustedProxies: [], cookieSecure: 'auto', apiWorkers: 1 });
  expect(a.databaseUrl).toBeUndefined();
});

it('DATA_DIR defaults to .data at the repo root; ALLOWED_ORIGINS never holds null or *', () => {
  expect(REPO_ROOT.endsWith('/main') || REPO_ROOT.length > 1).toBe(true);
  const c = loadConfig({
    JWT_SECRET: 'k'.repeat(40),
    ALLOWED_ORIGINS: 'http://a.example, null,*,https://b.example/',
    TRUST_PROXY: 'true',
  } as NodeJS.ProcessEnv);
  expect(c.dataDir).toBe(join(REPO_ROOT, '.data'));
  expect(c.allowedOrigins).toEqual(['http://a.example', 'https://b.example']);
  expect(c.trustedProxies).toEqual(['127.0.0.0/8', '::1/128']);
  expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'k'.repeat(40) } as NodeJS.ProcessEnv)).toThrow();
});

it('mail is printed to the console outside production, or when asked for; in production, unset means none, said at start', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32), DATA_DIR: '/tmp/x' } as NodeJS.ProcessEnv;
  const unset = loadConfig(production);
  expect(unset.mail).toEqual({ transport: 'none' });
  expect(unset.mailOff).toBe(MAIL_OFF_IN_PRODUCTION);
  expect(unset.mailOff).toContain('MAIL_TRANSPORT=smtp');
  const asked = loadConfig({ ...production, MAIL_TRANSPORT: 'console' });
  expect(asked.mail).toEqual({ transport: 'console' });
  expect(asked.mailOff).toBeUndefined();
  expect(loadConfig({ ...production, MAIL_TRANSPORT: 'none' }).mailOff).toBeUndefined();
  const dev = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'api-config-')) } as NodeJS.ProcessEnv);
  expect(dev.mail).toEqual({ transport: 'console' });
  expect(dev.mailOff).toBeUndefined();
});

it('login limits and password checks at once: defaults, and what the environment sets', () => {
  const env = { JWT_SECRET: 'k'.repeat(40), DATA_DIR: '/tmp/x' } as NodeJS.ProcessEnv;
  const c = loadConfig(env);
  expect(c.rateLimits).toMatchObject({
    loginPerEmail: { limit: 5, windowSeconds: 900 },
    loginPerAccount: { limit: 100, windowSeconds: 900 },
  });
  expect(c.passwordWork!.concurrency).toBeGreaterThanOrEqual(1);
  expect(c.passwordWork!.queue).toBe(QUEUE_PER_RUNNING * c.passwordWork!.concurrency);
  const set = loadConfig({
    ...env,
    LOGIN_LIMIT_PER_ACCOUNT: '500',
    PASSWORD_HASH_CONCURRENCY: '3',
    PASSWORD_HASH_QUEUE: '7',
  });
  expect(set.rateLimits.loginPerAccount.limit).toBe(500);
  expect(set.passwordWork).toEqual({ concurrency: 3, queue: 7 });
});
