import { expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it('main.ts starts on an empty DATA_DIR, migrates, serves, and exits 0 on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-main-'));
  const port = 41000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  try {
    const deadline = Date.now() + 40_000;
    while (!out.includes('API listening on') && Date.now() < deadline && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain(`API listening on http://127.0.0.1:${port}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    const code = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    // a request in flight while SIGTERM arrives (its body half sent) still gets its answer
    const inflight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', headers: { 'Content-Type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('{"email":"nobody@example.com",');
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end('"password":"not-the-password"}'), 300);
      }, 300);
    });
    expect(await inflight).toBe(401);
    expect(await code).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
