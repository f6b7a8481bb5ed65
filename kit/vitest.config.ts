import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'kit',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test/setup.ts'],
    // pure functions, and tests that render with a store of their own: the files share one worker's modules instead of
    // loading them again per file, which made up most of the suite's time (run three times, once per time zone)
    isolate: false,
  },
});
