// Shared helpers for the benchmarks: paths, the bench database, child processes, statistics.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { stopGroup, waitForUrl as waitForStackUrl } from '../../e2e/lib/stack';

export const BENCH_DIR = path.resolve(import.meta.dirname, '..');
export const ROOT = path.resolve(BENCH_DIR, '..');

/** The dedicated benchmark database (created if missing). Only ever on loopback. */
export const BENCH_DB_NAME = process.env.BENCH_DB_NAME ?? 'weight_bench';
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${BENCH_DB_NAME}`;

/** Every bench user shares this password (one argon2 hash, computed once). */
export const BENCH_PASSWORD = 'bench-password-2024!';
export const LONG_USER_EMAIL = 'bench-user-10y@example.com';
export const userEmail = (i: number) => `bench-user-${String(i).padStart(4, '0')}@example.com`;

/** A fixed JWT secret for the bench API processes (the bench database holds only synthetic users). */
export const BENCH_JWT_SECRET = 'bench-only-secret-0123456789abcdef0123456789abcdef';

export { median, percentile } from './stats';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** yyyy-MM-dd of today + offset days (local calendar, like the app). */
export function day(offset = 0, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function yearsAgo(years: number): string {
  const d = new Date();
  return day(0, new Date(d.getFullYear() - years, d.getMonth(), d.getDate()));
}

/** Waits for a loopback URL to answer 2xx (the bench never sends traffic elsewhere). */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`refusing non-loopback URL ${url}`);
  await waitForStackUrl(url, timeoutMs);
}

export interface Child {
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Spawns a process in its own process group; stop() sends SIGTERM to that group, SIGKILL after 8 s. */
export function spawnChild(command: string, args: string[], env: Record<string, string> = {}, name = 'child'): Child {
  const proc = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
    if (process.env.BENCH_VERBOSE) process.stderr.write(`[${name}] ${chunk}`);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const stop = () => stopGroup(proc);
  return { proc, output: () => out, stop };
}

/** Node with tsx loaded in-process, as scripts/lib/processes.ts does for `npm start`. */
export const tsNodeArgs = (script: string, args: string[] = []) => ['--import', 'tsx', script, ...args];

export function isMain(metaUrl: string): boolean {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(metaUrl).pathname);
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), `|${headers.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}
