import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startApiProcess } from '../test/api-process.js';
import { writeZip } from './testing/zip.js';

/**
 * Uploads a file from a process of its own, as a browser would, and answers the API's JSON: the test's own loop
 * only probes and polls, so copying the upload in this process is never counted as the API's stall.
 */
function uploadInChild(url: string, authorization: string, file: string, name: string, type: string): Promise<string> {
  const script = `(async () => {
    const form = new FormData();
    form.set('file', await require('node:fs').openAsBlob(process.env.FILE, { type: process.env.TYPE }), process.env.NAME);
    const res = await fetch(process.env.URL, { method: 'POST', headers: { authorization: process.env.AUTH }, body: form });
    process.stdout.write(await res.text());
  })()`;
  return new Promise<string>((resolve, reject) => {
    const c = spawn(process.execPath, ['-e', script], {
      env: { ...process.env, FILE: file, NAME: name, TYPE: type, URL: url, AUTH: authorization },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`upload exited ${code}`))));
  });
}

/** A 5 MiB export: 20,000 days with notes, padded with more readings of one day. */
function bigCsv(): string {
  const lines = ['date,weight_kg,notes'];
  const start = Date.UTC(1970, 0, 1);
  for (let i = 0; i < 20_000; i++)
    lines.push(
      `${new Date(start + i * 86_400_000).toISOString().slice(0, 10)},${(70 + (i % 100) / 10).toFixed(1)},"${'note '.repeat(45)}"`,
    );
  let text = lines.join('\n');
  const pad = `\n${lines[1]}`;
  text += pad.repeat(Math.ceil((5 * 1024 * 1024 - 10_000 - text.length) / pad.length));
  return text;
}

// The API runs in its own process, as deployed: the test's own work (sending three 5 MB files) must not count.
it('three parallel 5 MiB imports are read while health checks go on being answered', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-preview-'));
  const api = await startApiProcess({ DATABASE_URL: '', DATA_DIR: dataDir });
  const { child, base } = api;
  try {
    // three people importing at once (one person has one import at a time)
    const tokens = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const reg = await fetch(`${base}/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Big',
            lastName: 'File',
            email: `big.file.${n}@example.com`,
            password: 'plum-Tractor-9-orbit',
          }),
        });
        return ((await reg.json()) as { accessToken: string }).accessToken;
      }),
    );
    const file = join(dataDir, 'big.csv');
    writeFileSync(file, bigCsv());
    expect(statSync(file).size).toBeGreaterThan(4.9 * 1024 * 1024);
    // upload, then follow the import until its preview is ready; only the bytes are read here, as parsing
    // three answers in this process would stall its own probe
    const preview = async (accessToken: string) => {
      const auth = { authorization: `Bearer ${accessToken}` };
      const started = JSON.parse(await uploadInChild(`${base}/imports`, auth.authorization, file, 'big.csv', 'text/csv')) as { id: string };
      for (;;) {
        const res = await fetch(`${base}/imports/${started.id}`, { headers: auth });
        const bytes = await res.arrayBuffer();
        if (!new TextDecoder().decode(bytes.slice(0, 200)).includes('"status":"parsing"')) return { status: res.status, bytes };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // warm the worker threads, as a running server has them after its first import
    expect((await preview(tokens[0]!)).status).toBe(200);

    const statuses: number[] = [];
    let reading = 0;
    let duringParse = 0;
    let running = true;
    const probe = (async () => {
      while (running) {
        const r = await fetch(`${base}/health/live`);
        await r.arrayBuffer();
        statuses.push(r.status);
        if (reading === 3) duringParse++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const results = await Promise.all(
      tokens.map(async (token) => {
        reading++;
        const result = await preview(token);
        reading--;
        return result;
      }),
    );
    running = false;
    await probe;
    for (const r of results) {
      const body = JSON.parse(new TextDecoder().decode(r.bytes)) as { status: string; preview: { counts: { rows: number } } };
      expect(body, JSON.stringify(body).slice(0, 300)).toMatchObject({ status: 'ready' });
      expect(body.preview.counts.rows).toBe(20_000);
    }
    // every probe answered, and answered all along (how fast is a figure of the bench: bench/import-memory.ts)
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(duringParse).toBeGreaterThan(0);
    console.info(`health during 3 imports: ${statuses.length} probes, ${duringParse} while all three were being read`);
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);

/** An Apple Health export.xml of `n` step samples around a few hundred weights (generated as it is zipped). */
function* appleExport(n: number): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Me,(Record)*)>\n]>\n';
  yield '<HealthData locale="en_GB">\n <ExportDate value="2024-02-05 20:14:33 +0100"/>\n';
  const start = Date.UTC(2023, 0, 1);
  let batch = '';
  for (let i = 0; i < n; i++) {
    const at = new Date(start + i * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    batch +=
      i % 1000 === 0
        ? ` <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="${at} +0000" startDate="${at} +0000" endDate="${at} +0000" value="${(80 + (i % 7) / 10).toFixed(1)}"/>\n`
        : ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" sourceVersion="17.2" unit="count" creationDate="${at} +0000" startDate="${at} +0000" endDate="${at} +0000" value="${i % 997}"/>\n`;
    if (batch.length > 1 << 16) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</HealthData>\n`;
}

it('a 40 MiB Apple Health archive is uploaded and read, its progress shown, while health checks are answered', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-zip-'));
  const zipPath = join(dataDir, 'export.zip');
  // stored, not deflated: the upload itself is large, as real archives are
  const size = await writeZip(zipPath, [{ name: 'apple_health_export/export.xml', data: appleExport(220_000) }], 0);
  expect(size).toBeGreaterThan(40 * 1024 * 1024);
  const api = await startApiProcess({ DATABASE_URL: '', DATA_DIR: dataDir });
  const { child, base } = api;
  try {
    const reg = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Zip', lastName: 'File', email: 'zip.file@example.com', password: 'plum-Tractor-9-orbit' }),
    });
    const auth = { authorization: `Bearer ${((await reg.json()) as { accessToken: string }).accessToken}` };
    const importOnce = async () => {
      const started = JSON.parse(await uploadInChild(`${base}/imports`, auth.authorization, zipPath, 'export.zip', 'application/zip')) as {
        id: string;
      };
      const seen: number[] = [];
      for (;;) {
        const r = (await (await fetch(`${base}/imports/${started.id}`, { headers: auth })).json()) as {
          status: string;
          bytesRead: number;
          preview: { counts: { rows: number } } | null;
        };
        seen.push(r.bytesRead);
        if (r.status !== 'parsing') return { ...r, seen };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await importOnce(); // warm the worker thread

    const statuses: number[] = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const r = await fetch(`${base}/health/live`);
        await r.arrayBuffer();
        statuses.push(r.status);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const result = await importOnce();
    running = false;
    await probe;
    expect(result.status).toBe('ready');
    expect(result.preview!.counts.rows).toBe(153); // one weight a 1,000 minutes: 220 readings on 153 days
    // every probe answered while the archive was read (how fast is a figure of the bench: bench/import-memory.ts)
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
