import { expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
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
  // typed with a fullwidth keyboard it is hashed as the same password
  expect(isCommonPassword('ｐａｓｓｗｏｒｄ１２３')).toBe(true);
});

it('a password is the same however its accents were typed (one character or a letter and a mark); older hashes still match', async () => {
  const fast = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  const composed = 'caf\u00e9-cr\u00e8me-br\u00fbl\u00e9e';
  const decomposed = composed.normalize('NFD');
  expect(decomposed).not.toBe(composed);
  const h = await hashPassword(decomposed, fast);
  expect(await verifyPassword(h, composed)).toBe(true);
  expect(await verifyPassword(h, decomposed)).toBe(true);
  expect(await verifyPassword(h, 'cafe-creme-brulee')).toBe(false);
  // a hash of the text as typed, before passwords were normalised, still opens with that text
  const old = await hash(decomposed, { algorithm: 2, ...fast });
  expect(await verifyPassword(old, decomposed)).toBe(true);
});
