import { defineConfig } from 'vitest/config';

// The API suite through nginx, run by `npm run topology` against the stack it started (not part of `npm test`).
export default defineConfig({
  test: {
    name: 'topology',
    root: import.meta.dirname,
    include: ['tests/**/*.topology.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
  },
});
