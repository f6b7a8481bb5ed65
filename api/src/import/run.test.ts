import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PARSE_STOPPED, parseInWorker } from './run.js';

const dir = mkdtempSync(path.join(tmpdir(), 'import-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const options = { tomorrow: '2026-12-31', timeZone: 'UTC', unit: 'kg' as const };
function file(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe('parsing in a worker thread', () => {
  it('a parse that goes quiet for longer than the limit, or that its caller stops, ends; the next file is read as usual', async () => {
    const small = file('small.csv', 'date,weight\n2024-01-01,80.5\n2024-01-02,80.1\n');
    // the thread is started first, so the limit below measures the parse alone
    const first = await parseInWorker({ path: small, options }, () => {});
    expect(first).toMatchObject({ ok: true });

    // nearly 5 MB of rows: read at once, then a second or more of parsing with no progress to report
    const rows: string[] = ['date,time,weight,notes'];
    for (let d = 0; rows.length < 145_000; d++)
      rows.push(
        `${new Date(Date.UTC(1990, 0, 1 + (d % 12_000))).toISOString().slice(0, 10)},07:${String(d % 60).padStart(2, '0')},${(70 + (d % 200) / 10).toFixed(1)},note ${d}`,
      );
    const big = file('big.csv', `${rows.join('\n')}\n`);
    const stopped = await parseInWorker({ path: big, options }, () => {}, { idleLimitMs: 100 });
    expect(stopped).toEqual({ ok: false, message: PARSE_STOPPED });

    // the caller's own reason to stop (another upload by the same person) ends it the same way
    const replaced = new AbortController();
    const parse = parseInWorker({ path: big, options }, () => {}, { signal: replaced.signal });
    setTimeout(() => replaced.abort(), 50);
    expect(await parse).toEqual({ ok: false, message: PARSE_STOPPED });

    const after = await parseInWorker({ path: small, options }, () => {});
    expect(after).toMatchObject({ ok: true, summary: { counts: { rows: 2, rejected: 0 } } });

    // a file waiting for the thread behind another person's long one (one thread on a 2-core machine) is not
    // stopped for the wait: the limit runs from its own start
    const long = parseInWorker({ path: big, options }, () => {});
    const queued = await parseInWorker({ path: small, options }, () => {}, { idleLimitMs: 300 });
    expect(queued).toMatchObject({ ok: true, summary: { counts: { rows: 2 } } });
    expect(await long).toMatchObject({ ok: true });
  }, 60_000);
});
