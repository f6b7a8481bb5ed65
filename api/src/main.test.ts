import { expect, it } from 'vitest';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess, type ApiProcess } from './test/api-process.js';

it('main.ts starts on an empty DATA_DIR, migrates, serves, and exits 0 on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-main-'));
  let api: ApiProcess | undefined;
  try {
    api = await startApiProcess({ DATABASE_URL: '', DATA_DIR: dataDir });
    const { child, port } = api;
    expect(api.output()).toContain(`API listening on http://127.0.0.1:${port}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
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
    expect(await api.exited).toBe(0);
  } finally {
    api?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
