// Every server of the product, started on a port that is already taken, says so and how to choose another,
// and exits 1 (no unhandled 'error' event, no stack trace).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from './lib/apps';

let blocker: net.Server;
let port: number;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taken-port-'));

beforeAll(async () => {
  blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  port = (blocker.address() as net.AddressInfo).port;
});
afterAll(() => {
  blocker.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

it('the API names API_PORT', async () => {
  const { code, output } = await run('api/src/main.ts', [], { API_PORT: String(port) });
  expect(code).toBe(1);
  expect(output).toContain(`API cannot start: port ${port} (127.0.0.1:${port}) is already in use`);
  expect(output).toContain(`API_PORT=${port + 100}`);
  expect(output).not.toMatch(/at .*\.ts:\d+|Unhandled 'error' event/);
}, 60_000);

it('the shell names SHELL_PORT', async () => {
  const { code, output } = await run('shell/server/main.ts', [], { SHELL_PORT: String(port) });
  expect(code).toBe(1);
  expect(output).toContain(`shell cannot start: port ${port}`);
  expect(output).toContain(`SHELL_PORT=${port + 100}`);
  expect(output).not.toMatch(/at .*\.ts:\d+|Unhandled 'error' event/);
}, 30_000);

it("a remote's server names its MF_<KEY>_PORT", async () => {
  const { code, output } = await run('scripts/serve-remote.ts', ['mf-overview', String(port)], {});
  expect(code).toBe(1);
  expect(output).toContain(`mf-overview cannot start: port ${port}`);
  expect(output).toContain(`MF_OVERVIEW_PORT=${port + 100}`);
  expect(output).not.toMatch(/at .*\.ts:\d+|Unhandled 'error' event/);
}, 30_000);
