import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** kit's date logic must hold wherever the user is: its suite runs under three time zones. */
const TIME_ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Auckland'];

// One `npm test` runs every workspace's own suite; the browser suite (e2e/) has its own config.
export default defineConfig({
  test: {
    // vitest's default is one worker per core but one: on two cores, every file one after another. The suites mostly
    // wait (databases, servers, timers), so at least two run at once: a third less time on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...TIME_ZONES.map((tz) => ({
        extends: './kit/vitest.config.ts',
        test: { name: `kit ${tz}`, root: './kit', env: { TZ: tz } },
      })),
      'contract',
      'server-kit',
      'api',
      'shell',
      'mf-auth',
      'mf-overview',
      'mf-analytics',
      'mf-settings',
      'scripts',
      'bench',
    ],
  },
});
