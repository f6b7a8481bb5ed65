import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** A 5 MiB export: 20,000 days with notes, padded with more readings of one day. */
function bigCsv(): Blob {
  const lines = ['date,weight_kg,notes'];
  const start = Date.UTC(1970, 0, 1);
  for (let i = 0; i < 20_000; i++)
    lines.push(
      `${new Date(start + i * 86_400_000).toISOString().slice(0, 10)},${(70 + (i % 100) / 10).toFixed(1)},"${'note '.repeat(45)}"`,
    );
  let text = lines.join('\n');
  const pad = `\n${lines[1]}`;
  text += pad.repeat(Math.ceil((5 * 1024 * 1024 - 10_000 - text.length) / pad.length));
  return new Blob([text], { type: 'text/csv' });
}

// The API runs in its own process, as deployed: the test's own work (reading three 5 MB answers) must not count.
it('three parallel 5 MiB imports leave health checks answered within milliseconds', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-preview-'));
  const port = 43000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('API listening') && resolve());
      child.on('exit', (code) => reject(new Error(`API exited ${code}`)));
    });
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
    const file = bigCsv();
    expect(file.size).toBeGreaterThan(4.9 * 1024 * 1024);
    // upload, then follow the import until its preview is ready; only the bytes are read here, as parsing
    // three answers in this process would stall its own probe
    const preview = async (accessToken: string) => {
      const auth = { authorization: `Bearer ${accessToken}` };
      const form = new FormData();
      form.set('file', file, 'big.csv');
      const started = (await (await fetch(`${base}/imports`, { method: 'POST', headers: auth, body: form })).json()) as { id: string };
      for (;;) {
        const res = await fetch(`${base}/imports/${started.id}`, { headers: auth });
        const bytes = await res.arrayBuffer();
        if (!new TextDecoder().decode(bytes.slice(0, 200)).includes('"status":"parsing"')) return { status: res.status, bytes };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // warm the worker threads, as a running server has them after its first import
    expect((await preview(tokens[0]!)).status).toBe(200);

    const latencies: number[] = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const t = performance.now();
        const r = await fetch(`${base}/health/live`);
        await r.arrayBuffer();
        latencies.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const results = await Promise.all(tokens.map(preview));
    running = false;
    await probe;
    for (const r of results) {
      const body = JSON.parse(new TextDecoder().decode(r.bytes)) as { status: string; preview: { counts: { rows: number } } };
      expect(body, JSON.stringify(body).slice(0, 300)).toMatchObject({ status: 'ready' });
      expect(body.preview.counts.rows).toBe(20_000);
    }
    latencies.sort((a, b) => a - b);
    const worst = latencies[latencies.length - 1]!;
    console.info(
      `health during 3 imports: ${latencies.length} probes, median ${latencies[latencies.length >> 1]!.toFixed(1)} ms, worst ${worst.toFixed(1)} ms`,
    );
    // parsing on the event loop made the worst probe wait ~1.5 s; here ~25 ms. The bound leaves room for a CI
    // machine running other suites on both cores at once.
    expect(worst).toBeLessThan(100);
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
