// Where the machine's CPU went during one measurement: the API's processes, PostgreSQL's, the load generator and
// the rest, read from /proc (Linux), in cores (2.0 = both cores of this machine busy for the whole window).
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DB_NAME, ROOT } from './common.js';

export type CpuGroup = 'api' | 'postgres' | 'loadgen' | 'other';
export interface CpuShares {
  /** Busy cores by group over the window, the load generator's as measured inside it. */
  api: number;
  postgres: number;
  loadgen: number;
  other: number;
  idle: number;
  cores: number;
}

const TICK_S = 0.01; // USER_HZ is 100 on Linux

// this checkout's API (other checkouts' test runs on the same machine count as other), and the bench database's
// backends with the server's own background processes
const API_MAIN = path.join(ROOT, 'api/src/main.ts');
const PG_BACKEND = new RegExp(`^postgres: (\\d+/main: )?\\S+ ${BENCH_DB_NAME} `);
const PG_SHARED =
  /^postgres: (\d+\/main: )?(checkpointer|background writer|walwriter|autovacuum|logical replication launcher|stats collector)/;

function groupOf(pid: string): CpuGroup | undefined {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    if (cmd.includes('cannon-runner')) return 'loadgen';
    if (cmd.includes(API_MAIN)) return 'api';
    if (PG_BACKEND.test(cmd) || PG_SHARED.test(cmd)) return 'postgres';
    return 'other';
  } catch {
    return undefined;
  }
}

export interface CpuSnapshot {
  machine: { busy: number; idle: number };
  procs: Map<string, { group: CpuGroup; ticks: number }>;
}

export function cpuSnapshot(): CpuSnapshot {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  const busy = line.slice(0, 8).reduce((a, b) => a + b, 0) - idle;
  const procs = new Map<string, { group: CpuGroup; ticks: number }>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(f[11]) + Number(f[12]); // utime, stime
      const group = groupOf(pid);
      if (group) procs.set(pid, { group, ticks });
    } catch {
      /* the process ended */
    }
  }
  return { machine: { busy, idle }, procs };
}

/**
 * Shares between two snapshots taken around a measurement of `seconds` (the load generator's start and exit around
 * it cost next to nothing); `loadgenSeconds` is the CPU time the load generator reported for itself.
 */
export function cpuShares(a: CpuSnapshot, b: CpuSnapshot, seconds: number, loadgenSeconds: number): CpuShares {
  const by: Record<CpuGroup, number> = { api: 0, postgres: 0, loadgen: 0, other: 0 };
  for (const [pid, p] of b.procs) {
    if (p.group === 'loadgen') continue;
    by[p.group] += (p.ticks - (a.procs.get(pid)?.ticks ?? 0)) * TICK_S;
  }
  const cores = os.cpus().length;
  const busy = Math.min(cores, ((b.machine.busy - a.machine.busy) * TICK_S) / seconds);
  const api = by.api / seconds;
  const postgres = by.postgres / seconds;
  const loadgen = loadgenSeconds / seconds;
  return { api, postgres, loadgen, other: Math.max(0, busy - api - postgres - loadgen), idle: Math.max(0, cores - busy), cores };
}
