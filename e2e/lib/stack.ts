import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { E2E } from './ports';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up: ${last}`);
}

/** Spawns a process in its own group so teardown can stop it and every child it started. */
export function spawnGroup(command: string, args: string[], env: Record<string, string>, log: string): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: 'pipe' });
  const prefix = (line: string) => `[${log}] ${line}\n`;
  const forward = (chunk: Buffer) => {
    if (process.env.E2E_VERBOSE) for (const line of chunk.toString().split('\n')) if (line) process.stdout.write(prefix(line));
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk.toString().trimEnd())));
  return child;
}

export function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
      resolve();
    }, 8000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** Serves one remote's dist/ exactly as `npm start` does; tests stop and restart it at will. */
export function startRemoteServer(key: string): ChildProcess {
  return spawnGroup(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts/serve-remote.ts'), `mf-${key}`, String(E2E.remotes[key])],
    {},
    `mf-${key}`,
  );
}
