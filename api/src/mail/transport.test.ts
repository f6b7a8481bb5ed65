import { expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleTransport, createMailTransport, fileTransport, noneTransport } from './transport.js';

const MAIL = { to: 'ada@example.com', subject: 'Reset your password', text: 'http://localhost:3000/reset-password#token=abc' };

it('console transport prints the whole e-mail', async () => {
  const out: string[] = [];
  await consoleTransport((t) => out.push(t)).send(MAIL);
  expect(out.join('')).toContain('To: ada@example.com');
  expect(out.join('')).toContain('Subject: Reset your password');
  expect(out.join('')).toContain(MAIL.text);
});

it('file transport appends one JSON line per mail', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'mail-')), 'mail.jsonl');
  const t = fileTransport(file);
  await t.send(MAIL);
  await t.send({ ...MAIL, to: 'bob@example.com' });
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines).toEqual([MAIL, { ...MAIL, to: 'bob@example.com' }]);
});

it('picks the transport from config, console by default', () => {
  expect(createMailTransport({ transport: 'none' })).toBe(noneTransport);
  expect(createMailTransport(undefined)).not.toBe(noneTransport);
});
