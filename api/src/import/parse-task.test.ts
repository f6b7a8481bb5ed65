import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import parseTask from './parse-task.js';

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const dir = mkdtempSync(join(tmpdir(), 'parse-task-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('reads back the longest history an account can hold, an entry every day since 1900', async () => {
  const lines = ['date,weight_kg,notes'];
  let days = 0;
  for (let d = '1900-01-01'; d <= '2026-11-30'; d = nextDay(d), days++) lines.push(`${d},${(70 + (days % 100) / 10).toFixed(1)},`);
  const path = join(dir, 'export.csv');
  writeFileSync(path, lines.join('\n'));
  const result = await parseTask({ path, options: { tomorrow: '2026-12-01', timeZone: 'UTC', unit: 'kg' } });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(days).toBeGreaterThan(46_000);
  expect(result.summary.counts).toMatchObject({ rows: days, rejected: 0 });
}, 60_000);
