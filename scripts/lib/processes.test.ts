import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './apps';

/**
 * Runs the supervised pair until `runAll` gives up (or `ms` passes); its output and exit code. `startupMs` is the
 * window in which an exit counts as a failed start: a crash meant to fall inside it is given seconds of room, as a
 * busy machine may take that long to start Node.
 */
function supervise(crashAfterMs: number, startupMs: number, ms = 20_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/lib/fixtures/supervised.ts')], {
    cwd: ROOT,
    env: { ...process.env, CRASH_AFTER_MS: String(crashAfterMs), STARTUP_MS: String(startupMs), NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => (clearTimeout(timer), resolve({ code, output }))),
  );
}

const count = (text: string, line: RegExp) => text.split('\n').filter((l) => line.test(l)).length;

it('starts a server that crashed once it was up again, and gives up on one that keeps crashing', async () => {
  const { code, output } = await supervise(600, 300);
  // up, crashed and started again twice (the most allowed in the window), then the third crash stops both
  expect(count(output, /flaky.*│ flaky up/)).toBe(3);
  expect(count(output, /flaky.*│ starting it again/)).toBe(2);
  expect(count(output, /steady.*│ steady up/)).toBe(1);
  expect(code).toBe(1);
}, 30_000);

it('stops every server when one fails while starting', async () => {
  const { code, output } = await supervise(0, 8_000);
  expect(count(output, /flaky.*│ flaky up/)).toBe(1);
  expect(output).not.toContain('starting it again');
  expect(code).toBe(1);
}, 30_000);
