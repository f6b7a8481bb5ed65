import { spawn, type ChildProcess } from 'node:child_process';

export interface ProcSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: Record<string, string>;
}

const COLOURS = [36, 35, 33, 32, 34, 31, 96];

export interface RunOptions {
  /** A server that exits while starting (its port taken, say) stops the rest: half a product is not one. */
  exitWhenAnyExits?: boolean;
  /** How long a server must have run for its exit to count as a crash, restarted, rather than a failed start. */
  startupMs?: number;
  /** Crashes allowed within `crashWindowMs` before giving up on the whole product. */
  maxCrashes?: number;
  crashWindowMs?: number;
}

/**
 * Runs several long-lived processes in one terminal with prefixed output, and stops all of them
 * together on Ctrl-C or SIGTERM (children get SIGTERM, then SIGKILL after a grace period).
 * A server that dies once it has been up is started again, so one fault takes down one server for a moment
 * rather than every screen until someone notices; one that keeps dying stops the rest.
 */
export function runAll(specs: ProcSpec[], opts: RunOptions = {}) {
  const { startupMs = 10_000, maxCrashes = 5, crashWindowMs = 60_000 } = opts;
  const children: ChildProcess[] = [];
  let stopping = false;
  const width = Math.max(...specs.map((s) => s.name.length));

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const deadline = setTimeout(() => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      process.exit(code);
    }, 8000);
    deadline.unref();
    Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(
      () => process.exit(code),
    );
  };

  const start = (spec: ProcSpec, i: number, crashes: number[]) => {
    const prefix = `\x1b[${COLOURS[i % COLOURS.length]}m${spec.name.padEnd(width)}\x1b[0m │ `;
    const startedAt = Date.now();
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, FORCE_COLOR: '1', ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children[i] = child;
    const pipe = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let buffer = '';
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) out.write(prefix + line + '\n');
      });
    };
    pipe(child.stdout!, process.stdout);
    pipe(child.stderr!, process.stderr);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      process.stderr.write(`${prefix}exited (${signal ?? code})\n`);
      const now = Date.now();
      const recent = [...crashes.filter((t) => now - t < crashWindowMs), now];
      if (now - startedAt >= startupMs && recent.length <= maxCrashes) {
        process.stderr.write(`${prefix}starting it again\n`);
        start(spec, i, recent);
      } else if (opts.exitWhenAnyExits) stopAll(code || 1);
    });
  };
  specs.forEach((spec, i) => start(spec, i, []));

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0));
  return { children, stopAll };
}

/** Node with tsx loaded in-process (no wrapper process), so signals reach the server itself. */
export function tsNode(script: string, args: string[] = []): Pick<ProcSpec, 'command' | 'args'> {
  return { command: process.execPath, args: ['--import', 'tsx', script, ...args] };
}

export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
