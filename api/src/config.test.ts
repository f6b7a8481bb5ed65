import { expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, REPO_ROOT } from './config.js';

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
