/** The API as deployed, in its own process, for tests that need a real server: crashes, signals, event-loop load. */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type ApiProcess = {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Settles with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<number | null>;
  port: number;
  /** http://127.0.0.1:port/api */
  base: string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
};

/**
 * Starts src/main.ts with `env` on API_PORT=0 and resolves once it says where it listens. A port chosen by the
 * system, because fixed or random ports in the ephemeral range collide with other processes' connections.
 */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 40_000): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env, API_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the API did not start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
      const onData = () => {
        const m = /API listening on http:\/\/[^:\s]+:(\d+)/.exec(out);
        if (!m) return;
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(Number(m[1]));
      };
      child.stdout.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the API exited with ${code} before listening:\n${out}`));
      });
    });
    return { child, exited, port, base: `http://127.0.0.1:${port}/api`, output: () => out };
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
}
