import { expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './password.js';
import { PRODUCTION_ARGON2, loadConfig } from '../config.js';

it('hashPassword uses argon2id m=19456 t=2 p=1 by default; the same password hashes differently twice', async () => {
  const a = await hashPassword('correct horse battery staple');
  const b = await hashPassword('correct horse battery staple');
  expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(a).not.toBe(b);
  expect(await verifyPassword(a, 'correct horse battery staple')).toBe(true);
  expect(await verifyPassword(a, 'correct horse battery stapl')).toBe(false);
  expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
});

it('the default config uses the production argon2 parameters', () => {
  const c = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) } as NodeJS.ProcessEnv);
  expect(c.argon2).toEqual(PRODUCTION_ARGON2);
  expect(PRODUCTION_ARGON2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
});

it('ships a list of a few thousand common passwords, compared case-insensitively', () => {
  expect(isCommonPassword('password123')).toBe(true);
  expect(isCommonPassword('PASSWORD123')).toBe(true);
  expect(isCommonPassword('qwertyuiop')).toBe(true);
  expect(isCommonPassword('1q2w3e4r5t')).toBe(true);
  expect(isCommonPassword('michael1990')).toBe(true);
  expect(isCommonPassword('plum-Tractor-9-orbit')).toBe(false);
});
